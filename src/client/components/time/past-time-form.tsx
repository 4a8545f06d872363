import { useId, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ClockPlus } from 'lucide-react';
import { dayKey } from '../../../shared/calendar';
import { useWords } from '../../lib/words';
import { PAST_TIME_MAX_MINUTES, TIME_ENTRY_DESCRIPTION_MAX } from '../../../shared/domain/costs';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { errorMessage } from '../shell/data-states';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { CasePicker, type TimerCaseOption } from './case-picker';
import {
  PAST_TIME_FIELDS,
  buildPastTimeInput,
  durationHint,
  pastTimeServerErrors,
  type PastTimeErrors,
  type PastTimeField,
  type PastTimeValues,
} from './past-time-input';

// "Add past time" (issue 18): time worked without the timer running (a forgotten timer, a ward
// round away from a screen) added afterwards as a date, a South African start time and minutes.
// Beside the TimerForm on the case page (its case fixed) and on My time (a case picked).

const blank = (date: string): PastTimeValues => ({ caseId: '', date, startTime: '', durationMinutes: '', description: '' });

export function PastTimeForm({
  fixedCase,
  cases,
  casesPending = false,
  casesError,
  onChange,
}: {
  /** The case page: the time goes on this case and no picker shows. */
  fixedCase?: { id: string; name: string };
  cases?: readonly TimerCaseOption[];
  casesPending?: boolean;
  casesError?: unknown;
  onChange: () => Promise<unknown> | void;
}) {
  const words = useWords();
  const trpc = useTRPC();
  // Most time added afterwards is today's; the day is South Africa's, not the device's.
  const [values, setValues] = useState(() => blank(dayKey()));
  const [errors, setErrors] = useState<PastTimeErrors>({});
  const ids: Record<PastTimeField, string> = {
    caseId: useId(),
    date: useId(),
    startTime: useId(),
    durationMinutes: useId(),
    description: useId(),
  };
  const set = (field: PastTimeField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's message goes once it is edited: it spoke of the value that was there.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const show = (next: PastTimeErrors) => {
    setErrors(next);
    const first = PAST_TIME_FIELDS.find((field) => next[field]);
    if (first) document.getElementById(ids[first])?.focus();
  };

  const record = useMutation(
    trpc.costs.recordPastTime.mutationOptions({
      onSuccess: async (entry) => {
        // The date stays: the next entry is most likely from the same day.
        setValues((current) => blank(current.date));
        setErrors({});
        toast({ title: 'Time added', description: `${entry.durationMinutes ?? 0} min on ${entry.patientName}` });
        await onChange();
      },
      onError: (error) => {
        const placed = pastTimeServerErrors((error.data as { fields?: Record<string, string> } | undefined)?.fields);
        // A fixed case has no picker to show its message under: that one goes to the toast.
        if (fixedCase) delete placed.caseId;
        if (Object.keys(placed).length > 0) show(placed);
        // 409 (no hourly rate on that day) and the like belong to no field.
        else toast({ title: 'Could not add the time', description: errorMessage(error), variant: 'destructive' });
      },
    }),
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const built = buildPastTimeInput({ ...values, caseId: fixedCase?.id ?? values.caseId });
    if (!built.ok) return show(built.errors);
    record.mutate(built.input);
  };

  const hint = durationHint(values.durationMinutes);
  const described = (field: PastTimeField, extra?: string) => ({
    id: ids[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [extra, errors[field] ? `${ids[field]}-error` : undefined].filter(Boolean).join(' ') || undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      {!fixedCase && (
        <CasePicker
          id={ids.caseId}
          label="Case worked on"
          value={values.caseId}
          onValueChange={set('caseId')}
          cases={cases}
          pending={casesPending}
          loadError={casesError}
          fieldError={errors.caseId}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id={ids.date} label="Date" error={errors.date}>
          <Input type="date" max={dayKey()} value={values.date} onChange={(e) => set('date')(e.target.value)} {...described('date')} />
        </Field>
        <Field id={ids.startTime} label="Start time" error={errors.startTime}>
          <Input type="time" value={values.startTime} onChange={(e) => set('startTime')(e.target.value)} {...described('startTime')} />
        </Field>
        <Field
          id={ids.durationMinutes}
          label="Duration (minutes)"
          error={errors.durationMinutes}
          hint={
            <p id={`${ids.durationMinutes}-hint`} className="text-xs text-muted-foreground">
              {hint ? `${hint}.` : 'Whole minutes.'} At most {PAST_TIME_MAX_MINUTES / 60} h.
            </p>
          }
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={PAST_TIME_MAX_MINUTES}
            step={1}
            value={values.durationMinutes}
            onChange={(e) => set('durationMinutes')(e.target.value)}
            {...described('durationMinutes', `${ids.durationMinutes}-hint`)}
          />
        </Field>
      </div>
      <Field id={ids.description} label="What did you work on?" error={errors.description}>
        <Input
          value={values.description}
          maxLength={TIME_ENTRY_DESCRIPTION_MAX}
          placeholder={words.defaultWork}
          onChange={(e) => set('description')(e.target.value)}
          {...described('description')}
        />
      </Field>
      <div>
        <Button type="submit" variant="outline" disabled={record.isPending} aria-busy={record.isPending || undefined}>
          <ClockPlus aria-hidden="true" /> Add time
        </Button>
      </div>
    </form>
  );
}

/** A labelled field with its hint and its message underneath; the input itself is the child. */
function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
