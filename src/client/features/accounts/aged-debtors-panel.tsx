import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import type { TAgedDebtors } from '../../../shared/domain/account-wire';
import { AGE_BUCKETS } from '../../../shared/domain/medical-accounts';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { useTRPC } from '../../trpc';

// The aged-debtors report (issue 33): what each account holder owes, by the age of the account
// (current, 30, 60, 90, 120+ days); the totals are the sum of the holders' statements. CSV for the
// bookkeeper.

type Row = TAgedDebtors['rows'][number];
const BUCKETS = Object.keys(AGE_BUCKETS) as (keyof typeof AGE_BUCKETS)[];

export function AgedDebtorsPanel() {
  const trpc = useTRPC();
  const report = useQuery(trpc.statements.agedDebtors.queryOptions());
  if (report.isPending) return <ListSkeleton rows={4} label="Loading the aged debtors" />;
  if (report.isError) return <ErrorState title="Could not load the aged debtors" error={report.error} onRetry={() => void report.refetch()} />;
  const columns: Column<Row>[] = [
    { header: 'Account holder', cell: (r) => <span className="font-medium">{r.holderName}</span> },
    { header: 'Accounts', cell: (r) => r.accounts },
    ...BUCKETS.map((b) => ({ header: AGE_BUCKETS[b], cell: (r: Row) => formatZar(r[b]), className: 'text-right' })),
    { header: 'Total', cell: (r) => <span className="font-medium">{formatZar(r.totalCents)}</span>, className: 'text-right' },
  ];
  const totals = report.data.totals;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">As at {formatCalendarDay(report.data.asOf)}. Owed in all: <span className="font-medium text-foreground">{formatZar(totals.totalCents)}</span></p>
        <Button asChild variant="outline" size="sm">
          <a href="/api/reports/aged-debtors?format=csv" download="aged-debtors.csv">Download CSV</a>
        </Button>
      </div>
      {report.data.rows.length === 0 ? (
        <EmptyState icon={Receipt} title="Nobody owes the practice anything" />
      ) : (
        <>
          <SimpleTable caption="Aged debtors, largest balance first" columns={columns} rows={report.data.rows} rowKey={(r) => r.holderId ?? r.holderName} />
          {report.data.debtors > report.data.rows.length && (
            <p className="text-sm text-muted-foreground">
              The {report.data.rows.length} largest of {report.data.debtors} debtors; the totals count every one, and the CSV lists them all.
            </p>
          )}
          <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-6" aria-label="Totals by age">
            {BUCKETS.map((b) => (
              <div key={b}>
                <dt className="text-muted-foreground">{AGE_BUCKETS[b]}</dt>
                <dd className="font-medium">{formatZar(totals[b])}</dd>
              </div>
            ))}
            <div>
              <dt className="text-muted-foreground">Total</dt>
              <dd className="font-semibold">{formatZar(totals.totalCents)}</dd>
            </div>
          </dl>
        </>
      )}
    </div>
  );
}
