import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import type { TFeeDebtors } from '../../../shared/domain/fee-reports';
import { AGE_BUCKETS } from '../../../shared/domain/medical-accounts';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { useTRPC } from '../../trpc';
import { CsvLink } from './csv-link';
import { FeeStatementDialog } from './fee-statement-dialog';

// The firm's aged debtors (issue 34): what each client owes on issued fee notes, by the fee note's
// issue date (current, 30, 60, 90, 120+ days), largest first; each client's statement one click away.

type Row = TFeeDebtors['rows'][number];
const BUCKETS = Object.keys(AGE_BUCKETS) as (keyof typeof AGE_BUCKETS)[];

export function FeeDebtorsPanel() {
  const trpc = useTRPC();
  const report = useQuery(trpc.feeReports.agedDebtors.queryOptions({}));
  const [statementOf, setStatementOf] = useState<string | null>(null);
  if (report.isPending) return <ListSkeleton rows={4} label="Loading the aged debtors" />;
  if (report.isError) return <ErrorState title="Could not load the aged debtors" error={report.error} onRetry={() => void report.refetch()} />;
  const { rows, totals, debtors, asOf } = report.data;
  const columns: Column<Row>[] = [
    { header: 'Client', cell: (r) => <span className="font-medium">{r.client}</span> },
    { header: 'Fee notes', cell: (r) => r.feeNotes, className: 'text-right' },
    ...BUCKETS.map((b) => ({ header: AGE_BUCKETS[b], cell: (r: Row) => formatZar(r[b]), className: 'text-right' })),
    { header: 'Total', cell: (r) => <span className="font-medium">{formatZar(r.totalCents)}</span>, className: 'text-right' },
    {
      header: 'Statement',
      // A client billed by name only (a matter with no person record) has no statement of their own.
      cell: (r) =>
        r.clientId ? (
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setStatementOf(r.clientId)}>
            Statement<span className="sr-only"> of {r.client}</span>
          </Button>
        ) : null,
    },
  ];
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          As at {formatCalendarDay(asOf)}. Owed on issued fee notes: <span className="font-medium text-foreground">{formatZar(totals.totalCents)}</span>
        </p>
        <CsvLink href="/api/reports/aged-debtors?format=csv" fileName="aged-debtors.csv" />
      </div>
      {rows.length === 0 ? (
        <EmptyState icon={Receipt} title="No client owes the firm anything">
          Issued fee notes with something still owing show here by age.
        </EmptyState>
      ) : (
        <>
          <SimpleTable caption="Aged debtors, largest balance first" columns={columns} rows={rows} rowKey={(r) => r.clientId ?? `name:${r.client}`} />
          {debtors > rows.length && (
            <p className="text-sm text-muted-foreground">
              The {rows.length} largest of {debtors} debtors; the totals count every one, and the CSV lists them all.
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
      {statementOf && <FeeStatementDialog personId={statementOf} onClose={() => setStatementOf(null)} />}
    </div>
  );
}
