import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBillingSettings } from '../../../shared/domain/medical-accounts';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { fieldErrorsOf } from '../../lib/server-errors';
import { useTRPC } from '../../trpc';
import { BankDetailsFields, bankDetailsOf, bankDraftOf } from './bank-details-fields';
import { SettingsSection } from './settings-section';

// The practice's identity on its accounts (issue 33), for the Administrator: the BHF practice number
// every claim carries, the VAT number (with one the practice charges VAT), the banking details its
// statements print, and each treating clinician's own practitioner number.

export function PracticeSection() {
  const identity = useIdentity();
  if (identity.isSuperAdmin || !identity.platform || !PLATFORM_CONFIG[identity.platform].features.medicalAccounts || !can(identity, 'billingSettings.manage'))
    return null;
  return (
    <SettingsSection
      id="practice"
      title="Practice billing details"
      description="What every account, claim and statement carries: the BHF practice number, the VAT number and the banking details."
    >
      <Practice />
    </SettingsSection>
  );
}

function Practice() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.practice.settings.queryOptions());
  if (settings.isPending) return <ListSkeleton rows={3} label="Loading the practice details" />;
  if (settings.isError) return <ErrorState title="Could not load the practice details" error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <div className="grid gap-6">
      <PracticeForm settings={settings.data} />
      <Practitioners settings={settings.data} />
    </div>
  );
}

function PracticeForm({ settings }: { settings: TBillingSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.practice.saveSettings.mutationOptions());
  const [values, setValues] = useState({ practiceNumber: settings.practiceNumber ?? '', vatNumber: settings.vatNumber ?? '' });
  const [bank, setBank] = useState(bankDraftOf(settings.bankDetails));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof values, label: string, hint?: string) => (
    <div className="grid gap-1">
      <Label htmlFor={`practice-${name}`}>{label}</Label>
      <Input id={`practice-${name}`} value={values[name]} placeholder={hint} aria-invalid={!!errors[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
      {errors[name] && <p className="text-sm text-destructive">{errors[name]}</p>}
    </div>
  );
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({ ...values, bankDetails: bankDetailsOf(bank) });
      await queryClient.invalidateQueries({ queryKey: trpc.practice.pathKey() });
      toast({ title: 'Practice details saved' });
    } catch (error) {
      setErrors(fieldErrorsOf(error, errorMessage));
    }
  };
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Practice billing details">
      {field('practiceNumber', 'BHF practice number', '7 digits')}
      {field('vatNumber', 'VAT number (if a registered vendor)', '10 digits starting with 4')}
      <BankDetailsFields idPrefix="practice" value={bank} errors={errors} onChange={setBank} />
      {errors.form && <p className="text-sm text-destructive sm:col-span-2">{errors.form}</p>}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          Save practice details
        </Button>
      </div>
    </form>
  );
}

function Practitioners({ settings }: { settings: TBillingSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const set = useMutation(trpc.practice.setPractitionerNumber.mutationOptions());
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const onSave = async (userId: string, name: string) => {
    try {
      await set.mutateAsync({
        userId,
        practitionerNumber: drafts[userId] ?? '',
      });
      await queryClient.invalidateQueries({
        queryKey: trpc.practice.pathKey(),
      });
      toast({ title: 'Practitioner number saved', description: name });
    } catch (error) {
      toast({
        title: 'Could not save it',
        description: Object.values(fieldErrorsOf(error, errorMessage))[0],
        variant: 'destructive',
      });
    }
  };
  if (settings.practitioners.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No treating clinicians yet: doctors, nurses, clinical and diagnostic staff bill under their own practitioner number.
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-medium">Practitioner numbers of the treating clinicians</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1">
              Clinician
            </th>
            <th scope="col" className="py-1">
              Role
            </th>
            <th scope="col" className="py-1">
              Practitioner number
            </th>
          </tr>
        </thead>
        <tbody>
          {settings.practitioners.map((p) => (
            <tr key={p.userId} className="border-t">
              <td className="py-2">{p.name}</td>
              <td className="py-2">{p.role}</td>
              <td className="flex items-center gap-2 py-2">
                <Input
                  aria-label={`Practitioner number of ${p.name}`}
                  className="w-32"
                  value={drafts[p.userId] ?? p.practitionerNumber ?? ''}
                  placeholder="7 digits"
                  onChange={(e) => setDrafts({ ...drafts, [p.userId]: e.target.value })}
                />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={drafts[p.userId] === undefined || set.isPending}
                  onClick={() => void onSave(p.userId, p.name)}
                >
                  Save
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
