import { CircleCheck, FolderPlus, Gauge, Timer } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { TAnalyticsPeriod, TPerformancePoint } from '../../../shared/domain/dashboard';
import { StatCard } from '../../components/data/stat-card';
import { type ChartConfig, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent } from '../../components/ui/chart';
import { BUCKET_NOUN, bucketLabel, bucketLongLabel, formatCount, formatDays, periodTotals, seriesRange, volumeSummary } from './analytics-figures';
import { ChartCard } from './chart-card';

export const volumeConfig = {
  casesOpened: { label: 'Opened', color: 'var(--chart-1)' },
  casesCompleted: { label: 'Completed', color: 'var(--chart-2)' },
} satisfies ChartConfig;

/** The period's totals, and opened against completed per bucket. */
export function OverviewTab({ period, series }: { period: TAnalyticsPeriod; series: readonly TPerformancePoint[] }) {
  const totals = periodTotals(series);
  const range = seriesRange(period, series);
  return (
    <div className="grid gap-4">
      <section aria-label="Period figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard icon={FolderPlus} label="Cases Opened" value={formatCount(totals.opened)} detail={`Over ${series.length} ${BUCKET_NOUN[period]}s`} />
        <StatCard icon={CircleCheck} label="Cases Completed" value={formatCount(totals.completed)} />
        <StatCard
          icon={Timer}
          label="Average Days to Complete"
          value={totals.averageDays === null ? '—' : formatDays(totals.averageDays)}
          detail={totals.averageDays === null ? 'No completed cases in this period' : undefined}
        />
        <StatCard
          icon={Gauge}
          label="Completion Rate"
          value={totals.completionRate === null ? '—' : `${totals.completionRate}%`}
          detail={totals.completionRate === null ? 'No cases opened in this period' : 'Completed as a share of opened'}
        />
      </section>
      <ChartCard
        title="Cases opened and completed"
        description={`Per ${BUCKET_NOUN[period]}, ${range}`}
        summary={volumeSummary(period, series, 'Bar chart')}
        config={volumeConfig}
      >
        <BarChart data={[...series]} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
          <CartesianGrid vertical={false} />
          <XAxis
            dataKey="bucket"
            tickLine={false}
            axisLine={false}
            tickMargin={8}
            minTickGap={12}
            tickFormatter={(bucket: string) => bucketLabel(period, bucket)}
          />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} />
          <ChartTooltip
            cursor={false}
            content={<ChartTooltipContent labelFormatter={(bucket) => bucketLongLabel(period, String(bucket))} />}
          />
          <ChartLegend content={<ChartLegendContent />} itemSorter={null} />
          <Bar dataKey="casesOpened" fill="var(--color-casesOpened)" radius={4} isAnimationActive={false} />
          <Bar dataKey="casesCompleted" fill="var(--color-casesCompleted)" radius={4} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
    </div>
  );
}
