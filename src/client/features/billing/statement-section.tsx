import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, Receipt } from 'lucide-react';
import { BILLING_EARLIEST_MONTH, type TBillingStatement, currentBillingMonth, shiftMonth } from '../../../shared/domain/billing';
import { formatZar } from '../../../shared/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useTRPC } from '../../trpc';
import { billingStatementQuery, monthLabel, monthOptions } from './billing-month';
import { downloadStatementCsv } from './download-csv';

const hours = (minutes: number) => (Math.round((minutes / 60) * 10) / 10).toLocaleString('en-ZA', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The monthly statement: month picker, hours and cost per role, total, CSV download. */
export function StatementSection({ month, onMonthChange }: { month: string; onMonthChange: (month: string) => void }) {
  const trpc = useTRPC();
  const statement = useQuery({
    ...billingStatementQuery(trpc, month),
    // Keep last month's table while the next one loads: the page does not jump.
    placeholderData: keepPreviousData,
  });
  const current = currentBillingMonth();
  const title = `Statement for ${monthLabel(month)}`;

  return (
    <section aria-labelledby="statement-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="statement-heading" className="text-lg font-semibold">
            {title}
          </h2>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Completed time recorded on cases in the month (South African time), by the role it was recorded in, each entry
            priced at the hourly rate in force when it started — the figures Cost Management uses.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="outline" size="icon" aria-label="Previous month" disabled={month <= BILLING_EARLIEST_MONTH} onClick={() => onMonthChange(shiftMonth(month, -1))}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <div className="grid gap-1.5">
            <Label htmlFor="statement-month">Month</Label>
            <Select value={month} onValueChange={onMonthChange}>
              <SelectTrigger id="statement-month" className="w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {monthOptions(month).map((m) => (
                  <SelectItem key={m} value={m}>
                    {monthLabel(m)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button variant="outline" size="icon" aria-label="Next month" disabled={month >= current} onClick={() => onMonthChange(shiftMonth(month, 1))}>
            <ChevronRight aria-hidden="true" />
          </Button>
          <Button
            disabled={!statement.data || statement.isPlaceholderData || statement.data.rows.length === 0}
            onClick={() => statement.data && downloadStatementCsv(statement.data)}
          >
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        </div>
      </div>

      {statement.isPending ? (
        <ListSkeleton rows={4} label="Loading the statement" />
      ) : statement.isError ? (
        <ErrorState title="Could not load the statement" error={statement.error} onRetry={() => void statement.refetch()} />
      ) : (
        <div className="grid gap-2" aria-busy={statement.isFetching}>
          {statement.data.rows.length === 0 ? (
            <EmptyState icon={Receipt} title="No completed time this month">
              No time entry started in {monthLabel(statement.data.month)} has been stopped yet.
            </EmptyState>
          ) : (
            <StatementTable statement={statement.data} caption={title} />
          )}
          {statement.data.runningEntryCount > 0 && (
            <p className="text-sm text-muted-foreground" data-testid="running-note">
              {statement.data.runningEntryCount === 1
                ? '1 time entry started this month is still running and is not included until it is stopped.'
                : `${statement.data.runningEntryCount} time entries started this month are still running and are not included until they are stopped.`}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function StatementTable({ statement, caption }: { statement: TBillingStatement; caption: string }) {
  const number = 'px-4 py-3 text-right tabular-nums';
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-left text-sm" data-testid="statement-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/40 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">Role</th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">Staff</th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">Hours</th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">Cost (ZAR)</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {statement.rows.map((row) => (
            <tr key={row.role} className="hover:bg-muted/30">
              <th scope="row" className="px-4 py-3 font-medium">{row.role}</th>
              <td className={number}>{row.staffCount}</td>
              <td className={number}>{hours(row.minutes)}</td>
              <td className={number}>{formatZar(row.costCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 bg-muted/40 font-semibold">
          <tr data-testid="statement-total">
            <th scope="row" className="px-4 py-3">Total</th>
            <td className={number}>{statement.total.staffCount}</td>
            <td className={number}>{hours(statement.total.minutes)}</td>
            <td className={number}>{formatZar(statement.total.costCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
