import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus } from 'lucide-react';
import { CASE_PRIORITIES, ZCreateCaseInput, type TCreateCaseInput } from '../../../shared/domain/cases';
import type { TPerson } from '../../../shared/domain/people';
import { can } from '../../../shared/roles';
import { localInputToIso } from '../../../shared/calendar';
import { SelectField, TextareaField, TextField } from '../../components/forms/form-rows';
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
import { Form } from '../../components/ui/form-field';
import { CASE_TYPE_OPTIONS_ID, CaseTypeOptions } from '../../components/cases/case-type-options';
import { PersonPicker } from '../../components/people/person-picker';
import { caseLink } from '../../components/cases/case-link';
import { checkSummary } from '../../components/conflict-checks/conflict-check-result';
import type { TIntakeConflictCheck } from '../../../shared/domain/conflict-checks';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { ConflictCheckStep } from './conflict-check-step';
import { useWords } from '../../lib/words';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// SPEC §5 'New patient case': patient name and case type required, priority Medium by default,
// scheduled date optional and a date-time. The form holds what the inputs hold (strings, a local
// datetime-local value); the shared schema validates, after the local time became ISO with a zone.

interface CaseFields {
  patientName: string;
  personId: string;
  caseType: string;
  priority: string;
  description: string;
  scheduledDate: string;
}

const EMPTY: CaseFields = {
  patientName: '',
  personId: '',
  caseType: '',
  priority: 'Medium',
  description: '',
  scheduledDate: '',
};

const ZCaseForm = z.preprocess(
  (raw: CaseFields) => ({
    ...raw,
    scheduledDate: localInputToIso(raw.scheduledDate),
  }),
  ZCreateCaseInput,
);

const caseResolver = zodResolver(ZCaseForm) as unknown as Resolver<CaseFields, unknown, TCreateCaseInput>;

/** The shared schema says 'Patient name is required'; the legal platforms call the person a client (or claimant). */
const resolverNaming = (noun: string): Resolver<CaseFields, unknown, TCreateCaseInput> => async (...args) => {
  const result = await caseResolver(...args);
  const error = result.errors.patientName;
  if (error?.message === 'Patient name is required') error.message = `${noun} name is required`;
  return result;
};

/**
 * `forPerson` (issue 32): opened from a person's page, the dialog starts with that person chosen
 * ("New case" for them). After the case is created, its page opens.
 */
