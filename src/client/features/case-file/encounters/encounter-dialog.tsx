import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isoToSaWallClock, saWallClockToIso } from '../../../../shared/calendar';
import {
  ENCOUNTER_TYPES,
  ENCOUNTER_TYPE_LABELS,
  SOAP_MAX,
  type TEncounter,
  type TEncounterType,
  type TVitalKey,
  VITAL_KEYS,
  VITAL_RANGES,
  ZCreateEncounterInput,
} from '../../../../shared/domain/encounters';
import { errorMessage } from '../../../components/shell/data-states';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { type PickedDiagnosis, Icd10Picker } from './icd10-picker';

// Record (or amend: the full new content, prefilled) an encounter. The shared schema checks the form
// before it is sent, so a vital out of range is named at its field at once; the server's answer (an
// ICD-10 code no longer on the list) lands on the same fields.

type Soap = 'subjective' | 'objective' | 'assessment' | 'plan';
const SOAP_FIELDS: Array<[Soap, string]> = [
  ['subjective', 'Subjective (history, complaints)'],
  ['objective', 'Objective (examination, findings)'],
  ['assessment', 'Assessment'],
  ['plan', 'Plan'],
];

const zodFields = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) => {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || 'input'] ??= issue.message;
  return fields;
};

export function EncounterDialog({ caseId, amend, onClose }: { caseId: string; amend: TEncounter | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<TEncounterType>(amend?.type ?? 'consultation');
  const [when, setWhen] = useState(isoToSaWallClock(amend?.occurredAt ?? new Date()));
  const [soap, setSoap] = useState<Record<Soap, string>>({
    subjective: amend?.subjective ?? '',
    objective: amend?.objective ?? '',
    assessment: amend?.assessment ?? '',
    plan: amend?.plan ?? '',
  });
  const [vitals, setVitals] = useState<Record<TVitalKey, string>>(
    Object.fromEntries(VITAL_KEYS.map((k) => [k, amend?.vitals[k] == null ? '' : String(amend.vitals[k])])) as Record<TVitalKey, string>,
  );
  const [diagnoses, setDiagnoses] = useState<PickedDiagnosis[]>(amend?.diagnoses ?? []);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const ids = { type: useId(), when: useId(), base: useId() };

  const onSuccess = () => {
    toast({ title: amend ? 'Encounter amended' : 'Encounter recorded', description: amend ? 'The earlier version stays, marked as amended.' : undefined });
    void queryClient.invalidateQueries({ queryKey: trpc.encounters.list.queryKey({ id: caseId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
    onClose();
  };
  const onError = (e: { data?: unknown; message: string }) => {
    const serverFields = (e.data as { fields?: Record<string, string> } | undefined)?.fields;
    if (serverFields) setFields(serverFields);
    setFormError(errorMessage(e));
  };
  const create = useMutation(trpc.encounters.create.mutationOptions({ onSuccess, onError }));
  const amendIt = useMutation(trpc.encounters.amend.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || amendIt.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = {
      id: caseId,
      type,
      occurredAt: saWallClockToIso(when) ?? when,
      ...soap,
      diagnoses: diagnoses.map((d) => ({ code: d.code, primary: d.primary })),
      vitals,
    };
    const checked = ZCreateEncounterInput.safeParse(input);
    if (!checked.success) {
      setFields(zodFields(checked.error.issues));
      setFormError('Check the fields marked in red.');
      return;
    }
    setFields({});
    setFormError(null);
    if (amend) amendIt.mutate({ ...input, encounterId: amend.id });
    else create.mutate(input);
  };

  const fieldError = (key: string) =>
    fields[key] ? (
      <p id={`${ids.base}-${key}`} className="text-sm text-destructive">
        {fields[key]}
      </p>
    ) : null;
  const described = (key: string) => (fields[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids.base}-${key}` } : {});

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{amend ? 'Amend encounter' : 'Record encounter'}</DialogTitle>
          <DialogDescription>
            {amend ? 'The amendment is saved as a new version; this one stays on the record, marked as amended.' : 'Times are South African time.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate aria-label={amend ? 'Amend encounter' : 'Record encounter'}>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.type}>Type</Label>
              <Select value={type} onValueChange={(value) => setType(value as TEncounterType)}>
                <SelectTrigger id={ids.type} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ENCOUNTER_TYPES.map((t) => (
                    <SelectItem key={t} value={t}>
                      {ENCOUNTER_TYPE_LABELS[t]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.when}>When</Label>
              <Input id={ids.when} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} {...described('occurredAt')} />
              {fieldError('occurredAt')}
            </div>
          </div>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Vitals</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {VITAL_KEYS.map((key) => {
                const range = VITAL_RANGES[key];
                const id = `${ids.base}-input-${key}`;
                return (
                  <div key={key} className="grid content-start gap-1">
                    <Label htmlFor={id} className="text-xs">
                      {range.label} ({range.unit})
                    </Label>
                    <Input
                      id={id}
                      inputMode="decimal"
                      value={vitals[key]}
                      placeholder={`${range.min}–${range.max}`}
                      onChange={(e) => setVitals((v) => ({ ...v, [key]: e.target.value }))}
                      {...described(`vitals.${key}`)}
                    />
                    {fieldError(`vitals.${key}`)}
                  </div>
                );
              })}
            </div>
          </fieldset>

          <Icd10Picker value={diagnoses} onChange={setDiagnoses} fields={fields} errorIdBase={ids.base} />

          {SOAP_FIELDS.map(([key, label]) => {
            const id = `${ids.base}-soap-${key}`;
            return (
              <div key={key} className="grid gap-1.5">
                <Label htmlFor={id}>{label}</Label>
                <Textarea id={id} rows={2} maxLength={SOAP_MAX} value={soap[key]} onChange={(e) => setSoap((s) => ({ ...s, [key]: e.target.value }))} {...described(key)} />
                {fieldError(key)}
              </div>
            );
          })}

          {formError && (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : amend ? 'Save amendment' : 'Save encounter'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
