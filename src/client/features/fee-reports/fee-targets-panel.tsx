import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import type { TFeeTarget } from '../../../shared/domain/fee-reports';
import { formatDate, formatZar } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { randToCents } from '../../lib/rand-input';
import { fieldErrorsOf } from '../../lib/server-errors';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// Fee earners' monthly targets (issue 34): Finance or the Director sets each one in rand, exclusive of
// VAT; an empty amount removes it. The fees-by-fee-earner report measures net billed against it.

function TargetEditor({ target }: { target: TFeeTarget }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const inputId = useId();
  const errorId = useId();
  const [amount, setAmount] = useState(target.monthlyTargetCents === null ? '' : (target.monthlyTargetCents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.feeReports.setTarget.mutationOptions({
      onSuccess: async (saved) => {
        setError(null);
        toast({
          title: 'Target saved',
          description: saved.monthlyTargetCents === null ? `${saved.name} has no target.` : `${saved.name}: ${formatZar(saved.monthlyTargetCents)} a month.`,
        });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.feeReports.targets.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.feeReports.feesByFeeEarner.pathKey() }),
        ]);
      },
      onError: (e) => setError(Object.values(fieldErrorsOf(e, errorMessage))[0] ?? errorMessage(e)),
    }),
  );
  return (
    <form
      className="flex flex-wrap items-start gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ userId: target.userId, monthlyTargetCents: amount.trim() === '' ? null : randToCents(amount) });
      }}
    >
      <div className="grid gap-1">
        <Input
          id={inputId}
          className="w-36"
          inputMode="decimal"
          value={amount}
          placeholder="No target"
          aria-label={`Monthly target of ${target.name} (R)`}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
        {error && (
          <p id={errorId} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

export function FeeTargetsPanel() {
  const trpc = useTRPC();
  const targets = useQuery(trpc.feeReports.targets.queryOptions());
  if (targets.isPending) return <ListSkeleton rows={4} label="Loading the targets" />;
  if (targets.isError) return <ErrorState title="Could not load the targets" error={targets.error} onRetry={() => void targets.refetch()} />;
  const columns: Column<TFeeTarget>[] = [
    { header: 'Fee earner', cell: (t) => <span className="font-medium">{t.name}</span> },
    { header: 'Role', cell: (t) => t.role },
    { header: 'Monthly target (excl. VAT)', cell: (t) => <TargetEditor key={`${t.userId}|${t.monthlyTargetCents ?? ''}`} target={t} /> },
    { header: 'Set', cell: (t) => (t.updatedAt ? formatDate(t.updatedAt) : '') },
  ];
  return targets.data.items.length === 0 ? (
    <EmptyState icon={Users} title="No fee earners yet">
      Members who put work on a matter's bill are listed here to be given a target.
    </EmptyState>
  ) : (
    <SimpleTable caption="Fee earners' monthly targets" columns={columns} rows={targets.data.items} rowKey={(t) => t.userId} stackOnPhone />
  );
}
