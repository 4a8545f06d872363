import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TBed } from '../../../shared/domain/beds';
import type { TPerson } from '../../../shared/domain/people';
import { PersonPicker } from '../../components/people/person-picker';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useTRPC } from '../../trpc';
import type { AdmissionActions } from './use-admission-actions';

const NEW_CASE = 'new';
/** Not chosen yet: the person's open case once their cases have loaded; before that the server picks it. */
const THEIR_OPEN_CASE = 'open';

/**
 * Issue 22: admit a person of the registry to an Available bed, with one of their cases or a new
 * "Inpatient admission" case, and an estimated discharge day. Issue 31: the person's open case is
 * the default; a new case is a deliberate choice (admitting into a new case left two open cases).
 */
export function AdmitDialog({ open, beds, actions, onClose }: { open: boolean; beds: readonly TBed[]; actions: AdmissionActions; onClose: () => void }) {
  const trpc = useTRPC();
  const [person, setPerson] = useState<TPerson | null>(null);
  const [bedId, setBedId] = useState('');
  const [caseId, setCaseId] = useState(THEIR_OPEN_CASE);
  const [estimatedDischarge, setEstimatedDischarge] = useState('');
  const [tried, setTried] = useState(false);
  const ids = { bed: useId(), kase: useId(), discharge: useId() };
  const available = beds.filter((b) => b.status === 'Available');
  const detail = useQuery({ ...trpc.people.get.queryOptions({ id: person?.id ?? '' }), enabled: open && person !== null });
  const cases = (detail.data?.cases ?? []).filter((c) => c.role === 'patient' || c.role === 'client');
  const openCase = cases.find((c) => c.status !== 'Completed');
  const shown = caseId === THEIR_OPEN_CASE ? (openCase?.id ?? NEW_CASE) : caseId;

  useEffect(() => {
    if (!open) return;
    setPerson(null);
    setBedId('');
    setCaseId(THEIR_OPEN_CASE);
    setEstimatedDischarge('');
    setTried(false);
  }, [open]);
  useEffect(() => setCaseId(THEIR_OPEN_CASE), [person]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!person || !bedId) return;
    // Before their cases have loaded, nothing is named and the server uses the open case.
    const which = caseId === THEIR_OPEN_CASE && !detail.data ? {} : shown === NEW_CASE ? { newCase: true } : { caseId: shown };
    actions.admit.mutate({ personId: person.id, bedId, ...which, estimatedDischarge: estimatedDischarge || null }, { onSuccess: onClose });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Admit patient</DialogTitle>
          <DialogDescription>Choose the person from the registry and an available bed. The stay joins their open case; without one, an Inpatient admission case is opened.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <PersonPicker label="Patient" value={person} onChange={setPerson} kind="person" required error={tried && !person ? 'Choose the patient' : undefined} />
          <div className="grid gap-1.5">
            <Label htmlFor={ids.bed}>Bed</Label>
            <Select value={bedId} onValueChange={setBedId}>
              <SelectTrigger id={ids.bed} aria-invalid={tried && !bedId} aria-describedby={tried && !bedId ? `${ids.bed}-error` : undefined}>
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
            {tried && !bedId && (
              <p id={`${ids.bed}-error`} className="text-sm text-destructive">
                Choose a bed
              </p>
            )}
          </div>
          {person && (
            <div className="grid gap-1.5">
              <Label htmlFor={ids.kase}>Case</Label>
              <Select value={shown} onValueChange={setCaseId}>
                <SelectTrigger id={ids.kase}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {cases.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {`${c.reference ?? 'Case'} · ${c.caseType} (${c.status})`}
                    </SelectItem>
                  ))}
                  <SelectItem value={NEW_CASE}>Open a new Inpatient admission case</SelectItem>
                </SelectContent>
              </Select>
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={ids.discharge}>Estimated discharge (optional)</Label>
            <Input id={ids.discharge} type="date" value={estimatedDischarge} onChange={(e) => setEstimatedDischarge(e.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={actions.admit.isPending}>
              {actions.admit.isPending ? 'Admitting...' : 'Admit'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
