import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNT_TYPES, type TBillingSettings } from '../../../shared/domain/medical-accounts';
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

const BANK_FIELDS = [
  ['bankName', 'Bank'],
  ['accountName', 'Account name'],
  ['accountNumber', 'Account number'],
  ['branchCode', 'Branch code'],
] as const;

function PracticeForm({ settings }: { settings: TBillingSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.practice.saveSettings.mutationOptions());
  const [values, setValues] = useState({
    practiceNumber: settings.practiceNumber ?? '',
    vatNumber: settings.vatNumber ?? '',
    bankName: settings.bankDetails?.bankName ?? '',
    accountName: settings.bankDetails?.accountName ?? '',
    accountNumber: settings.bankDetails?.accountNumber ?? '',
    branchCode: settings.bankDetails?.branchCode ?? '',
    accountType: settings.bankDetails?.accountType ?? 'cheque',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof values, label: string, hint?: string) => (
    <div className="grid gap-1">
      <Label htmlFor={`practice-${name}`}>{label}</Label>
      <Input
        id={`practice-${name}`}
        value={values[name]}
        placeholder={hint}
        aria-invalid={!!errors[name] || !!errors[`bankDetails.${name}`]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
      {(errors[name] ?? errors[`bankDetails.${name}`]) && <p className="text-sm text-destructive">{errors[name] ?? errors[`bankDetails.${name}`]}</p>}
    </div>
  );
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const { practiceNumber, vatNumber, accountType, ...bank } = values;
    const hasBank = Object.values(bank).some((v) => v.trim() !== '');
    try {
      await save.mutateAsync({
        practiceNumber,
        vatNumber,
        bankDetails: hasBank ? { ...bank, accountType } : null,
      });
      await queryClient.invalidateQueries({
        queryKey: trpc.practice.pathKey(),
      });
      toast({ title: 'Practice details saved' });
    } catch (error) {
      setErrors(fieldErrorsOf(error, errorMessage));
    }
  };
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Practice billing details">
      {field('practiceNumber', 'BHF practice number', '7 digits')}
      {field('vatNumber', 'VAT number (if a registered vendor)', '10 digits starting with 4')}
      {BANK_FIELDS.map(([name, label]) => field(name, label))}
      <div className="grid gap-1">
        <Label htmlFor="practice-accountType">Account type</Label>
        <select
          id="practice-accountType"
          className="h-9 rounded-md border bg-background px-2 text-sm"
          value={values.accountType}
          onChange={(e) =>
            setValues({
              ...values,
              accountType: e.target.value as typeof values.accountType,
            })
          }
        >
          {Object.entries(BANK_ACCOUNT_TYPES).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </div>
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
