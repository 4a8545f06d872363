import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import type { TWipReport } from '../../../shared/domain/fee-reports';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { useTRPC } from '../../trpc';
import { CsvLink } from './csv-link';
import { hours } from './hours';

// Work in progress (issue 34): the largest matters' unbilled time and disbursements, each matter with
// its fee earners beneath it, and every fee earner's unbilled time; the totals count every matter.

type Row = TWipReport['rows'][number];
type Earner = TWipReport['byFeeEarner'][number];

export function WipPanel() {
  const trpc = useTRPC();
  const report = useQuery(trpc.feeReports.wip.queryOptions({}));
  if (report.isPending) return <ListSkeleton rows={4} label="Loading the work in progress" />;
  if (report.isError) return <ErrorState title="Could not load the work in progress" error={report.error} onRetry={() => void report.refetch()} />;
  const { rows, byFeeEarner, byMatter, totals, asOf } = report.data;
  const columns: Column<Row>[] = [
    { header: 'Matter', cell: (r) => <span className="font-medium">{r.caseReference ?? 'No reference'}</span> },
    { header: 'Client', cell: (r) => r.client },
    { header: 'Fee earner', cell: (r) => r.feeEarner ?? <span className="text-muted-foreground">Disbursements</span> },
    { header: 'Hours', cell: (r) => (r.minutes ? hours(r.minutes) : ''), className: 'text-right' },
    { header: 'Time', cell: (r) => (r.timeCents ? formatZar(r.timeCents) : ''), className: 'text-right' },
    { header: 'Disbursements', cell: (r) => (r.disbursementsCents ? formatZar(r.disbursementsCents) : ''), className: 'text-right' },
    { header: 'Oldest', cell: (r) => formatCalendarDay(r.oldestDate) },
  ];
  const earnerColumns: Column<Earner>[] = [
    { header: 'Fee earner', cell: (e) => <span className="font-medium">{e.feeEarner}</span> },
    { header: 'Matters', cell: (e) => e.matters, className: 'text-right' },
    { header: 'Hours', cell: (e) => hours(e.minutes), className: 'text-right' },
    { header: 'Unbilled time', cell: (e) => formatZar(e.timeCents), className: 'text-right' },
    { header: 'Oldest', cell: (e) => formatCalendarDay(e.oldestDate) },
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          As at {formatCalendarDay(asOf)}: <span className="font-medium text-foreground">{formatZar(totals.totalCents)}</span> unbilled on {totals.matters}{' '}
          {totals.matters === 1 ? 'matter' : 'matters'} ({formatZar(totals.timeCents)} time, {hours(totals.minutes)}; {formatZar(totals.disbursementsCents)}{' '}
          disbursements), excluding VAT.
        </p>
        <CsvLink href="/api/reports/wip?format=csv" fileName="work-in-progress.csv" />
      </div>
      {rows.length === 0 ? (
        <EmptyState icon={Hourglass} title="No unbilled work">
          Stopped time and disbursements show here until they are billed on a fee note.
        </EmptyState>
      ) : (
        <>
          <SimpleTable
            caption="Work in progress by matter and fee earner, largest matter first"
            columns={columns}
            rows={rows}
            rowKey={(r) => `${r.caseId}|${r.feeEarnerId ?? 'disbursements'}`}
            stackOnPhone
          />
          {totals.matters > byMatter.length && (
            <p className="text-sm text-muted-foreground">
              The {byMatter.length} largest of {totals.matters} matters; the totals count every one, and the CSV lists them all.
            </p>
          )}
          <h2 className="text-base font-semibold">By fee earner</h2>
          <SimpleTable caption="Unbilled time by fee earner" columns={earnerColumns} rows={byFeeEarner} rowKey={(e) => e.feeEarnerId} />
        </>
      )}
    </div>
  );
}
