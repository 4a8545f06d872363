import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Target } from 'lucide-react';
import { dayKey } from '../../../shared/calendar';
import type { TFeesByFeeEarner } from '../../../shared/domain/fee-reports';
import { periodOf } from '../../../shared/money/fee-period';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Progress } from '../../components/ui/progress';
import { useTRPC } from '../../trpc';
import { CsvLink } from './csv-link';
import { hours } from './hours';

// Fees billed against target (issue 34): per fee earner, the fee and fixed-fee lines of fee notes
// issued in the period less those credited in it, against the monthly target × the period's months;
// beside it, the time recorded and the hours billed. This month unless another period is chosen.

type Row = TFeesByFeeEarner['rows'][number];
// This month whole, as the server's default: a month's target against what is billed in it so far.
const thisMonth = () => periodOf({}, dayKey());

function TargetCell({ row }: { row: Pick<Row, 'targetCents' | 'targetPercent'> }) {
  if (row.targetCents === null || row.targetPercent === null) return <span className="text-muted-foreground">No target</span>;
  return (
    <div className="grid min-w-28 gap-1">
      <span>
        {row.targetPercent}% of {formatZar(row.targetCents)}
      </span>
      <Progress value={Math.max(0, Math.min(100, row.targetPercent))} aria-label={`${row.targetPercent}% of target`} />
    </div>
  );
}

export function FeesByFeeEarnerPanel() {
  const trpc = useTRPC();
  const ids = { from: useId(), to: useId() };
  const [period, setPeriod] = useState(thisMonth);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(period.from) && /^\d{4}-\d{2}-\d{2}$/.test(period.to) && period.from <= period.to;
  const report = useQuery({ ...trpc.feeReports.feesByFeeEarner.queryOptions(period), enabled: valid, placeholderData: keepPreviousData });
  const columns: Column<Row>[] = [
    { header: 'Fee earner', cell: (r) => <span className="font-medium">{r.feeEarner}</span> },
    { header: 'Billed', cell: (r) => formatZar(r.billedCents), className: 'text-right' },
    { header: 'Credited', cell: (r) => (r.creditedCents ? formatZar(-r.creditedCents) : ''), className: 'text-right' },
    { header: 'Net billed', cell: (r) => <span className="font-medium">{formatZar(r.netBilledCents)}</span>, className: 'text-right' },
    { header: 'Against target', cell: (r) => <TargetCell row={r} /> },
    { header: 'Recorded', cell: (r) => `${hours(r.recordedMinutes)} · ${formatZar(r.recordedCents)}`, className: 'text-right' },
    { header: 'Hours billed', cell: (r) => hours(r.billedMinutes), className: 'text-right' },
  ];
  const csv = `/api/reports/fees-by-fee-earner?from=${period.from}&to=${period.to}&format=csv`;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.from}>From</Label>
            <Input id={ids.from} type="date" value={period.from} max={period.to} onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.to}>To</Label>
            <Input id={ids.to} type="date" value={period.to} min={period.from} onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))} />
          </div>
        </div>
        {valid && <CsvLink href={csv} fileName="fees-by-fee-earner.csv" />}
      </div>
      {!valid ? (
        <p role="alert" className="text-sm text-destructive">
          Choose a period whose start is on or before its end.
        </p>
      ) : report.isPending ? (
        <ListSkeleton rows={4} label="Loading fees by fee earner" />
      ) : report.isError ? (
        <ErrorState title="Could not load fees by fee earner" error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.rows.length === 0 ? (
        <EmptyState icon={Target} title="Nothing billed or recorded in this period">
          Fees on issued fee notes, time recorded and targets show here per fee earner.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {formatCalendarDay(report.data.from)} to {formatCalendarDay(report.data.to)} ({report.data.months} {report.data.months === 1 ? 'month' : 'months'}):
            net billed <span className="font-medium text-foreground">{formatZar(report.data.totals.netBilledCents)}</span>, excluding VAT and disbursements.
          </p>
          <SimpleTable
            caption="Fees billed by fee earner against target"
            columns={columns}
            rows={report.data.rows}
            rowKey={(r) => r.feeEarnerId}
            stackOnPhone
          />
        </>
      )}
    </div>
  );
}
