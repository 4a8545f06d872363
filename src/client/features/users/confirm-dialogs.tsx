import type { TOrganizationMember } from '../../../shared/domain/users';
import type { TOrganizationRole } from '../../../shared/roles';
import { PASSWORD_RESET_LIFETIME_MINUTES } from '../../../shared/domain/password-reset';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { capabilityWords, roleChange, roleWithArticle } from './role-change';

// Issue 32: a role change that changes what a member may do, and a reset link, are confirmed first,
// naming what changes.

const nameOf = (m: TOrganizationMember) => `${m.firstName} ${m.lastName}`.trim();
const MOST_SHOWN = 6;

function Abilities({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  const shown = items.slice(0, MOST_SHOWN);
  return (
    <div className="grid gap-1 text-sm">
      <p className="font-medium">{label}</p>
      <ul className="list-disc pl-5 text-muted-foreground">
        {shown.map((item) => (
          <li key={item}>{item}</li>
        ))}
        {items.length > shown.length && <li>and {items.length - shown.length} more</li>}
      </ul>
    </div>
  );
}

export interface PendingRoleChange {
  member: TOrganizationMember;
  role: TOrganizationRole;
}

/** Whether changing `from` → `to` changes what the member may do (then it is confirmed). */
export function needsConfirmation(from: string, to: string): boolean {
  const change = roleChange(from, to);
  return change.gains.length > 0 || change.losses.length > 0;
}

export function RoleChangeDialog({
  pending,
  busy,
  onConfirm,
  onClose,
}: {
  pending: PendingRoleChange | null;
  busy: boolean;
  onConfirm: (pending: PendingRoleChange) => void;
  onClose: () => void;
}) {
  const name = pending ? nameOf(pending.member) : '';
  const first = pending?.member.firstName.trim() || name;
  const change = pending ? roleChange(pending.member.role, pending.role) : { gains: [], losses: [] };
  const grants = change.gains.length > 0;
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{pending ? `Make ${name} ${roleWithArticle(pending.role)}?` : ''}</DialogTitle>
          <DialogDescription>
            {pending && grants
              ? `${pending.role} can do more than ${pending.member.role}. The change applies at once.`
              : `${pending?.role ?? ''} can do less than ${pending?.member.role ?? ''}. The change applies at once.`}
          </DialogDescription>
        </DialogHeader>
        <Abilities label={`${first} will be able to:`} items={change.gains.map(capabilityWords)} />
        <Abilities label={`${first} will no longer be able to:`} items={change.losses.map(capabilityWords)} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={busy} onClick={() => pending && onConfirm(pending)}>
            {busy ? 'Changing...' : `Make ${pending?.role ?? ''}`.trim()}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function ResetLinkDialog({
  member,
  mailServer,
  busy,
  onConfirm,
  onClose,
}: {
  member: TOrganizationMember | null;
  mailServer: boolean;
  busy: boolean;
  onConfirm: (member: TOrganizationMember) => void;
  onClose: () => void;
}) {
  const name = member ? nameOf(member) : '';
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{mailServer ? `Send ${name} a password reset link?` : `Create a password reset link for ${name}?`}</DialogTitle>
          <DialogDescription>
            {mailServer
              ? `${member?.email ?? ''} receives an e-mail with a link to choose a new password.`
              : 'No mail server is set up: you are shown the link to copy and give to them yourself.'}{' '}
            {`The link works once, for ${PASSWORD_RESET_LIFETIME_MINUTES} minutes; an earlier link stops working. Their current password keeps working until they use it.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={busy} onClick={() => member && onConfirm(member)}>
            {busy ? 'Working...' : mailServer ? 'Send link' : 'Create link'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
