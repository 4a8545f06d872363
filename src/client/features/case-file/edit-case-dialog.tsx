import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Pencil } from 'lucide-react';
import { CASE_PRIORITIES, CASE_STATUSES, type TCaseShown as TCase } from '../../../shared/domain/cases';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { SelectField, TextareaField, TextField } from '../../components/forms/form-rows';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel } from '../../components/ui/form-field';
import { CASE_TYPE_OPTIONS_ID, CaseTypeOptions } from '../../components/cases/case-type-options';
import { useWords } from '../../lib/words';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { buildCaseEdit, fieldsOf, type CaseEditField, type CaseEditFields } from './case-edit-form';
import { conflictCurrent } from './case-errors';
import { caseDateLabels } from './case-labels';
import { StaleRecordAlert } from '../../components/forms/stale-record-alert';

/**
 * Edit every §3.2 field of a case (issue 18). Only the changed fields go out, with the version the
 * person saw; if someone else changed the case meanwhile (409), the dialog says so and offers to
 * reload their version — the dialog stays open so nothing typed is lost by surprise.
 */
export function EditCaseDialog({ item }: { item: TCase }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" /> Edit
        </Button>
      </DialogTrigger>
      {open && <EditCaseForm item={item} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function EditCaseForm({ item, onDone }: { item: TCase; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const identity = useIdentity();
  const healthcare = PLATFORM_CONFIG[identity.platform].features.bedManagement;
  const words = useWords();
  const noun = words.Person;
  const dates = caseDateLabels(identity.platform);
  // The version this form edits: the case as opened, or the newer one the person chose to reload.
  const [seen, setSeen] = useState(item);
  const [stale, setStale] = useState<TCase | null>(null);
  const form = useForm<CaseEditFields>({ defaultValues: fieldsOf(item) });
  const update = useMutation(trpc.cases.update.mutationOptions());

  const onSubmit = form.handleSubmit(async (fields) => {
    const result = buildCaseEdit(seen, fields);
    if (!result.ok) {
      let first = true;
      for (const [field, message] of Object.entries(result.errors)) {
        form.setError(field as CaseEditField, { type: 'validate', message }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    if (result.changed.length === 0) return onDone();
    try {
      const updated = await update.mutateAsync(result.input);
      queryClient.setQueryData(trpc.cases.get.queryKey({ id: updated.id }), updated);
      void queryClient.invalidateQueries({
        queryKey: trpc.cases.list.pathKey(),
      });
      void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
      // The team editor writes against the case's version, which this change moved on.
      void queryClient.invalidateQueries({ queryKey: trpc.caseTeam.pathKey() });
      void queryClient.invalidateQueries({
        queryKey: trpc.dashboard.pathKey(),
      });
      toast({
        title: `${words.Case} updated`,
        description: `${result.changed.length} ${result.changed.length === 1 ? 'field' : 'fields'} changed`,
      });
      onDone();
    } catch (error) {
      const current = conflictCurrent<TCase>(error);
      if (current) return setStale(current);
      const named = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
      const placed = Object.entries(named).filter(([field]) => field in fields);
      for (const [field, message] of placed) form.setError(field as CaseEditField, { type: 'server', message });
      if (placed.length === 0)
        toast({
          title: `Could not save the ${words.case}`,
          description: errorMessage(error),
          variant: 'destructive',
        });
    }
  });

  const reload = () => {
    if (!stale) return;
    queryClient.setQueryData(trpc.cases.get.queryKey({ id: stale.id }), stale);
    setSeen(stale);
    form.reset(fieldsOf(stale));
    setStale(null);
  };

  const pending = update.isPending;
  return (
    <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>Edit {words.case}</DialogTitle>
        <DialogDescription>Only the fields you change are saved; each change shows on the case's timeline.</DialogDescription>
      </DialogHeader>
      {stale && <StaleRecordAlert what="This case" onReload={reload} />}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={pending} className="grid gap-4">
            <legend className="sr-only">Case fields</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField control={form.control} name="patientName" label={`${noun} name`} required maxLength={200} autoComplete="off" />
              <TextField control={form.control} name="caseType" label={`${words.Case} type`} required maxLength={100} list={CASE_TYPE_OPTIONS_ID} autoComplete="off" />
              <CaseTypeOptions />
              <SelectField control={form.control} name="priority" label="Priority" options={CASE_PRIORITIES} disabled={pending} />
              <SelectField control={form.control} name="status" label="Status" options={CASE_STATUSES} disabled={pending} />
              {/* A hospital's department and progress; a matter has neither (issue 32). */}
              {healthcare && <TextField control={form.control} name="department" label="Department" maxLength={100} />}
              {healthcare && (
                <TextField
                  control={form.control}
                  name="progressPercentage"
                  label="Progress (%)"
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  inputMode="numeric"
                />
              )}
              <TextField control={form.control} name="scheduledDate" label={healthcare ? 'Scheduled date and time' : 'Next date and time'} type="datetime-local" />
              {healthcare && <TextField control={form.control} name="bedNumber" label="Bed" maxLength={20} />}
              <TextField control={form.control} name="admissionDate" label={dates.admissionDate} type="date" />
              <TextField control={form.control} name="estimatedDischarge" label={dates.estimatedDischarge} type="date" />
            </div>
            <TextareaField control={form.control} name="description" label="Description" rows={3} maxLength={5000} />
            <TextareaField
              control={form.control}
              name="treatmentPlan"
              label={healthcare ? 'Treatment plan' : 'Plan of action'}
              rows={3}
              maxLength={5000}
            />
            <TextareaField control={form.control} name="notes" label="Notes" rows={3} maxLength={5000} />
            <TextareaField control={form.control} name="urgentFlags" label="Urgent flags" description="One flag a line." rows={2} />
            <FormField
              control={form.control}
              name="restricted"
              render={({ field }) => (
                <FormItem className="flex flex-row items-start gap-2">
                  <FormControl>
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-primary"
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    />
                  </FormControl>
                  <FormLabel className="font-normal">
                    Restricted: only the team, Administrators and the Super Admin read this case
                  </FormLabel>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onDone}>
                Cancel
              </Button>
              <Button type="submit" disabled={stale !== null}>
                {pending ? 'Saving...' : 'Save changes'}
              </Button>
            </DialogFooter>
          </fieldset>
        </form>
      </Form>
    </DialogContent>
  );
}
