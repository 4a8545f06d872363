import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  COURT_STAGES,
  COURT_STAGE_LABELS,
  SA_COURTS,
  SA_HIGH_COURT_DIVISIONS,
  TRIAL_SCOPES,
  TRIAL_SCOPE_LABELS,
  type TCourtMatter,
  type TCourtStage,
  type TPutCourtMatterInput,
} from '../../../../shared/domain/court-matters';
import { SelectField, TextField } from '../../../components/forms/form-rows';
import { StaleRecordAlert } from '../../../components/forms/stale-record-alert';
import { errorMessage } from '../../../components/shell/data-states';
import { Button } from '../../../components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form-field';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { conflictCurrent } from '../case-errors';
import { RANDS_MESSAGE, centsToRands, randsToCents } from './court-form';
import { courtMatterQuery, invalidateAfterCourtWrite } from './court-queries';

// Record or edit the court matter (issue 20): court and division offered from the South African
// lists (free text allowed: magistrates' courts are many), case number, CaseLines reference, the
// claim in rands, stage, trial scope and the three dates the deadline rules count from. The whole
// court matter is sent with the version the person saw; a 409 shows who changed it and offers to reload.

interface Fields {
  court: string;
  division: string;
  caseNumber: string;
  caselinesReference: string;
  claim: string;
  stage: TCourtStage | '';
  trialScope: string;
  summonsServedOn: string;
  debtDueOn: string;
  knowledgeOn: string;
}
type FieldName = keyof Fields;

const NO_SCOPE = 'not-set';

const fieldsOf = (matter: TCourtMatter | null): Fields => ({
  court: matter?.court ?? 'High Court',
  division: matter?.division ?? '',
  caseNumber: matter?.caseNumber ?? '',
  caselinesReference: matter?.caselinesReference ?? '',
  claim: centsToRands(matter?.claimAmountCents ?? null),
  stage: matter?.stage ?? '',
  trialScope: matter?.trialScope ?? NO_SCOPE,
  summonsServedOn: matter?.summonsServedOn ?? '',
  debtDueOn: matter?.debtDueOn ?? '',
  knowledgeOn: matter?.knowledgeOn ?? '',
});

/** The server's field names → the form's. */
const FORM_FIELD: Record<string, FieldName> = { claimAmountCents: 'claim' };

