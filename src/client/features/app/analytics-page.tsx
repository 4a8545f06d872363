import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, FolderPlus, Timer } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState } from '../../components/shell/data-states';
import { Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ANALYTICS_PERIODS, type TAnalyticsPeriod, type TStaffWorkload } from '../../../shared/domain/dashboard';
import { useTRPC } from '../../trpc';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { StatCard, StatCardsSkeleton } from '../../components/data/stat-card';

const PERIOD_LABEL: Record<TAnalyticsPeriod, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };

const workloadColumns: Column<TStaffWorkload>[] = [
  { header: 'Staff member', cell: (row) => <span className="font-medium">{row.name}</span> },
  { header: 'Role', cell: (row) => row.role, className: 'text-muted-foreground' },
  { header: 'Active cases', cell: (row) => row.activeCases, className: 'text-right tabular-nums' },
  { header: 'Completed', cell: (row) => row.completedCases, className: 'text-right tabular-nums' },
  { header: 'Hours logged', cell: (row) => row.hoursLogged.toFixed(1), className: 'text-right tabular-nums' },
];

/** SPEC §2.10 /analytics: cases opened and completed, time to completion and staff workload per period. */
export function AnalyticsPage() {
  const trpc = useTRPC();
  const [period, setPeriod] = useState<TAnalyticsPeriod>('monthly');
  const metrics = useQuery(trpc.dashboard.performanceMetrics.queryOptions({ period }));

  const series = metrics.data?.series ?? [];
  const opened = series.reduce((sum, point) => sum + point.casesOpened, 0);
  const completed = series.reduce((sum, point) => sum + point.casesCompleted, 0);
  const timed = series.filter((point) => point.averageDaysToCompletion !== null);
  const averageDays = timed.length
    ? timed.reduce((sum, point) => sum + (point.averageDaysToCompletion ?? 0) * point.casesCompleted, 0) /
      Math.max(1, timed.reduce((sum, point) => sum + point.casesCompleted, 0))
    : null;

  return (
    <AppPage
      title="Analytics"
      description="How your team's caseload moves over time"
      actions={
        <Tabs value={period} onValueChange={(value) => setPeriod(value as TAnalyticsPeriod)}>
          <TabsList aria-label="Period">
            {ANALYTICS_PERIODS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {PERIOD_LABEL[value]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      }
    >
      {metrics.isPending ? (
        <StatCardsSkeleton count={3} />
      ) : metrics.isError ? (
        <ErrorState title="Could not load analytics" error={metrics.error} onRetry={() => void metrics.refetch()} />
      ) : (
        <>
          <section aria-label="Period figures" className="grid gap-4 sm:grid-cols-3">
            <StatCard icon={FolderPlus} label="Cases Opened" value={String(opened)} detail={`${series.length} ${PERIOD_LABEL[period].toLowerCase()} buckets`} />
            <StatCard icon={CircleCheck} label="Cases Completed" value={String(completed)} />
            <StatCard
              icon={Timer}
              label="Average Days to Complete"
              value={averageDays === null ? '—' : averageDays.toFixed(1)}
              detail={averageDays === null ? 'No completed cases in this period' : undefined}
            />
          </section>
          <section aria-labelledby="workload-heading" className="grid gap-3">
            <h2 id="workload-heading" className="text-base font-semibold">
              Team Performance
            </h2>
            {metrics.data.staffWorkload.length === 0 ? (
              <EmptyState title="No staff workload yet">Cases assigned to your team and the time they log appear here.</EmptyState>
            ) : (
              <SimpleTable caption="Staff workload" columns={workloadColumns} rows={metrics.data.staffWorkload} rowKey={(row) => row.userId} />
            )}
          </section>
        </>
      )}
    </AppPage>
  );
}
