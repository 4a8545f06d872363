import { Area, AreaChart, CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import type { TAnalyticsPeriod, TPerformancePoint } from '../../../shared/domain/dashboard';
import { type ChartConfig, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent } from '../../components/ui/chart';
import { BUCKET_NOUN, bucketLabel, bucketLongLabel, daysSummary, formatAxis, formatDays, seriesRange, volumeSummary } from './analytics-figures';
import { ChartCard } from './chart-card';
import { volumeConfig } from './overview-tab';

const daysConfig = { averageDaysToCompletion: { label: 'Average days', color: 'var(--chart-3)' } } satisfies ChartConfig;

function BucketAxis({ period }: { period: TAnalyticsPeriod }) {
  return (
    <XAxis dataKey="bucket" tickLine={false} axisLine={false} tickMargin={8} minTickGap={16} tickFormatter={(bucket: string) => bucketLabel(period, bucket)} />
  );
}

/**
 * How the caseload moves: opened and completed as areas, and the average days to completion as a
 * line. A bucket with no completions has no average: the line breaks there (connectNulls off)
 * rather than dropping to a misleading zero.
 */
export function TrendsTab({ period, series }: { period: TAnalyticsPeriod; series: readonly TPerformancePoint[] }) {
  const data = [...series];
  const range = seriesRange(period, series);
  const tooltipLabel = (bucket: string | number | undefined) => bucketLongLabel(period, String(bucket));
  return (
    <div className="grid gap-4">
      <ChartCard
        title="Caseload trend"
        description={`Cases opened and completed per ${BUCKET_NOUN[period]}, ${range}`}
        summary={volumeSummary(period, series, 'Area chart')}
        config={volumeConfig}
      >
        <AreaChart data={data} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
          <CartesianGrid vertical={false} />
          {BucketAxis({ period })}
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} />
          <ChartTooltip content={<ChartTooltipContent indicator="line" labelFormatter={tooltipLabel} />} />
          <ChartLegend content={<ChartLegendContent />} itemSorter={null} />
          <Area
            dataKey="casesOpened"
            type="monotone"
            stroke="var(--color-casesOpened)"
            fill="var(--color-casesOpened)"
            fillOpacity={0.1}
            strokeWidth={2}
            isAnimationActive={false}
          />
          <Area
            dataKey="casesCompleted"
            type="monotone"
            stroke="var(--color-casesCompleted)"
            fill="var(--color-casesCompleted)"
            fillOpacity={0.1}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </AreaChart>
      </ChartCard>
      <ChartCard
        title="Average days to completion"
        description={`Mean days from opening to completion of the cases completed each ${BUCKET_NOUN[period]}; gaps are ${BUCKET_NOUN[period]}s with none`}
        summary={daysSummary(period, series)}
        config={daysConfig}
      >
        <LineChart data={data} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
          <CartesianGrid vertical={false} />
          {BucketAxis({ period })}
          <YAxis tickLine={false} axisLine={false} width={48} tickFormatter={(value: number) => formatAxis(value)} />
          <ChartTooltip content={<ChartTooltipContent indicator="line" labelFormatter={tooltipLabel} valueFormatter={(value) => `${formatDays(value)} days`} />} />
          <Line
            dataKey="averageDaysToCompletion"
            type="monotone"
            stroke="var(--color-averageDaysToCompletion)"
            strokeWidth={2}
            dot={{ r: 3, fill: 'var(--color-averageDaysToCompletion)' }}
            connectNulls={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartCard>
    </div>
  );
}
