import { useEffect, useId, useState } from 'react';
import { DISCHARGE_BED_STATUSES, DISCHARGE_SUMMARY_MAX, type TAdmission, type TDischargeBedStatus } from '../../../shared/domain/admissions';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import type { AdmissionActions } from './use-admission-actions';

const BED_AFTER: Record<TDischargeBedStatus, string> = {
  Available: 'Available: ready for the next patient',
  Cleaning: 'Cleaning: to be cleaned first',
};

/** Issue 22: discharge an admitted patient; the bed goes to Available or Cleaning; a summary becomes a PDF on the case. */
export function DischargeDialog({ admission, actions, onClose }: { admission: TAdmission | null; actions: AdmissionActions; onClose: () => void }) {
  const [bedStatus, setBedStatus] = useState<TDischargeBedStatus>('Cleaning');
  const [summary, setSummary] = useState('');
  const ids = { group: useId(), summary: useId() };
  useEffect(() => {
    setBedStatus('Cleaning');
    setSummary('');
  }, [admission]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!admission) return;
    actions.discharge.mutate({ id: admission.id, bedStatus, summary: summary.trim() || null }, { onSuccess: onClose });
  };

  return (
    <Dialog open={admission !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Discharge {admission?.personName}?</DialogTitle>
          <DialogDescription>
            They leave bed {admission?.bedNumber} ({admission?.ward}). A discharge summary written here is added to the case's documents as a PDF.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">The bed afterwards</legend>
            {DISCHARGE_BED_STATUSES.map((status) => (
              <label key={status} className="flex items-center gap-2 text-sm">
                <input type="radio" name={ids.group} value={status} checked={bedStatus === status} onChange={() => setBedStatus(status)} className="size-4 accent-primary" />
                {BED_AFTER[status]}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.summary}>Discharge summary (optional)</Label>
            <Textarea id={ids.summary} value={summary} maxLength={DISCHARGE_SUMMARY_MAX} rows={5} onChange={(e) => setSummary(e.target.value)} placeholder="Diagnosis, treatment, medication on discharge, follow-up" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={actions.discharge.isPending}>
              {actions.discharge.isPending ? 'Discharging...' : 'Discharge'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