export function CourtMatterDialogContent({ caseId, matter, onDone }: { caseId: string; matter: TCourtMatter | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState(matter);
  const [stale, setStale] = useState<TCourtMatter | null>(null);
  const form = useForm<Fields>({ defaultValues: fieldsOf(matter) });
  const put = useMutation(trpc.courtMatter.put.mutationOptions());
  const courts = useId();
  const divisions = useId();

  const onSubmit = form.handleSubmit(async (fields) => {
    const cents = randsToCents(fields.claim);
    if (cents === undefined) return form.setError('claim', { type: 'validate', message: RANDS_MESSAGE }, { shouldFocus: true });
    if (!fields.stage) return form.setError('stage', { type: 'validate', message: 'Choose the stage the matter has reached' }, { shouldFocus: true });
    const input: TPutCourtMatterInput = {
      id: caseId,
      court: fields.court,
      division: fields.division,
      caseNumber: fields.caseNumber,
      caselinesReference: fields.caselinesReference || null,
      claimAmountCents: cents,
      stage: fields.stage,
      trialScope: fields.trialScope === NO_SCOPE ? null : (fields.trialScope as TPutCourtMatterInput['trialScope']),
      summonsServedOn: fields.summonsServedOn || null,
      debtDueOn: fields.debtDueOn || null,
      knowledgeOn: fields.knowledgeOn || null,
      ...(seen ? { expectedVersion: seen.version } : {}),
    };
    try {
      const saved = await put.mutateAsync(input);
      queryClient.setQueryData(courtMatterQuery(trpc, caseId).queryKey, { courtMatter: saved });
      void invalidateAfterCourtWrite(queryClient);
      toast({ title: seen ? 'Court matter updated' : 'Court matter recorded', description: `${saved.caseNumber} · ${COURT_STAGE_LABELS[saved.stage]}` });
      onDone();
    } catch (error) {
      const current = conflictCurrent<TCourtMatter>(error);
      if (current) return setStale(current);
      const named = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
      const placed = Object.entries(named).filter(([field]) => (FORM_FIELD[field] ?? field) in fields);
      for (const [field, message] of placed) form.setError(FORM_FIELD[field] ?? (field as FieldName), { type: 'server', message });
      if (placed.length === 0) toast({ title: 'Could not save the court matter', description: errorMessage(error), variant: 'destructive' });
    }
  });

  const reload = () => {
    if (!stale) return;
    queryClient.setQueryData(courtMatterQuery(trpc, caseId).queryKey, { courtMatter: stale });
    setSeen(stale);
    form.reset(fieldsOf(stale));
    setStale(null);
  };

  const pending = put.isPending;
  return (
    <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{seen ? 'Edit court matter' : 'Record court matter'}</DialogTitle>
        <DialogDescription>
          The dates of service, of the debt and of knowledge start the Rule 19, Act 40 s3 and prescription deadlines; each change shows on the timeline.
        </DialogDescription>
      </DialogHeader>
      {stale && <StaleRecordAlert what="This court matter" onReload={reload} />}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={pending} className="grid gap-4">
            <legend className="sr-only">Court matter</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField control={form.control} name="court" label="Court" required maxLength={120} list={courts} autoComplete="off" />
              <TextField
                control={form.control}
                name="division"
                label="Division or seat"
                required
                maxLength={160}
                list={divisions}
                autoComplete="off"
                placeholder="Gauteng Division, Pretoria"
              />
              <TextField control={form.control} name="caseNumber" label="Case number" required maxLength={60} placeholder="2025/012345" autoComplete="off" />
              <TextField control={form.control} name="caselinesReference" label="CaseLines reference" maxLength={60} autoComplete="off" />
              <TextField control={form.control} name="claim" label="Claim (rands)" inputMode="decimal" placeholder="1 250 000,00" autoComplete="off" />
              <SelectField
                control={form.control}
                name="stage"
                label="Stage"
                required
                placeholder="Choose the stage"
                options={COURT_STAGES.map((value) => ({ value, label: COURT_STAGE_LABELS[value] }))}
                disabled={pending}
              />
              <SelectField
                control={form.control}
                name="trialScope"
                label="Trial scope"
                options={[{ value: NO_SCOPE, label: 'Not decided yet' }, ...TRIAL_SCOPES.map((value) => ({ value, label: TRIAL_SCOPE_LABELS[value] }))]}
                disabled={pending}
              />
              <TextField control={form.control} name="summonsServedOn" label="Summons served on" type="date" description="Rule 19(1): notice to defend within 10 court days." />
              <TextField control={form.control} name="debtDueOn" label="Debt became due on" type="date" description="Act 40 of 2002 s3: notice to the organ of state within 6 months." />
              <TextField control={form.control} name="knowledgeOn" label="Date of knowledge" type="date" description="Prescription Act: 3 years from this day." />
            </div>
            <datalist id={courts}>
              {SA_COURTS.map((court) => (
                <option key={court} value={court} />
              ))}
            </datalist>
            <datalist id={divisions}>
              {SA_HIGH_COURT_DIVISIONS.map((division) => (
                <option key={division} value={division} />
              ))}
            </datalist>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onDone}>
                Cancel
              </Button>
              <Button type="submit" disabled={stale !== null}>
                {pending ? 'Saving...' : seen ? 'Save changes' : 'Record court matter'}
              </Button>
            </DialogFooter>
          </fieldset>
        </form>
      </Form>
    </DialogContent>
  );
}
