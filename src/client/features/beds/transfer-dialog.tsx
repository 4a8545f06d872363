import { useEffect, useId, useState } from 'react';
import type { TAdmission } from '../../../shared/domain/admissions';
import type { TBed } from '../../../shared/domain/beds';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import type { AdmissionActions } from './use-admission-actions';

/** Issue 22: move an admitted patient to another Available bed; the bed they leave goes to Cleaning. */
export function TransferDialog({ admission, beds, actions, onClose }: { admission: TAdmission | null; beds: readonly TBed[]; actions: AdmissionActions; onClose: () => void }) {
  const [bedId, setBedId] = useState('');
  const bedField = useId();
  const available = beds.filter((b) => b.status === 'Available' && b.id !== admission?.bedId);
  useEffect(() => setBedId(''), [admission]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!admission || !bedId) return;
    actions.transfer.mutate({ id: admission.id, bedId }, { onSuccess: onClose });
  };

  return (
    <Dialog open={admission !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Transfer {admission?.personName}</DialogTitle>
          <DialogDescription>
            From bed {admission?.bedNumber} ({admission?.ward}). The bed they leave goes to Cleaning until the ward marks it Available.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={bedField}>New bed</Label>
            <Select value={bedId} onValueChange={setBedId}>
              <SelectTrigger id={bedField}>
                <SelectValue placeholder={available.length === 0 ? 'No bed is available' : 'Choose an available bed'} />
              </SelectTrigger>
              <SelectContent>
                {available.map((b) => (
                  <SelectItem key={b.id} value={b.id}>
                    {`Bed ${b.bedNumber} · ${b.ward}`}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!bedId || actions.transfer.isPending}>
              {actions.transfer.isPending ? 'Transferring...' : 'Transfer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
