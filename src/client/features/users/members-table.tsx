import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { TOrganizationMember } from '../../../shared/domain/users';
import type { TPlatform } from '../../../shared/platform';
import { isOrganizationRole } from '../../../shared/roles';
import { relativeTime } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';
import { Button } from '../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { type PendingRoleChange, ResetLinkDialog, RoleChangeDialog, needsConfirmation } from './confirm-dialogs';
import { MemberStatusDialog, type StatusChange } from './member-status-dialog';
import type { UserActions } from './use-user-actions';
import { roleChoices, statusLabel } from './user-helpers';

const fullName = (m: TOrganizationMember) => `${m.firstName} ${m.lastName}`.trim();

/** Members of every status: role can be changed in place; deactivation and reactivation are confirmed. */
export function MembersTable({
  members,
  actions,
  platform,
  selfId,
  mailServer,
}: {
  members: readonly TOrganizationMember[];
  actions: UserActions;
  platform: TPlatform;
  selfId: string | null;
  /** Whether the install e-mails the reset link, or shows it to pass on (decision 0057). */
  mailServer: boolean;
}) {
  const [change, setChange] = useState<StatusChange | null>(null);
  // Issue 32: a change of what a member may do, and a reset link, are confirmed first.
  const [roleToConfirm, setRoleToConfirm] = useState<PendingRoleChange | null>(null);
  const [resetFor, setResetFor] = useState<TOrganizationMember | null>(null);
  const columns: Column<TOrganizationMember>[] = [
    {
      header: 'Name',
      cell: (m) => (
        <span className="font-medium">
          {fullName(m)}
          {m.id === selfId && <span className="ml-1 text-xs font-normal text-muted-foreground">(you)</span>}
        </span>
      ),
    },
    { header: 'E-mail', cell: (m) => <span className="break-all">{m.email}</span> },
    {
      header: 'Role',
      className: 'min-w-44',
      cell: (m) => (
        <Select
          value={m.role}
          disabled={actions.pendingKey === `member:${m.id}`}
          onValueChange={(role) => {
            if (!isOrganizationRole(role) || role === m.role) return;
            if (needsConfirmation(m.role, role)) setRoleToConfirm({ member: m, role });
            else void actions.changeRole(m.id, role).catch(() => undefined);
          }}
        >
          <SelectTrigger aria-label={`Role of ${fullName(m)}`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {roleChoices(platform, m.role).map((role) => (
              <SelectItem key={role} value={role}>
                {role}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ),
    },
    { header: 'Status', cell: (m) => <StatusBadge value={m.isActive ? statusLabel(m.status) : 'Inactive'} /> },
    { header: 'Last seen', cell: (m) => <span className="text-muted-foreground">{m.lastSeenAt ? relativeTime(m.lastSeenAt) : 'Never'}</span> },
    {
      header: 'Actions',
      className: 'text-right',
      cell: (m) =>
        m.id === selfId ? null : m.status === 'active' ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={actions.pendingKey === `member:${m.id}`}
              onClick={() => setResetFor(m)}
              aria-label={`Send ${fullName(m)} a password reset link`}
            >
              <KeyRound aria-hidden="true" />
              Reset password
            </Button>
            <Button variant="outline" size="sm" onClick={() => setChange({ member: m, to: 'inactive' })} aria-label={`Deactivate ${fullName(m)}`}>
              Deactivate
            </Button>
          </div>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setChange({ member: m, to: 'active' })} aria-label={`Reactivate ${fullName(m)}`}>
            Reactivate
          </Button>
        ),
    },
  ];
  return (
    <>
      <SimpleTable caption="Members of the organisation" columns={columns} rows={members} rowKey={(m) => m.id} stackOnPhone />
      <MemberStatusDialog
        change={change}
        busy={change !== null && actions.pendingKey === `member:${change.member.id}`}
        onClose={() => setChange(null)}
        onConfirm={(c) => {
          const run = c.to === 'inactive' ? actions.deactivate : actions.reactivate;
          run(c.member.id).then(
            () => setChange(null),
            () => setChange(null),
          );
        }}
      />
      <RoleChangeDialog
        pending={roleToConfirm}
        busy={roleToConfirm !== null && actions.pendingKey === `member:${roleToConfirm.member.id}`}
        onClose={() => setRoleToConfirm(null)}
        onConfirm={(p) => {
          actions.changeRole(p.member.id, p.role).then(
            () => setRoleToConfirm(null),
            () => setRoleToConfirm(null),
          );
        }}
      />
      <ResetLinkDialog
        member={resetFor}
        mailServer={mailServer}
        busy={resetFor !== null && actions.pendingKey === `member:${resetFor.id}`}
        onClose={() => setResetFor(null)}
        onConfirm={(member) => {
          void actions.sendReset(member.id, fullName(member)).then(() => setResetFor(null));
        }}
      />
    </>
  );
}
