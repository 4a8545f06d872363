import type { TBed } from '../../../shared/domain/beds';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import type { BedActions } from './use-bed-actions';

/** Releasing a bed discharges its patient from it: asked first, naming the bed and the patient (issue 17). */
export function ReleaseBedDialog({ bed, actions, onClose }: { bed: TBed | null; actions: BedActions; onClose: () => void }) {
  const release = () => {
    if (!bed) return;
    actions.release.mutate({ id: bed.id }, { onSuccess: onClose });
  };
  return (
    <Dialog open={bed !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Release bed {bed?.bedNumber}?</DialogTitle>
          <DialogDescription>
            {bed?.patientId ? `Patient ${bed.patientName ?? bed.patientId} leaves bed ${bed.bedNumber}` : `Bed ${bed?.bedNumber} is freed`} ({bed?.ward}); the bed becomes Available.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={actions.release.isPending} onClick={release}>
            {actions.release.isPending ? 'Releasing...' : 'Release bed'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
