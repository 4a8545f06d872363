import { useEffect, useId, useState } from 'react';
import { TRANSFER_REASON_MAX, type TAdmission } from '../../../shared/domain/admissions';
import type { TBed } from '../../../shared/domain/beds';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import type { AdmissionActions } from './use-admission-actions';

/**
 * Issue 22: move an admitted patient to another Available bed; the bed they leave goes to Cleaning.
 * Issue 31: the beds of a fitting ward first — the same ward, then beds of the same type — and a
 * reason, kept on the case's timeline (a maternity bed was offered to an adult man).
 */
export function TransferDialog({ admission, beds, actions, onClose }: { admission: TAdmission | null; beds: readonly TBed[]; actions: AdmissionActions; onClose: () => void }) {
  const [bedId, setBedId] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const ids = { bed: useId(), reason: useId() };
  const current = beds.find((b) => b.id === admission?.bedId);
  const available = beds.filter((b) => b.status === 'Available' && b.id !== admission?.bedId);
  const fitting = available.filter((b) => b.ward === current?.ward || b.bedType === current?.bedType);
  const others = available.filter((b) => !fitting.includes(b));
  useEffect(() => {
    setBedId('');
    setReason('');
    setTried(false);
  }, [admission]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!admission || !bedId || !reason.trim()) return;
    actions.transfer.mutate({ id: admission.id, bedId, reason: reason.trim() }, { onSuccess: onClose });
  };
  const option = (b: TBed) => (
    <SelectItem key={b.id} value={b.id}>
      {`Bed ${b.bedNumber} · ${b.ward} (${b.bedType})`}
    </SelectItem>
  );

  return (
    <Dialog open={admission !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Transfer {admission?.personName}</DialogTitle>
          <DialogDescription>
            From bed {admission?.bedNumber} ({admission?.ward}). The bed they leave goes to Cleaning until the ward marks it Available.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.bed}>New bed</Label>
            <Select value={bedId} onValueChange={setBedId}>
              <SelectTrigger id={ids.bed} aria-invalid={tried && !bedId}>
                <SelectValue placeholder={available.length === 0 ? 'No bed is available' : 'Choose an available bed'} />
              </SelectTrigger>
              <SelectContent>
                {fitting.length > 0 && (
                  <SelectGroup>
                    <SelectLabel>{`Same ward or ${current?.bedType ?? 'type'} beds`}</SelectLabel>
                    {fitting.map(option)}
                  </SelectGroup>
                )}
                {others.length > 0 && (
                  <SelectGroup>
                    <SelectLabel>Other wards</SelectLabel>
                    {others.map(option)}
                  </SelectGroup>
                )}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.reason}>Reason</Label>
            <Textarea
              id={ids.reason}
              value={reason}
              maxLength={TRANSFER_REASON_MAX}
              rows={3}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. Step-up to ICU: NEWS2 7, needs close monitoring"
              aria-invalid={tried && !reason.trim()}
              aria-describedby={tried && !reason.trim() ? `${ids.reason}-error` : undefined}
            />
            {tried && !reason.trim() && (
              <p id={`${ids.reason}-error`} className="text-sm text-destructive">
                Give the reason for the transfer
              </p>
            )}
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
