import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Clock, Hourglass, ListChecks } from 'lucide-react';
import type { TTimeEntry } from '../../../shared/domain/costs';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { StatCard } from '../../components/data/stat-card';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { formatDate, formatDateTime } from '../../../shared/format';
import { useWords } from '../../lib/words';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { formatMinutes, myTimeTotals } from './week-totals';
import { myEntriesQuery } from './my-time-queries';
import { TimerCard } from './timer-card';
import { PastTimeCard } from './past-time-card';
import { mayRecordTime } from './may-record-time';

/**
 * "My time" (issue 17): everyone who records time starts and stops their timer on a case here, adds
 * time worked without it (issue 18), and sees their own past entries with this week's totals. Rates
 * and costs stay on Cost Management (administrators only), so this screen shows durations, never money.
 */
export function MyTimeScreen() {
  const identity = useIdentity();
  const words = useWords();
  return (
    <AppPage title="My Time" description={`Your time on ${words.cases}: the running timer and what you recorded`}>
      {mayRecordTime(identity) ? <MyTime caseLabel={words.case === 'case' ? 'Patient case' : words.Case} /> : (
        <RestrictedState>Time is recorded by members of an organisation on its cases.</RestrictedState>
      )}
    </AppPage>
  );
}

function MyTime({ caseLabel }: { caseLabel: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = useQuery(myEntriesQuery(trpc));
  // A timer changes this list and every cost figure an administrator sees.
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.costs.pathKey() });

  if (entries.isPending) return <ListSkeleton label="Loading your time" />;
  if (entries.isError) return <ErrorState title="Could not load your time" error={entries.error} onRetry={() => void entries.refetch()} />;

  const running = entries.data.filter((entry) => entry.endTime === null);
  const past = entries.data.filter((entry) => entry.endTime !== null);
  const totals = myTimeTotals(entries.data);

  return (
    <div className="grid gap-6">
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <TimerCard running={running} caseLabel={caseLabel} onChange={refresh} />
        <PastTimeCard onChange={refresh} />
      </div>
      <section aria-label="This week" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label="This week" value={formatMinutes(totals.weekMinutes)} detail={`Since Monday ${formatDate(totals.weekStart)}`} icon={CalendarDays} />
        <StatCard label="Today" value={formatMinutes(totals.todayMinutes)} icon={Clock} />
        <StatCard label="Entries this week" value={String(totals.weekEntries)} icon={ListChecks} />
        <StatCard label="Running" value={String(running.length)} detail={running.length === 0 ? 'No timer running' : 'Counts once stopped'} icon={Hourglass} />
      </section>
      <section className="grid gap-3" aria-labelledby="my-time-entries">
        <h2 id="my-time-entries" className="text-lg font-semibold">
          Past entries
        </h2>
        {past.length === 0 ? (
          <EmptyState icon={Clock} title="No time recorded yet">
            Start the timer on a case above or add past time; your entries appear here with their duration.
          </EmptyState>
        ) : (
          <>
            {/* A phone gets one card per entry; wider screens the table. */}
            <ul className="grid gap-2 sm:hidden" aria-label="Your past time entries">
              {past.map((entry) => (
                <li key={entry.id} className="grid gap-1 rounded-xl border bg-card px-4 py-3 text-sm">
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="font-medium">{entry.patientName}</span>
                    <span className="shrink-0 tabular-nums">{formatMinutes(entry.durationMinutes ?? 0)}</span>
                  </span>
                  <span className="text-muted-foreground">
                    {formatDateTime(entry.startTime)} · {entry.description}
                  </span>
                </li>
              ))}
            </ul>
            <div className="hidden sm:block">
              <SimpleTable caption="Your past time entries, latest first" columns={columns(caseLabel)} rows={past} rowKey={(entry) => entry.id} />
            </div>
          </>
        )}
      </section>
    </div>
  );
}

function columns(caseLabel: string): Column<TTimeEntry>[] {
  return [
    { header: 'Date', cell: (entry) => <span className="whitespace-nowrap">{formatDateTime(entry.startTime)}</span> },
    { header: caseLabel, cell: (entry) => <span className="font-medium">{entry.patientName}</span> },
    { header: 'Duration', cell: (entry) => <span className="whitespace-nowrap tabular-nums">{formatMinutes(entry.durationMinutes ?? 0)}</span> },
    { header: 'Description', cell: (entry) => entry.description, className: 'min-w-40' },
  ];
}
