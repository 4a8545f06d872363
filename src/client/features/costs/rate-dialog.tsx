import { useEffect, useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { dayKey } from '../../../shared/calendar';
import { ZAddHourlyRateInput } from '../../../shared/domain/costs';
import type { TOrganizationMember } from '../../../shared/domain/users';
import { formatZar } from '../../../shared/format';
import { formatDate } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { errorMessage } from '../../components/shell/data-states';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { useCostRefresh } from './use-cost-refresh';

interface RateDialogProps {
  open: boolean;
  /** The staff member whose card was edited, pre-selected; null opens with no choice made. */
  userId: string | null;
  staff: TOrganizationMember[];
  onOpenChange: (open: boolean) => void;
}

/** The message of the shared schema for a typed rate (negative, zero, too many decimals), or null when it is valid or empty. */
function rateError(rate: string): string | null {
  if (rate.trim() === '') return null;
  // The field gives text ('-5'); the schema judges the number it stands for.
  const asNumber = Number(rate);
  const parsed = ZAddHourlyRateInput.shape.hourlyRate.safeParse(Number.isFinite(asNumber) ? asNumber : rate.trim());
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a valid hourly rate');
}

/** SPEC §2.12 / §5: 'Update Rate' — a staff member and a valid rate must be present before anything is sent. */
export function RateDialog({ open, userId, staff, onOpenChange }: RateDialogProps) {
  const trpc = useTRPC();
  const refresh = useCostRefresh();
  const [staffId, setStaffId] = useState('');
  const [rate, setRate] = useState('');
  const [effectiveDate, setEffectiveDate] = useState(dayKey());
  const ids = { staff: useId(), rate: useId(), rateError: useId(), date: useId(), error: useId() };
  const addRate = useMutation(
    trpc.costs.addRate.mutationOptions({
      onSuccess: async (saved) => {
        onOpenChange(false);
        toast({ title: 'Rate saved', description: `${saved.userName}: ${formatZar(saved.hourlyRateCents)} / hour from ${formatDate(saved.effectiveDate)}` });
        await refresh();
      },
    }),
  );

  useEffect(() => {
    if (!open) return;
    setStaffId(userId ?? '');
    setRate('');
    setEffectiveDate(dayKey());
    addRate.reset();
    // Only a fresh opening clears the form, not a new mutation object.
  }, [open, userId]);

  const invalidRate = rateError(rate);
  const ready = staffId !== '' && rate.trim() !== '' && invalidRate === null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    addRate.mutate({ userId: staffId, hourlyRate: Number(rate), effectiveDate: effectiveDate || dayKey() });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Update Rate</DialogTitle>
          <DialogDescription>The rate applies to time recorded from the effective date on.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={ids.staff}>Staff Member</Label>
            <Select value={staffId} onValueChange={setStaffId}>
              <SelectTrigger id={ids.staff} className="w-full">
                <SelectValue placeholder="Select a staff member" />
              </SelectTrigger>
              <SelectContent>
                {staff.map((member) => (
                  <SelectItem key={member.id} value={member.id}>
                    {member.firstName} {member.lastName} ({member.role})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.rate}>Hourly Rate (ZAR)</Label>
            <Input
              id={ids.rate}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={rate}
              onChange={(event) => setRate(event.target.value)}
              placeholder="0.00"
              aria-invalid={invalidRate !== null}
              aria-describedby={invalidRate ? ids.rateError : undefined}
            />
            {invalidRate && (
              <p id={ids.rateError} className="text-sm text-destructive">
                {invalidRate}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.date}>Effective Date</Label>
            <Input id={ids.date} type="date" value={effectiveDate} onChange={(event) => setEffectiveDate(event.target.value)} />
          </div>
          {addRate.isError && (
            <p id={ids.error} role="alert" className="text-sm text-destructive">
              {errorMessage(addRate.error)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready || addRate.isPending}>
              {addRate.isPending ? 'Saving...' : 'Update Rate'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
