import { useEffect, useId, useState } from 'react';
import { PATIENT_ID_MAX, type TBed } from '../../../shared/domain/beds';
import { joinDistinct } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import type { BedActions } from './use-bed-actions';

/** SPEC §2.11: 'Assign Patient to Bed {bed number}' with one Patient ID field. */
export function AssignBedDialog({ bed, actions, onClose }: { bed: TBed | null; actions: BedActions; onClose: () => void }) {
  const [patientId, setPatientId] = useState('');
  const inputId = useId();
  const pending = actions.assign.isPending;

  useEffect(() => {
    if (bed) setPatientId('');
  }, [bed]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!bed || !patientId.trim()) return;
    actions.assign.mutate({ id: bed.id, patientId: patientId.trim() }, { onSuccess: onClose });
  };

  return (
    <Dialog open={bed !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Assign Patient to Bed {bed?.bedNumber}</DialogTitle>
          <DialogDescription>
            {joinDistinct([bed?.ward, bed?.bedType])}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Patient ID</Label>
            <Input
              id={inputId}
              value={patientId}
              maxLength={PATIENT_ID_MAX}
              onChange={(event) => setPatientId(event.target.value)}
              placeholder="Enter patient ID or hospital number"
              autoComplete="off"
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!patientId.trim() || pending}>
              {pending ? 'Assigning...' : 'Assign Patient'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
