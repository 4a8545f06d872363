import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAnalyticsPeriod } from '../../../shared/domain/dashboard';
import { StatCardsSkeleton } from '../../components/data/stat-card';
import { AppPage } from '../../components/shell/app-page';
import { ErrorState } from '../../components/shell/data-states';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useTRPC } from '../../trpc';
import { DEFAULT_ANALYTICS_PERIOD, performanceMetricsQuery } from './analytics-queries';
import { OverviewTab } from './overview-tab';
import { PeriodPicker } from './period-picker';
import { TeamTab } from './team-tab';
import { TrendsTab } from './trends-tab';

type AnalyticsView = 'overview' | 'team' | 'trends';

/**
 * SPEC §2.10 /analytics: tabs Overview, Team Performance and Trends over one period (daily, weekly,
 * monthly or yearly) that drives `dashboard.performanceMetrics`. Recharts is imported only below this
 * folder, so it loads with this code-split route and never on the first page.
 */
export function AnalyticsPage() {
  const trpc = useTRPC();
  const [period, setPeriod] = useState<TAnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const [view, setView] = useState<AnalyticsView>('overview');
  // The last period's figures stay on screen (dimmed) while the next period's load.
  const metrics = useQuery({ ...performanceMetricsQuery(trpc, period), placeholderData: keepPreviousData });

  let body;
  if (metrics.isPending) {
    body = (
      <div className="grid gap-4">
        <StatCardsSkeleton count={4} />
        <Skeleton className="h-80 w-full rounded-xl" />
      </div>
    );
  } else if (metrics.isError) {
    body = <ErrorState title="Could not load analytics" error={metrics.error} onRetry={() => void metrics.refetch()} />;
  } else {
    const { series, staffWorkload } = metrics.data;
    const shown = metrics.data.period;
    body = (
      <div aria-busy={metrics.isPlaceholderData} className={metrics.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
        <TabsContent value="overview">
          <OverviewTab period={shown} series={series} />
        </TabsContent>
        <TabsContent value="team">
          <TeamTab workload={staffWorkload} />
        </TabsContent>
        <TabsContent value="trends">
          <TrendsTab period={shown} series={series} />
        </TabsContent>
      </div>
    );
  }

  return (
    <AppPage title="Analytics" description="How your team's caseload moves over time" actions={<PeriodPicker value={period} onChange={setPeriod} />}>
      <Tabs value={view} onValueChange={(value) => setView(value as AnalyticsView)} className="gap-4">
        <TabsList aria-label="Analytics views" className="w-full sm:w-fit">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="team">Team Performance</TabsTrigger>
          <TabsTrigger value="trends">Trends</TabsTrigger>
        </TabsList>
        {body}
      </Tabs>
    </AppPage>
  );
}
