import type { TInvitation } from '../../../shared/domain/users';
import { formatDateTime } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';
import { Button } from '../../components/ui/button';
import type { UserActions } from './use-user-actions';
import { invitationStateLabel } from './user-helpers';

/** Pending (and expired) invitations can be resent or revoked; accepted and revoked ones are history. */
export function InvitationsTable({ invitations, actions }: { invitations: readonly TInvitation[]; actions: UserActions }) {
  const columns: Column<TInvitation>[] = [
    {
      header: 'E-mail',
      cell: (i) => (
        <div className="grid">
          <span className="font-medium break-all">{i.email}</span>
          {(i.firstName || i.lastName) && <span className="text-xs text-muted-foreground">{[i.firstName, i.lastName].filter(Boolean).join(' ')}</span>}
        </div>
      ),
    },
    { header: 'Role', cell: (i) => i.role },
    { header: 'Status', cell: (i) => <StatusBadge value={invitationStateLabel(i.state)} /> },
    {
      header: 'Expires',
      cell: (i) => (i.state === 'accepted' ? `Accepted ${formatDateTime(i.acceptedAt)}` : i.state === 'revoked' ? '—' : formatDateTime(i.expiresAt)),
    },
    { header: 'Invited by', cell: (i) => i.invitedByName ?? '—' },
    {
      header: 'Actions',
      className: 'text-right',
      cell: (i) => {
        if (i.state !== 'pending' && i.state !== 'expired') return null;
        const busy = actions.pendingKey === `invitation:${i.id}`;
        return (
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" disabled={busy} onClick={() => void actions.resend(i.id, [i.firstName, i.lastName].filter(Boolean).join(' ') || i.email)} aria-label={`Resend invitation to ${i.email}`}>
              Resend
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => void actions.revoke(i.id)} aria-label={`Revoke invitation to ${i.email}`}>
              Revoke
            </Button>
          </div>
        );
      },
    },
  ];
  return <SimpleTable caption="Invitations" columns={columns} rows={invitations} rowKey={(i) => i.id} stackOnPhone />;
}
