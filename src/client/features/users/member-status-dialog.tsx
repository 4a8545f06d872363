import type { TOrganizationMember } from '../../../shared/domain/users';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';

export interface StatusChange {
  member: TOrganizationMember;
  to: 'inactive' | 'active';
}

/** Confirms a deactivation (the member is signed out at once) or a reactivation (it takes a seat). */
export function MemberStatusDialog({
  change,
  busy,
  onConfirm,
  onClose,
}: {
  change: StatusChange | null;
  busy: boolean;
  onConfirm: (change: StatusChange) => void;
  onClose: () => void;
}) {
  const name = change ? `${change.member.firstName} ${change.member.lastName}`.trim() : '';
  const deactivating = change?.to === 'inactive';
  return (
    <Dialog open={change !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}</DialogTitle>
          <DialogDescription>
            {deactivating
              ? `${name} will be signed out at once and can no longer sign in to this organisation. Their records are kept, and you can reactivate them later.`
              : `${name} will be able to sign in again with their current password. They take one of the organisation's seats.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={deactivating ? 'destructive' : 'default'} disabled={busy} onClick={() => change && onConfirm(change)}>
            {busy ? (deactivating ? 'Deactivating...' : 'Reactivating...') : deactivating ? 'Deactivate' : 'Reactivate'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
