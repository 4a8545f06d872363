import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, Clock, Users } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../shared/domain/cases';
import { can } from '../../../shared/roles';
import { formatDateTime, formatZar } from '../../../shared/format';
import { StatCard } from '../../components/data/stat-card';
import { PastTimeForm } from '../../components/time/past-time-form';
import { RunningTimers, TimerForm } from '../../components/time/timer-form';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useWords } from '../../lib/words';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { mayRecordTimeOnCase } from './case-tabs';
import { myTimeQuery } from './case-queries';

// Time on the case (issue 18): start and stop a timer on it, add time worked without the timer, and
// see one's own hours here. Money is for costs.view only (Administrators): a fee-earner sees their
// hours, never a colleague's rate.

const minutes = (n: number | null) => (n === null ? 'Running' : n < 60 ? `${n} min` : `${Math.floor(n / 60)} h ${n % 60} min`);

export function TimeTab({ item }: { item: TCase }) {
  const identity = useIdentity();
  return (
    <div className="grid gap-4">
      {mayRecordTimeOnCase(identity) && <MyTimeOnCase item={item} />}
      {can(identity, 'costs.view') && <CaseCost caseId={item.id} />}
    </div>
  );
}

function MyTimeOnCase({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = useQuery(myTimeQuery(trpc, item.id));
  const words = useWords();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.costs.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() }),
    ]);
  const mine = (entries.data ?? []).filter((e) => e.caseId === item.id);
  const running = mine.filter((e) => e.endTime === null);
  const past = mine.filter((e) => e.endTime !== null);
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="text-base">
          My time on this {words.case}
        </CardTitle>
        <CardDescription>Start the timer when you begin work on this {words.case} and stop it when you are done.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4">
        <RunningTimers running={running} onChange={refresh} />
        <TimerForm caseLabel={words.Case} fixedCase={{ id: item.id, name: item.patientName }} onChange={refresh} />
        <section aria-labelledby="case-past-time-heading" className="grid gap-3 border-t pt-4">
          <div className="grid gap-1">
            <h3 id="case-past-time-heading" className="text-sm font-semibold">
              Add past time
            </h3>
            <p className="text-sm text-muted-foreground">Worked without the timer? Add it here in South African time.</p>
          </div>
          <PastTimeForm fixedCase={{ id: item.id, name: item.patientName }} onChange={refresh} />
        </section>
        {entries.isPending ? (
          <ListSkeleton rows={2} label="Loading your time" />
        ) : entries.isError ? (
          <ErrorState title="Could not load your time" error={entries.error} onRetry={() => void entries.refetch()} />
        ) : past.length === 0 ? (
          <EmptyState icon={Clock} title="No time recorded on this case yet">
            Time you record on this case shows here.
          </EmptyState>
        ) : (
          <ul className="divide-y" aria-label="My time entries on this case">
            {past.map((e) => (
              <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 break-words">{e.description}</span>
                <span className="text-muted-foreground">
                  {formatDateTime(e.startTime)} ·{' '}
                  <span className="font-medium text-foreground tabular-nums">{minutes(e.durationMinutes)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CaseCost({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const details = useQuery(trpc.costs.caseDetails.queryOptions({ caseId }));
  if (details.isPending) return <ListSkeleton rows={2} label="Loading the case's cost" />;
  if (details.isError)
    return <ErrorState title="Could not load the case's cost" error={details.error} onRetry={() => void details.refetch()} />;
  const entries = details.data;
  const totalCents = entries.reduce((sum, e) => sum + e.totalCostCents, 0);
  const totalHours = entries.reduce((sum, e) => sum + (e.hours ?? 0), 0);
  const people = new Set(entries.map((e) => e.userId)).size;
  return (
    <section aria-labelledby="case-cost-heading" className="grid gap-3">
      <h2 id="case-cost-heading" className="text-lg font-semibold">
        Cost of this case
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatCard label="Total cost" value={formatZar(totalCents)} icon={Banknote} />
        <StatCard label="Hours" value={`${totalHours.toFixed(1)} h`} icon={Clock} />
        <StatCard
          label="People"
          value={String(people)}
          detail={`${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`}
          icon={Users}
        />
      </div>
    </section>
  );
}
