import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPERT_MILESTONES, EXPERT_MILESTONE_LABELS, type TExpert, type TExpertMilestone } from '../../../../shared/domain/experts';
import type { TSide } from '../../../../shared/domain/litigation-common';
import { StaleRecordAlert } from '../../../components/forms/stale-record-alert';
import { errorMessage } from '../../../components/shell/data-states';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { conflictCurrent } from '../case-errors';
import { EXPERT_DISCIPLINES, feeCentsOf, feeTextOf, sideLabel } from './expert-form';
import { expertsQuery, useInvalidateExperts } from './expert-queries';

// Change an expert (issue 20): the milestones as dates — instructed, assessed, report received, the
// Rule 36(9)(a) notice and (b) summary delivered, the joint minute — and discipline, registration,
// side and fee. The write names the version it saw; someone else's change in between is a 409
// (StaleRecordAlert, reload their version). Only what changed is saved, each change on the timeline.

interface Values {
  discipline: string;
  registrationNumber: string;
  side: TSide;
  fee: string;
  milestones: Record<TExpertMilestone, string>;
}

const valuesOf = (e: TExpert): Values => ({
  discipline: e.discipline,
  registrationNumber: e.registrationNumber ?? '',
  side: e.side,
  fee: feeTextOf(e.feeCents),
  milestones: Object.fromEntries(EXPERT_MILESTONES.map((m) => [m, e.milestones[m] ?? ''])) as Record<TExpertMilestone, string>,
});

export function ExpertEditDialog({ expert, onClose }: { expert: TExpert | null; onClose: () => void }) {
  return (
    <Dialog open={expert !== null} onOpenChange={(open) => !open && onClose()}>
      {expert && <ExpertEditForm key={expert.id} expert={expert} onClose={onClose} />}
    </Dialog>
  );
}

function ExpertEditForm({ expert, onClose }: { expert: TExpert; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateExperts();
  const update = useMutation(trpc.experts.update.mutationOptions());
  const ids = useId();
  const [seen, setSeen] = useState(expert);
  const [values, setValues] = useState(() => valuesOf(expert));
  const [stale, setStale] = useState<TExpert | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setErrors({}), [values]);

  const setMilestone = (m: TExpertMilestone, day: string) => setValues((v) => ({ ...v, milestones: { ...v.milestones, [m]: day } }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const feeCents = feeCentsOf(values.fee);
    if (feeCents === undefined) return setErrors({ feeCents: 'Type the fee in rand, e.g. 45 000 or 45000,50' });
    if (!values.discipline.trim()) return setErrors({ discipline: 'Discipline is required' });
    try {
      const updated = await update.mutateAsync({
        id: seen.id,
        expectedVersion: seen.version,
        discipline: values.discipline.trim(),
        registrationNumber: values.registrationNumber.trim(),
        side: values.side,
        feeCents,
        milestones: values.milestones,
      });
      invalidate();
      toast({ title: 'Expert updated', description: updated.version === seen.version ? 'Nothing had changed.' : `${updated.name}: saved; the case's deadlines follow.` });
      onClose();
    } catch (error) {
      const current = conflictCurrent<TExpert>(error);
      if (current) return setStale(current);
      const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(error) });
    }
  };

  const reload = () => {
    if (!stale) return;
    void queryClient.invalidateQueries({ queryKey: expertsQuery(trpc, stale.caseId).queryKey });
    setSeen(stale);
    setValues(valuesOf(stale));
    setStale(null);
  };

  const pending = update.isPending;
  const message = (key: string) => errors[key] && <p id={`${ids}-${key}-error`} className="text-sm text-destructive">{errors[key]}</p>;
  return (
    <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{seen.name}</DialogTitle>
        <DialogDescription>Record the milestones with the day each happened; clear a date to undo it. Only what you change is saved.</DialogDescription>
      </DialogHeader>
      {stale && <StaleRecordAlert what="This expert" onReload={reload} />}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset disabled={pending} className="grid gap-5">
          <legend className="sr-only">Expert {seen.name}</legend>
          <section aria-labelledby={`${ids}-milestones`} className="grid gap-3">
            <h3 id={`${ids}-milestones`} className="text-sm font-semibold">
              Milestones
            </h3>
            <div className="grid gap-3 sm:grid-cols-2">
              {EXPERT_MILESTONES.map((m) => (
                <div key={m} className="grid gap-1.5">
                  <Label htmlFor={`${ids}-${m}`}>{EXPERT_MILESTONE_LABELS[m]}</Label>
                  <Input
                    id={`${ids}-${m}`}
                    type="date"
                    value={values.milestones[m]}
                    aria-invalid={!!errors[`milestones.${m}`]}
                    aria-describedby={errors[`milestones.${m}`] ? `${ids}-milestones.${m}-error` : undefined}
                    onChange={(event) => setMilestone(m, event.target.value)}
                  />
                  {message(`milestones.${m}`)}
                </div>
              ))}
            </div>
          </section>
          <section aria-labelledby={`${ids}-details`} className="grid gap-3">
            <h3 id={`${ids}-details`} className="text-sm font-semibold">
              Details
            </h3>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-discipline`}>Discipline</Label>
                <Input
                  id={`${ids}-discipline`}
                  list={`${ids}-disciplines`}
                  value={values.discipline}
                  maxLength={120}
                  aria-invalid={!!errors.discipline}
                  aria-describedby={errors.discipline ? `${ids}-discipline-error` : undefined}
                  onChange={(event) => setValues((v) => ({ ...v, discipline: event.target.value }))}
                />
                <datalist id={`${ids}-disciplines`}>
                  {EXPERT_DISCIPLINES.map((d) => (
                    <option key={d} value={d} />
                  ))}
                </datalist>
                {message('discipline')}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-registration`}>Registration number</Label>
                <Input
                  id={`${ids}-registration`}
                  value={values.registrationNumber}
                  maxLength={60}
                  aria-invalid={!!errors.registrationNumber}
                  onChange={(event) => setValues((v) => ({ ...v, registrationNumber: event.target.value }))}
                />
                {message('registrationNumber')}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-side`}>Side</Label>
                <Select value={values.side} onValueChange={(side) => setValues((v) => ({ ...v, side: side as TSide }))}>
                  <SelectTrigger id={`${ids}-side`} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="ours">{sideLabel('ours')}</SelectItem>
                    <SelectItem value="opposing">{sideLabel('opposing')}</SelectItem>
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-fee`}>Fee (R)</Label>
                <Input
                  id={`${ids}-fee`}
                  inputMode="decimal"
                  value={values.fee}
                  aria-invalid={!!errors.feeCents}
                  aria-describedby={errors.feeCents ? `${ids}-feeCents-error` : undefined}
                  onChange={(event) => setValues((v) => ({ ...v, fee: event.target.value }))}
                />
                {message('feeCents')}
              </div>
            </div>
          </section>
          {errors.form && (
            <Alert variant="destructive">
              <AlertDescription>{errors.form}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{pending ? 'Saving...' : 'Save'}</Button>
          </DialogFooter>
        </fieldset>
      </form>
    </DialogContent>
  );
}
