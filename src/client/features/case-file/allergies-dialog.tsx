import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ALLERGY_SEVERITIES, ALLERGY_SEVERITY_LABELS, type TAllergy, type TAllergyList, type TAllergySeverity } from '../../../shared/domain/allergies';
import { formatDate } from '../../../shared/format';
import { errorMessage } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { type FieldErrors, Field, describedBy, fieldsOf } from './dialog-field';

// Allergies of the person (issue 31), opened from the patient banner: the list (entered-in-error
// entries struck through, kept), a form to record one, "no known allergies", and marking an entry
// entered in error with the reason. Writers need records.write; readers see the list only.

export const SEVERITY_TONE: Record<TAllergySeverity, string> = {
  severe: 'border-red-300 bg-red-50 text-red-900',
  moderate: 'border-orange-300 bg-orange-50 text-orange-900',
  mild: 'border-amber-200 bg-amber-50 text-amber-900',
  unknown: 'border-red-200 bg-red-50 text-red-900',
};

function useAllergiesRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.allergies.list.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.cases.banner.pathKey() });
  };
}

function AllergyRow({ allergy, canWrite }: { allergy: TAllergy; canWrite: boolean }) {
  const trpc = useTRPC();
  const refresh = useAllergiesRefresh();
  const [marking, setMarking] = useState(false);
  const [reason, setReason] = useState('');
  const id = useId();
  const mark = useMutation(
    trpc.allergies.enteredInError.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Marked entered in error', description: allergy.substance });
        refresh();
      },
      onError: (e) => toast({ title: 'Could not mark it', description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const wrong = allergy.enteredInError;
  return (
    <li className="grid gap-1 rounded-md border p-2 text-sm" data-testid="allergy-row">
      <div className="flex flex-wrap items-center gap-2">
        <span className={wrong ? 'font-medium text-muted-foreground line-through' : 'font-medium'}>{allergy.substance}</span>
        <Badge variant="outline" className={wrong ? '' : SEVERITY_TONE[allergy.severity]}>
          {ALLERGY_SEVERITY_LABELS[allergy.severity]}
        </Badge>
        {wrong && <Badge variant="outline">Entered in error</Badge>}
      </div>
      {allergy.reaction && <p className={wrong ? 'text-muted-foreground line-through' : ''}>{allergy.reaction}</p>}
      <p className="text-xs text-muted-foreground">
        Recorded by {allergy.recordedBy ?? 'a former colleague'} on {formatDate(allergy.recordedAt)}
        {wrong && ` · marked entered in error by ${wrong.by ?? 'a former colleague'} on ${formatDate(wrong.at)}${wrong.reason ? `: ${wrong.reason}` : ''}`}
      </p>
      {canWrite && !wrong && !marking && (
        <Button size="sm" variant="ghost" className="w-fit" onClick={() => setMarking(true)} aria-label={`Mark ${allergy.substance} entered in error`}>
          Entered in error…
        </Button>
      )}
      {marking && !wrong && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            mark.mutate({ id: allergy.id, reason: reason || null });
          }}
        >
          <div className="grid min-w-48 flex-1 gap-1">
            <label htmlFor={`${id}-reason`} className="text-xs">
              Why is it wrong? (optional)
            </label>
            <Input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Recorded on the wrong patient" />
          </div>
          <Button size="sm" type="submit" variant="destructive" disabled={mark.isPending}>
            Mark entered in error
          </Button>
          <Button size="sm" type="button" variant="outline" onClick={() => setMarking(false)}>
            Cancel
          </Button>
        </form>
      )}
    </li>
  );
}

