import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DISCHARGE_BED_STATUSES,
  DISCHARGE_DISPOSITIONS,
  DISCHARGE_SUMMARY_MAX,
  DISPOSITION_LABELS,
  type TAdmission,
  type TDischargeBedStatus,
  type TDischargeDisposition,
  type TDischargeMedicationAction,
} from '../../../shared/domain/admissions';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useTRPC } from '../../trpc';
import type { AdmissionActions } from './use-admission-actions';

const BED_AFTER: Record<TDischargeBedStatus, string> = {
  Available: 'Available: ready for the next patient',
  Cleaning: 'Cleaning: to be cleaned first',
};

/**
 * Issue 22: discharge an admitted patient; the bed goes to Available or Cleaning. Issue 31: the
 * discharge ends the stay — where the patient went, every active medication continued or stopped,
 * and a discharge letter for the GP (diagnoses, medications, follow-up) added to the case's documents;
 * the case is completed.
 */
export function DischargeDialog({ admission, actions, onClose }: { admission: TAdmission | null; actions: AdmissionActions; onClose: () => void }) {
  const trpc = useTRPC();
  const [bedStatus, setBedStatus] = useState<TDischargeBedStatus>('Cleaning');
  const [disposition, setDisposition] = useState<TDischargeDisposition | ''>('');
  const [review, setReview] = useState<Record<string, TDischargeMedicationAction>>({});
  const [summary, setSummary] = useState('');
  const [tried, setTried] = useState(false);
  const ids = { group: useId(), disposition: useId(), summary: useId() };
  const medications = useQuery({ ...trpc.medications.list.queryOptions({ id: admission?.caseId ?? '' }), enabled: admission !== null });
  const active = (medications.data?.items ?? []).filter((m) => m.status === 'Active');
  useEffect(() => {
    setBedStatus('Cleaning');
    setDisposition('');
    setReview({});
    setSummary('');
    setTried(false);
  }, [admission]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!admission || !disposition || medications.isPending) return;
    actions.discharge.mutate(
      {
        id: admission.id,
        bedStatus,
        disposition,
        summary: summary.trim() || null,
        // Continue unless stopped here: what the patient takes home goes on the GP letter.
        medications: active.map((m) => ({ medicationId: m.id, action: review[m.id] ?? 'continue' })),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open={admission !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Discharge {admission?.personName}?</DialogTitle>
          <DialogDescription>
            They leave bed {admission?.bedNumber} ({admission?.ward}) and the case is completed. A discharge letter for the GP (diagnoses, medications, follow-up) is added to the case's documents.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <fieldset className="grid gap-2" aria-describedby={tried && !disposition ? `${ids.disposition}-error` : undefined}>
            <legend className="mb-1 text-sm font-medium">Discharged to</legend>
            <div className="grid grid-cols-2 gap-2">
              {DISCHARGE_DISPOSITIONS.map((d) => (
                <label key={d} className="flex items-center gap-2 text-sm">
                  <input type="radio" name={ids.disposition} value={d} checked={disposition === d} onChange={() => setDisposition(d)} className="size-4 accent-primary" />
                  {DISPOSITION_LABELS[d]}
                </label>
              ))}
            </div>
            {tried && !disposition && (
              <p id={`${ids.disposition}-error`} className="text-sm text-destructive">
                Choose where the patient was discharged to
              </p>
            )}
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Medications on discharge</legend>
            {medications.isPending ? (
              <p className="text-sm text-muted-foreground">Loading the medications…</p>
            ) : active.length === 0 ? (
              <p className="text-sm text-muted-foreground">No active medication.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Active medications">
                {active.map((m) => (
                  <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-2 py-1.5 text-sm">
                    <span>
                      <span className="font-medium">{m.name}</span> <span className="text-muted-foreground">{m.dose}, {m.frequency}</span>
                    </span>
                    <span className="flex gap-3" role="radiogroup" aria-label={`${m.name} on discharge`}>
                      {(['continue', 'stop'] as const).map((action) => (
                        <label key={action} className="flex items-center gap-1">
                          <input
                            type="radio"
                            name={`${ids.group}-${m.id}`}
                            checked={(review[m.id] ?? 'continue') === action}
                            onChange={() => setReview((r) => ({ ...r, [m.id]: action }))}
                            className="size-4 accent-primary"
                          />
                          {action === 'continue' ? 'Continue' : 'Stop'}
                        </label>
                      ))}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
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
            <Label htmlFor={ids.summary}>Notes for the GP (optional)</Label>
            <Textarea id={ids.summary} value={summary} maxLength={DISCHARGE_SUMMARY_MAX} rows={4} onChange={(e) => setSummary(e.target.value)} placeholder="Course in hospital, advice given, what to watch, follow-up" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={actions.discharge.isPending || medications.isPending}>
              {actions.discharge.isPending ? 'Discharging...' : 'Discharge'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
