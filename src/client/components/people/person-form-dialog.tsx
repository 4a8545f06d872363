import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isTRPCClientError } from '@trpc/client';
import { useForm } from 'react-hook-form';
import { PREFERRED_LANGUAGES, type TPerson, type TPersonKind } from '../../../shared/domain/people';
import { SelectField, TextareaField, TextField } from '../forms/form-rows';
import { errorMessage } from '../shell/data-states';
import { useIdentity } from '../../lib/identity';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '../ui/form-field';
import { Input } from '../ui/input';
import { toast } from '../../lib/use-toast';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { emptyPersonFields, fieldsOfPerson, formFieldOfPath, idNumberFeedback, type PersonField, type PersonFields, validatePersonFields } from './person-form';
import { IdNumberTaken, type IdNumberHolder } from './id-number-taken';
import { PersonMatches } from './person-matches';
import { usePersonMatches } from './use-person-matches';
import { StaleRecordAlert } from '../forms/stale-record-alert';

const KIND_OPTIONS = [
  { value: 'person', label: 'Person' },
  { value: 'organization', label: 'Organisation' },
];
const SEX_OPTIONS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
];

interface AppErrorData {
  code?: string;
  current?: unknown;
  fields?: Record<string, string>;
  /** A 409 on a unique value (an SA ID number): who holds it. */
  existing?: IdNumberHolder;
}
const dataOf = (error: unknown): AppErrorData | undefined => (isTRPCClientError(error) ? (error.data as AppErrorData | undefined) : undefined);

export interface PersonFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this person; without it the dialog adds one. */
  person?: TPerson;
  /** What the caller already knows (a name typed into a picker, the kind). */
  initial?: Partial<PersonFields>;
  /** Offer the organisation kind when adding (parties); a patient or client is a person. */
  allowOrganisation?: boolean;
  onSaved?: (person: TPerson) => void;
  /** "Use this person" on a likely duplicate: the caller takes the existing record instead. */
  onUseExisting?: (person: TPerson) => void;
  useExistingLabel?: string;
}

/**
 * Add or edit a person of the registry (issue 19). The SA ID number is checked as it is typed (the
 * reason shows under it) and fills an empty date of birth and sex; the duplicate check lists likely
 * matches above the save button. Edit carries the version seen: a 409 offers to reload.
 */
export function PersonFormDialog(props: PersonFormDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open && <PersonForm {...props} />}
    </Dialog>
  );
}

