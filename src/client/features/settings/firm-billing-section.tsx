import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFeeSettings } from '../../../shared/domain/fee-notes';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { fieldErrorsOf } from '../../lib/server-errors';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { BankDetailsFields, bankDetailsOf, bankDraftOf } from './bank-details-fields';
import { SettingsSection } from './settings-section';

// The firm's details on its fee notes (issue 34), for the Administrator: the VAT number (a registered
// vendor charges 15% VAT and issues tax invoices), the business account its fee notes ask to be paid
// into, and — on the medicolegal platform — whether the organisation acts for claimants at all (a State
// litigation unit defends claims and bills nobody; with this on, its fee and trust screens appear).

export function FirmBillingSection() {
  const identity = useIdentity();
  if (identity.isSuperAdmin || !identity.platform || !PLATFORM_CONFIG[identity.platform].features.feeNotes || !can(identity, 'billingSettings.manage')) return null;
  return (
    <SettingsSection id="firm-billing" title="Fee notes and billing" description="What every fee note and statement carries: the firm's VAT number and its business account.">
      <FirmBilling medicolegal={identity.platform === 'medicolegal'} />
    </SettingsSection>
  );
}

function FirmBilling({ medicolegal }: { medicolegal: boolean }) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.fees.settings.queryOptions());
  if (settings.isPending) return <ListSkeleton rows={3} label="Loading the firm's billing details" />;
  if (settings.isError) return <ErrorState title="Could not load the firm's billing details" error={settings.error} onRetry={() => void settings.refetch()} />;
  return <FirmBillingForm settings={settings.data} medicolegal={medicolegal} />;
}

function FirmBillingForm({ settings, medicolegal }: { settings: TFeeSettings; medicolegal: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.fees.saveSettings.mutationOptions());
  const [vatNumber, setVatNumber] = useState(settings.vatNumber ?? '');
  const [bank, setBank] = useState(bankDraftOf(settings.bankDetails));
  const [actsForClaimants, setActsForClaimants] = useState(settings.actsForClaimants);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({ vatNumber, bankDetails: bankDetailsOf(bank), ...(medicolegal ? { actsForClaimants } : {}) });
      await queryClient.invalidateQueries({ queryKey: trpc.fees.pathKey() });
      toast({ title: 'Billing details saved' });
    } catch (error) {
      setErrors(fieldErrorsOf(error, errorMessage));
    }
  };
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Fee notes and billing">
      <p className="text-sm text-muted-foreground sm:col-span-2">
        {settings.firmName}
        {settings.address ? `, ${settings.address}` : ''} (the organisation's name and address, from its profile).
      </p>
      {medicolegal && (
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="size-4" checked={actsForClaimants} onChange={(e) => setActsForClaimants(e.target.checked)} />
          This organisation acts for claimants and bills them (fee notes, the trust account, contingency fees)
        </label>
      )}
      <div className="grid gap-1">
        <Label htmlFor="firm-vatNumber">VAT number (if a registered vendor)</Label>
        <Input id="firm-vatNumber" value={vatNumber} placeholder="10 digits starting with 4" aria-invalid={!!errors.vatNumber} onChange={(e) => setVatNumber(e.target.value)} />
        {errors.vatNumber && <p className="text-sm text-destructive">{errors.vatNumber}</p>}
      </div>
      <BankDetailsFields idPrefix="firm" value={bank} errors={errors} onChange={setBank} />
      {errors.form && <p className="text-sm text-destructive sm:col-span-2">{errors.form}</p>}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>Save billing details</Button>
      </div>
    </form>
  );
}
