import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dayKey } from '../../../shared/calendar';
import type { TReconciliation } from '../../../shared/domain/trust';
import { formatDate, formatZar } from '../../../shared/format';
import { can } from '../../../shared/roles';
import { CaseLink } from '../../components/cases/case-link';
import { AppPage } from '../../components/shell/app-page';
import { ErrorState, ListSkeleton, RestrictedState, errorMessage } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { randToCents } from '../../lib/rand-input';
import { fieldErrorsOf } from '../../lib/server-errors';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

const TITLE = 'Trust account';

/** Last month, 'YYYY-MM': the month a bookkeeper reconciles in the first days of this one (rule 54.10). */
function lastMonth(): string {
  const [y, m] = dayKey().split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * /trust (issue 34): the monthly trust reconciliation (rule 54.15.1) — every client the firm holds
 * money for at the month's end, by name, with the total, against the trust bank balance from the
 * bank's statement and the trust investments. A difference must be explained before Finance or the
 * Director signs the month off; a signed-off month takes no back-dated entry. PDF for the auditor.
 */
export function TrustReconciliationScreen() {
  const identity = useIdentity();
  const [month, setMonth] = useState(lastMonth());
  if (!can(identity, 'trust.manage')) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>Only Finance Staff and the Director run the trust account. A matter's trust ledger is on its Fees tab.</RestrictedState>
      </AppPage>
    );
  }
  return (
    <AppPage
      title={TITLE}
      description="The month's trust creditors against the bank statement and the trust investments (LPC rule 54.15.1)."
      actions={
        <label className="flex items-center gap-2 text-sm">
          Month
          <Input type="month" value={month} max={dayKey().slice(0, 7)} onChange={(e) => e.target.value && setMonth(e.target.value)} className="w-40" />
        </label>
      }
    >
      <Reconciliation key={month} month={month} />
    </AppPage>
  );
}

function Reconciliation({ month }: { month: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.trust.reconciliation.queryOptions({ month }));
  if (query.isPending) return <ListSkeleton rows={4} label="Loading the reconciliation" />;
  if (query.isError) return <ErrorState title="Could not load the reconciliation" error={query.error} onRetry={() => void query.refetch()} />;
  const r = query.data;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="creditors-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="creditors-heading" className="text-lg font-semibold">Trust creditors at {formatDate(r.asAt)}</h2>
          {r.signedOff ? <Badge>Signed off by {r.signedOffBy ?? 'a former user'}</Badge> : <Badge variant="outline">Open</Badge>}
          <Button asChild size="sm" variant="outline" className="ml-auto"><a href={`/api/trust/reconciliations/${month}/pdf`} download>PDF for the auditor</a></Button>
        </div>
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <caption className="sr-only">Trust creditors and their balances at the month's end</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Client</th>
                <th scope="col" className="px-3 py-2 font-medium">Matter</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Trust bank</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Invested</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Balance</th>
              </tr>
            </thead>
            <tbody>
              {r.creditors.length === 0 && (
                <tr><td colSpan={5} className="px-3 py-3 text-muted-foreground">No money was held in trust at the month's end.</td></tr>
              )}
              {r.creditors.map((c) => (
                <tr key={c.caseId} className="border-t">
                  <td className="px-3 py-2"><CaseLink caseId={c.caseId} tab="fees" label={`Open the trust ledger of ${c.client}`}>{c.client}</CaseLink></td>
                  <td className="px-3 py-2">{c.caseReference ?? '—'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatZar(c.trustBankCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatZar(c.investedCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatZar(c.balanceCents)}</td>
                </tr>
              ))}
              <tr className="border-t font-semibold">
                <th scope="row" colSpan={2} className="px-3 py-2 text-left">Total owed to trust creditors</th>
                <td className="px-3 py-2 text-right tabular-nums">{formatZar(r.ledgerBankCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatZar(r.investmentsCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatZar(r.creditorsTotalCents)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>
      <BankComparison month={month} reconciliation={r} />
    </div>
  );
}

function BankComparison({ month, reconciliation: r }: { month: string; reconciliation: TReconciliation }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [bank, setBank] = useState(r.bankBalanceCents === null ? '' : (r.bankBalanceCents / 100).toFixed(2));
  const [notes, setNotes] = useState(r.notes ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const ids = { bank: useId(), notes: useId() };
  const refresh = (data: TReconciliation) => queryClient.setQueryData(trpc.trust.reconciliation.queryKey({ month }), data);
  const save = useMutation(
    trpc.trust.saveReconciliation.mutationOptions({
      onSuccess: (data) => {
        refresh(data);
        toast({ title: 'Bank balance saved', description: data.differenceCents === 0 ? 'The trust account balances.' : `Difference ${formatZar(data.differenceCents ?? 0)}.` });
      },
      onError: (e) => setFields(fieldErrorsOf(e, errorMessage)),
    }),
  );
  const signOff = useMutation(
    trpc.trust.signOff.mutationOptions({
      onSuccess: (data) => {
        refresh(data);
        toast({ title: 'Month signed off', description: 'No entry can now be dated in it.' });
      },
      onError: (e) => setFields(fieldErrorsOf(e, errorMessage)),
    }),
  );
  const rows: [string, string][] = [
    ['Trust bank balance per the bank statement', r.bankBalanceCents === null ? 'Not entered' : formatZar(r.bankBalanceCents)],
    ['Trust investments (s86(3) and s86(4))', formatZar(r.investmentsCents)],
    ['Trust creditors', formatZar(-r.creditorsTotalCents)],
  ];
  return (
    <section aria-labelledby="bank-heading" className="grid gap-3">
      <h2 id="bank-heading" className="text-lg font-semibold">Compared with the bank</h2>
      <dl className="grid max-w-xl gap-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4"><dt>{label}</dt><dd className="tabular-nums">{value}</dd></div>
        ))}
        <div className="flex justify-between gap-4 border-t pt-1 font-semibold">
          <dt>Difference</dt>
          <dd className={`tabular-nums ${r.differenceCents ? 'text-destructive' : ''}`}>{r.differenceCents === null ? '—' : formatZar(r.differenceCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-muted-foreground"><dt>Trust bank per the firm's ledger</dt><dd className="tabular-nums">{formatZar(r.ledgerBankCents)}</dd></div>
      </dl>
      {r.notes && r.signedOff && <p className="text-sm">Explanation: {r.notes}</p>}
      {!r.signedOff && (
        <form className="grid max-w-xl gap-3" noValidate onSubmit={(e) => { e.preventDefault(); setFields({}); save.mutate({ month, bankBalanceCents: randToCents(bank), notes }); }}>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.bank}>Trust bank balance on the statement at the month's end (R)</Label>
            <Input id={ids.bank} inputMode="decimal" value={bank} onChange={(e) => setBank(e.target.value)} />
            {fields.bankBalanceCents && <p className="text-sm text-destructive">{fields.bankBalanceCents}</p>}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.notes}>Explanation of any difference</Label>
            <textarea id={ids.notes} className="min-h-20 rounded-md border bg-background px-3 py-2 text-sm" value={notes} onChange={(e) => setNotes(e.target.value)} />
            {fields.notes && <p className="text-sm text-destructive">{fields.notes}</p>}
          </div>
          {fields.form && <p role="alert" className="text-sm text-destructive">{fields.form}</p>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="outline" disabled={save.isPending}>Save bank balance</Button>
            <Button type="button" disabled={signOff.isPending || r.bankBalanceCents === null} onClick={() => { setFields({}); signOff.mutate({ month }); }}>Sign off the month</Button>
          </div>
        </form>
      )}
    </section>
  );
}