function PersonForm({ person, initial, allowOrganisation = false, onOpenChange, onSaved, onUseExisting, useExistingLabel }: PersonFormDialogProps) {
  // Health cover is a hospital's and a claim's concern, not a law firm's (issue 32).
  const showsMedicalAid = useIdentity().platform !== 'legal';
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState<TPerson | undefined>(person);
  const [stale, setStale] = useState<TPerson | null>(null);
  // The server's 409 for an SA ID number another record holds (issue 32), with the number it was for.
  const [taken, setTaken] = useState<{ holder: IdNumberHolder; idNumber: string } | null>(null);
  const form = useForm<PersonFields>({ defaultValues: person ? fieldsOfPerson(person) : emptyPersonFields(initial) });
  const create = useMutation(trpc.people.create.mutationOptions());
  const update = useMutation(trpc.people.update.mutationOptions());
  const pending = create.isPending || update.isPending;

  const kind = form.watch('kind');
  const organisation = kind === 'organization';
  const idNumber = form.watch('idNumber');
  const firstName = form.watch('firstName');
  const lastName = form.watch('lastName');
  const dateOfBirth = form.watch('dateOfBirth');
  const feedback = idNumberFeedback(organisation ? '' : idNumber);
  const matches = usePersonMatches(
    { idNumber: organisation ? '' : idNumber, name: organisation ? lastName : `${firstName} ${lastName}`, dateOfBirth: organisation ? '' : dateOfBirth },
    person?.id,
  );
  // An SA ID number is one person's: a record already holding the number typed is offered, never a
  // second record (the server refuses it with a 409 naming the holder).
  const sameIdNumber = organisation ? undefined : matches.items.find((m) => m.reason === 'idNumber')?.person;
  const idHolder: IdNumberHolder | null = sameIdNumber
    ? { id: sameIdNumber.id, name: sameIdNumber.fullName }
    : taken && !organisation && taken.idNumber === idNumber.replace(/\s+/g, '')
      ? taken.holder
      : null;

  // A valid ID number gives the date of birth and sex: fill them when they are still empty.
  const factsDob = feedback.facts?.dateOfBirth;
  const factsSex = feedback.facts?.sex;
  useEffect(() => {
    if (!factsDob || !factsSex) return;
    if (!form.getValues('dateOfBirth')) form.setValue('dateOfBirth', factsDob, { shouldDirty: true });
    if (!form.getValues('sex')) form.setValue('sex', factsSex, { shouldDirty: true });
  }, [factsDob, factsSex, form]);

  const onSubmit = form.handleSubmit(async (fields) => {
    const result = validatePersonFields(fields);
    if (!result.ok) {
      let first = true;
      for (const [field, message] of Object.entries(result.errors)) {
        form.setError(field as PersonField, { type: 'validate', message }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    try {
      let saved: TPerson;
      if (seen) {
        const { kind: _kind, ...changes } = result.input;
        saved = await update.mutateAsync({ id: seen.id, ...changes, expectedVersion: seen.version });
      } else {
        saved = await create.mutateAsync(result.input);
      }
      void queryClient.invalidateQueries({ queryKey: trpc.people.pathKey() });
      toast({ title: seen ? 'Person updated' : organisation ? 'Organisation added' : 'Person added', description: saved.fullName });
      onSaved?.(saved);
      onOpenChange(false);
    } catch (error) {
      const data = dataOf(error);
      if (data?.code === 'CONFLICT' && data.current) return setStale(data.current as TPerson);
      if (data?.code === 'CONFLICT' && data.existing) setTaken({ holder: data.existing, idNumber: fields.idNumber.replace(/\s+/g, '') });
      let placed = 0;
      for (const [path, message] of Object.entries(data?.fields ?? {})) {
        const field = formFieldOfPath(path);
        if (!field) continue;
        form.setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
        placed += 1;
      }
      if (placed === 0) toast({ title: seen ? 'Could not save the person' : 'Could not add the person', description: errorMessage(error), variant: 'destructive' });
    }
  });

  const reload = () => {
    if (!stale) return;
    setSeen(stale);
    form.reset(fieldsOfPerson(stale));
    setStale(null);
  };

  const noun = organisation ? 'organisation' : 'person';
  return (
    <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{seen ? `Edit ${seen.fullName}` : organisation ? 'New organisation' : 'New person'}</DialogTitle>
        <DialogDescription>
          {seen
            ? 'Changes show on every case of this person.'
            : `Add ${organisation ? "an organisation" : "a person"} to your organisation’s registry. Fields marked * are required.`}
        </DialogDescription>
      </DialogHeader>
      {stale && <StaleRecordAlert what="This person" onReload={reload} />}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={pending} className="grid gap-4">
            <legend className="sr-only">{seen ? 'Person details' : `New ${noun}`}</legend>
            {!seen && allowOrganisation && (
              <SelectField control={form.control} name="kind" label="Kind" options={KIND_OPTIONS} disabled={pending} />
            )}
            {organisation ? (
              <TextField control={form.control} name="lastName" label="Organisation name" required maxLength={200} autoComplete="off" placeholder="e.g. MEC for Health, Gauteng" />
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField control={form.control} name="firstName" label="First names" required maxLength={100} autoComplete="off" />
                <TextField control={form.control} name="lastName" label="Surname" required maxLength={200} autoComplete="off" />
              </div>
            )}
            {!organisation && (
              <>
                <FormField
                  control={form.control}
                  name="idNumber"
                  render={({ field, fieldState }) => (
                    <FormItem>
                      <FormLabel>SA ID number</FormLabel>
                      <FormControl>
                        <Input {...field} inputMode="numeric" autoComplete="off" maxLength={16} placeholder="13 digits" className="font-mono" />
                      </FormControl>
                      {!fieldState.error && feedback.kind !== 'none' && (
                        <FormDescription
                          data-testid="id-number-feedback"
                          className={cn(feedback.kind === 'error' && 'text-destructive', feedback.kind === 'ok' && 'text-emerald-700 dark:text-emerald-400')}
                          aria-live="polite"
                        >
                          {feedback.text}
                        </FormDescription>
                      )}
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField control={form.control} name="passportNumber" label="Passport number" maxLength={30} autoComplete="off" description="For someone without an SA ID number." />
                  <TextField control={form.control} name="passportCountry" label="Passport country" maxLength={60} />
                  <TextField control={form.control} name="dateOfBirth" label="Date of birth" type="date" />
                  <SelectField control={form.control} name="sex" label="Sex" options={SEX_OPTIONS} placeholder="Not recorded" disabled={pending} />
                </div>
              </>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField control={form.control} name="phone" label="Phone" type="tel" maxLength={30} placeholder="e.g. 082 555 0101" />
              <TextField control={form.control} name="email" label="E-mail" type="email" maxLength={200} />
            </div>
            <TextareaField control={form.control} name="address" label="Address" rows={2} maxLength={500} />
            {!organisation && (
              <>
                <SelectField control={form.control} name="preferredLanguage" label="Preferred language" options={PREFERRED_LANGUAGES} placeholder="Not recorded" disabled={pending} />
                {showsMedicalAid && (
                  <fieldset className="grid gap-3 rounded-lg border p-3">
                    <legend className="px-1 text-sm font-medium">Medical aid</legend>
                    <div className="grid gap-4 sm:grid-cols-3">
                      <TextField control={form.control} name="medicalAidScheme" label="Scheme" maxLength={100} placeholder="e.g. Discovery Health" />
                      <TextField control={form.control} name="medicalAidNumber" label="Member number" maxLength={50} />
                      <TextField control={form.control} name="medicalAidMainMember" label="Main member" maxLength={200} />
                    </div>
                  </fieldset>
                )}
              </>
            )}
            <TextareaField control={form.control} name="notes" label="Notes" rows={2} maxLength={5000} />
            <PersonMatches
              items={matches.items}
              checking={matches.checking}
              onUse={
                onUseExisting
                  ? (existing) => {
                      onUseExisting(existing);
                      onOpenChange(false);
                    }
                  : undefined
              }
              useLabel={useExistingLabel}
            />
            {idHolder && (
              <IdNumberTaken
                holder={idHolder}
                editing={Boolean(seen)}
                useLabel={useExistingLabel}
                onUse={
                  onUseExisting && sameIdNumber
                    ? () => {
                        onUseExisting(sameIdNumber);
                        onOpenChange(false);
                      }
                    : undefined
                }
                onOpen={() => onOpenChange(false)}
              />
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={stale !== null || idHolder !== null}>
                {pending ? 'Saving...' : seen ? 'Save changes' : matches.items.length > 0 && !idHolder ? `Add as a new ${noun}` : `Add ${noun}`}
              </Button>
            </DialogFooter>
          </fieldset>
        </form>
      </Form>
    </DialogContent>
  );
}