export function CreateCaseDialog({ noun, forPerson }: { noun: string; forPerson?: TPerson }) {
  const words = useWords();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [person, setPerson] = useState<TPerson | null>(forPerson ?? null);
  const initial: CaseFields = forPerson ? { ...EMPTY, personId: forPerson.id, patientName: forPerson.fullName } : EMPTY;
  const identity = useIdentity();
  // Issue 32: on the litigation platforms a new matter starts with the conflict check at intake.
  const intake = PLATFORM_CONFIG[identity.platform].features.courtCases;
  const [step, setStep] = useState<'check' | 'matter'>(intake ? 'check' : 'matter');
  const [check, setCheck] = useState<TIntakeConflictCheck | null>(null);
  const pickerInput = useRef<HTMLInputElement>(null);
  const registry = can(identity, 'people.view');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.cases.create.mutationOptions());
  const form = useForm<CaseFields, unknown, TCreateCaseInput>({
    resolver: noun === 'Patient' ? caseResolver : resolverNaming(noun),
    defaultValues: initial,
  });
  const pending = create.isPending;
  const name = noun.toLowerCase();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ ...values, conflictCheckId: check?.id ?? null });
      toast({
        title: 'Success',
        // SPEC §8's toast for a hospital; a law firm's says the same in its own words.
        description: words.case === 'case' ? 'Patient case created successfully' : `${words.Case} opened`,
      });
      void queryClient.invalidateQueries({ queryKey: trpc.cases.pathKey() });
      void queryClient.invalidateQueries({
        queryKey: trpc.dashboard.pathKey(),
      });
      form.reset(initial);
      setPerson(forPerson ?? null);
      setCheck(null);
      setStep(intake ? 'check' : 'matter');
      setOpen(false);
      void navigate(caseLink(identity, created.id));
    } catch {
      toast({
        title: 'Error',
        description: words.case === 'case' ? 'Failed to create patient case' : `Could not open the ${words.case}`,
        variant: 'destructive',
      });
    }
  }, (errors) => {
    // The picker is no registered input: it is the first field, so it takes the focus back from
    // the first registered field in error, after react-hook-form's own (deferred) focus move.
    if (errors.patientName && registry) setTimeout(() => setTimeout(() => pickerInput.current?.focus(), 0), 0);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          form.reset(initial);
          setPerson(forPerson ?? null);
          setCheck(null);
          setStep(intake ? 'check' : 'matter');
        }
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {words.case === 'case' ? `New ${noun} Case` : `New ${words.Case}`}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{words.case === 'case' ? `New ${noun} Case` : `New ${words.Case}`}</DialogTitle>
          <DialogDescription>
            {step === 'check' ? 'Step 1 of 2: conflict check.' : intake ? 'Step 2 of 2: the matter.' : ''} Open a {words.case} for a {name}. Fields marked * are required.
          </DialogDescription>
        </DialogHeader>
        {step === 'check' ? (
          <ConflictCheckStep
            onContinue={(done) => {
              setCheck(done);
              setStep('matter');
            }}
          />
        ) : (
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate>
            <fieldset disabled={pending} className="grid gap-4">
              <legend className="sr-only">New {words.case}</legend>
              {intake && (
                <p className="rounded-md border bg-muted/40 p-2 text-sm" data-testid="attached-conflict-check">
                  {check ? `Conflict check attached: ${checkSummary(check)}` : 'No conflict check attached: record one on the matter’s Parties tab.'}
                </p>
              )}
              {registry ? (
                // Issue 19: the case belongs to a person of the registry; a brand-new name typed here
                // still opens the case (the server adds the person), the picker just offers who exists.
                <PersonPicker
                  label={`${noun} name`}
                  inputRef={pickerInput}
                  value={person}
                  kind="person"
                  required
                  allowCreate={can(identity, 'people.manage')}
                  onChange={(next) => {
                    setPerson(next);
                    form.setValue('personId', next?.id ?? '');
                    form.setValue('patientName', next?.fullName ?? '');
                    form.clearErrors('patientName');
                  }}
                  // After a submit the message follows the typing, as the registered fields' do
                  // (a name typed after "is required" must not leave the message standing).
                  onTextChange={(text) => form.setValue('patientName', text, { shouldValidate: form.formState.isSubmitted })}
                  placeholder={`Search by name or ID number, or type a new ${name}'s name`}
                  description={person ? undefined : `Choose someone from the registry, or type a new name: they are added as a new person.`}
                  error={form.formState.errors.patientName?.message}
                />
              ) : (
                <TextField control={form.control} name="patientName" label={`${noun} name`} required autoComplete="off" maxLength={200} />
              )}
              <TextField
                control={form.control}
                name="caseType"
                label={`${words.Case} type`}
                required
                placeholder={words.case === 'case' ? 'e.g. Consultation' : 'Choose from the list or type one'}
                maxLength={100}
                list={CASE_TYPE_OPTIONS_ID}
                autoComplete="off"
              />
              <CaseTypeOptions />
              <SelectField control={form.control} name="priority" label="Priority" options={CASE_PRIORITIES} disabled={pending} />
              <TextField control={form.control} name="scheduledDate" label={words.case === 'case' ? 'Scheduled date and time' : 'Next date and time'} type="datetime-local" />
              <TextareaField control={form.control} name="description" label="Description" rows={3} maxLength={5000} />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit">{pending ? 'Opening…' : words.case === 'case' ? 'Create Case' : `Open ${words.Case}`}</Button>
              </DialogFooter>
            </fieldset>
          </form>
        </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