function RecordAllergyForm({ personId }: { personId: string }) {
  const trpc = useTRPC();
  const refresh = useAllergiesRefresh();
  const id = useId();
  const [substance, setSubstance] = useState('');
  const [reaction, setReaction] = useState('');
  const [severity, setSeverity] = useState<TAllergySeverity | ''>('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation(
    trpc.allergies.create.mutationOptions({
      onSuccess: (a) => {
        toast({ title: 'Allergy recorded', description: `${a.substance} (${ALLERGY_SEVERITY_LABELS[a.severity].toLowerCase()})` });
        setSubstance('');
        setReaction('');
        setSeverity('');
        setErrors({});
        refresh();
      },
      onError: (e) => {
        const fields = fieldsOf(e);
        setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(e) });
      },
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {};
    if (!substance.trim()) missing.substance = 'Name the substance';
    if (!severity) missing.severity = 'Choose the severity';
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !severity) return;
    create.mutate({ id: personId, substance, reaction: reaction || null, severity });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-md border p-3" noValidate aria-label="Record an allergy">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-substance`} label="Substance" error={errors.substance}>
          <Input id={`${id}-substance`} value={substance} onChange={(e) => setSubstance(e.target.value)} placeholder="e.g. Penicillin" aria-invalid={errors.substance ? true : undefined} aria-describedby={describedBy(`${id}-substance`, errors.substance)} />
        </Field>
        <Field id={`${id}-severity`} label="Severity" error={errors.severity}>
          <Select value={severity} onValueChange={(v) => setSeverity(v as TAllergySeverity)}>
            <SelectTrigger id={`${id}-severity`} className="w-full" aria-invalid={errors.severity ? true : undefined} aria-describedby={describedBy(`${id}-severity`, errors.severity)}>
              <SelectValue placeholder="Choose the severity" />
            </SelectTrigger>
            <SelectContent>
              {ALLERGY_SEVERITIES.map((s) => (
                <SelectItem key={s} value={s}>
                  {ALLERGY_SEVERITY_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      </div>
      <Field id={`${id}-reaction`} label="Reaction (optional)" error={errors.reaction}>
        <Input id={`${id}-reaction`} value={reaction} onChange={(e) => setReaction(e.target.value)} placeholder="e.g. Anaphylaxis, rash" aria-describedby={describedBy(`${id}-reaction`, errors.reaction)} />
      </Field>
      {errors.form && <p className="text-sm text-destructive" role="alert">{errors.form}</p>}
      <Button type="submit" className="w-fit" disabled={create.isPending}>
        {create.isPending ? 'Saving...' : 'Record allergy'}
      </Button>
    </form>
  );
}

export function AllergiesDialog({ personId, name, allergies, canWrite, onClose }: { personId: string; name: string; allergies: TAllergyList; canWrite: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useAllergiesRefresh();
  const none = useMutation(
    trpc.allergies.noKnownAllergies.mutationOptions({
      onSuccess: () => {
        toast({ title: 'No known allergies recorded' });
        refresh();
      },
      onError: (e) => toast({ title: 'Could not record it', description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const active = allergies.items.some((a) => a.enteredInError === null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Allergies of {name}</DialogTitle>
          <DialogDescription>
            {allergies.status === 'none-known' && allergies.noKnownAllergies
              ? `No known allergies, recorded by ${allergies.noKnownAllergies.by ?? 'a former colleague'} on ${formatDate(allergies.noKnownAllergies.at)}.`
              : allergies.status === 'not-recorded'
                ? 'Nothing recorded yet: ask the patient, then record each allergy or "no known allergies".'
                : 'Recorded allergies, most severe first. A wrong entry is marked entered in error, never deleted.'}
          </DialogDescription>
        </DialogHeader>
        {allergies.items.length > 0 && (
          <ul className="grid gap-2" aria-label="Allergies">
            {allergies.items.map((a) => (
              <AllergyRow key={a.id} allergy={a} canWrite={canWrite} />
            ))}
          </ul>
        )}
        {canWrite && <RecordAllergyForm personId={personId} />}
        {canWrite && !active && allergies.status !== 'none-known' && (
          <Button variant="outline" className="w-fit" disabled={none.isPending} onClick={() => none.mutate({ id: personId })}>
            Record "No known allergies"
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
