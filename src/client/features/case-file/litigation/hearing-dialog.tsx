import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { isoToSaWallClock } from '../../../../shared/calendar';
import { HEARING_TYPES, HEARING_TYPE_LABELS, type THearing, type THearingType, type TUpdateHearingInput } from '../../../../shared/domain/hearings';
import { SelectField, TextareaField, TextField } from '../../../components/forms/form-rows';
import { StaleRecordAlert } from '../../../components/forms/stale-record-alert';
import { errorMessage } from '../../../components/shell/data-states';
import { Button } from '../../../components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form-field';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { conflictCurrent } from '../case-errors';
import { wallClockToInstant } from './court-form';
import { invalidateAfterCourtWrite } from './court-queries';

// Set down a hearing, or change one (issue 20): a postponement moves the start, and after the day
// the outcome is recorded. Times are South African; a change sends only what changed, with the
// version the person saw (409: someone else changed it — reload their version).

interface Fields {
  type: THearingType | '';
  startsAt: string;
  endsAt: string;
  venue: string;
  judge: string;
  outcome: string;
  notes: string;
}
type FieldName = keyof Fields;

const fieldsOf = (hearing: THearing | null, defaultVenue: string | null): Fields => ({
  type: hearing?.type ?? '',
  startsAt: hearing ? isoToSaWallClock(hearing.startsAt) : '',
  endsAt: hearing?.endsAt ? isoToSaWallClock(hearing.endsAt) : '',
  venue: hearing ? (hearing.venue ?? '') : (defaultVenue ?? ''),
  judge: hearing?.judge ?? '',
  outcome: hearing?.outcome ?? '',
  notes: hearing?.notes ?? '',
});

function onServerError(error: unknown, form: ReturnType<typeof useForm<Fields>>, what: string) {
  const named = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
  const placed = Object.entries(named).filter(([field]) => field in form.getValues());
  for (const [field, message] of placed) form.setError(field as FieldName, { type: 'server', message });
  if (placed.length === 0) toast({ title: `Could not save the ${what}`, description: errorMessage(error), variant: 'destructive' });
}

export function HearingDialogContent({
  caseId,
  hearing,
  defaultVenue,
  onDone,
}: {
  caseId: string;
  /** null: set down a new hearing. */
  hearing: THearing | null;
  defaultVenue: string | null;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState(hearing);
  const [stale, setStale] = useState<THearing | null>(null);
  const form = useForm<Fields>({ defaultValues: fieldsOf(hearing, defaultVenue) });
  const create = useMutation(trpc.hearings.create.mutationOptions());
  const update = useMutation(trpc.hearings.update.mutationOptions());
  const hasHappened = seen !== null && Date.parse(seen.startsAt) <= Date.now();

  const onSubmit = form.handleSubmit(async (fields) => {
    if (!fields.type) return form.setError('type', { type: 'validate', message: 'Choose the kind of hearing' }, { shouldFocus: true });
    if (!fields.startsAt) return form.setError('startsAt', { type: 'validate', message: 'Start is required' }, { shouldFocus: true });
    const startsAt = wallClockToInstant(fields.startsAt);
    const endsAt = fields.endsAt ? wallClockToInstant(fields.endsAt) : null;
    try {
      if (!seen) {
        const created = await create.mutateAsync({
          id: caseId, type: fields.type, startsAt, endsAt, venue: fields.venue || null, judge: fields.judge || null, notes: fields.notes || null,
        });
        toast({ title: `${HEARING_TYPE_LABELS[created.type]} set down`, description: 'It shows on the schedule and the court schedule.' });
      } else {
        const input: TUpdateHearingInput = { id: seen.id, expectedVersion: seen.version };
        if (fields.type !== seen.type) input.type = fields.type;
        if (startsAt !== seen.startsAt) input.startsAt = startsAt;
        if (endsAt !== seen.endsAt) input.endsAt = endsAt;
        if ((fields.venue || null) !== seen.venue) input.venue = fields.venue || null;
        if ((fields.judge || null) !== seen.judge) input.judge = fields.judge || null;
        if ((fields.outcome || null) !== seen.outcome) input.outcome = fields.outcome || null;
        if ((fields.notes || null) !== seen.notes) input.notes = fields.notes || null;
        if (Object.keys(input).length === 2) return onDone();
        const saved = await update.mutateAsync(input);
        toast({ title: `${HEARING_TYPE_LABELS[saved.type]} updated`, description: input.startsAt ? 'Deadlines counted from it move with it.' : undefined });
      }
      void invalidateAfterCourtWrite(queryClient);
      onDone();
    } catch (error) {
      const current = conflictCurrent<THearing>(error);
      if (current) return setStale(current);
      onServerError(error, form, 'hearing');
    }
  });

  const reload = () => {
    if (!stale) return;
    setSeen(stale);
    form.reset(fieldsOf(stale, null));
    setStale(null);
    void invalidateAfterCourtWrite(queryClient);
  };

  const pending = create.isPending || update.isPending;
  return (
    <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
      <DialogHeader>
        <DialogTitle>{seen ? `${HEARING_TYPE_LABELS[seen.type]}: change or record the outcome` : 'Set down a hearing'}</DialogTitle>
        <DialogDescription>
          {seen
            ? 'A postponement moves the date (deadlines counted from a trial date move too); after the day, record the outcome.'
            : 'Times are South African. The hearing shows on the schedule and on the dashboards’ court schedule.'}
        </DialogDescription>
      </DialogHeader>
      {stale && <StaleRecordAlert what="This hearing" onReload={reload} />}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={pending} className="grid gap-4">
            <legend className="sr-only">Hearing</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                control={form.control}
                name="type"
                label="Type"
                required
                placeholder="Choose the kind of hearing"
                options={HEARING_TYPES.map((value) => ({ value, label: HEARING_TYPE_LABELS[value] }))}
                disabled={pending}
                className="sm:col-span-2"
              />
              <TextField control={form.control} name="startsAt" label="Starts" type="datetime-local" required />
              <TextField control={form.control} name="endsAt" label="Ends" type="datetime-local" />
              <TextField control={form.control} name="venue" label="Court / room" maxLength={200} placeholder="Court 4D, Palace of Justice, Pretoria" />
              <TextField control={form.control} name="judge" label="Judge" maxLength={200} placeholder="Molopa-Sethosa J" />
            </div>
            {seen && (
              <TextareaField
                control={form.control}
                name="outcome"
                label="Outcome"
                rows={3}
                maxLength={5000}
                description={hasHappened ? 'What the court ordered or the parties agreed.' : 'Usually after the day; “Postponed to …” when it moves.'}
              />
            )}
            <TextareaField control={form.control} name="notes" label="Notes" rows={2} maxLength={5000} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onDone}>
                Cancel
              </Button>
              <Button type="submit" disabled={stale !== null}>
                {pending ? 'Saving...' : seen ? 'Save changes' : 'Set down'}
              </Button>
            </DialogFooter>
          </fieldset>
        </form>
      </Form>
    </DialogContent>
  );
}
