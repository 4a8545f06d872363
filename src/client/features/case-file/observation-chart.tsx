import { CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import type { TObservation } from '../../../shared/domain/observations';
import { formatSaDateTime } from '../../../shared/format';
import { type ChartConfig, ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent } from '../../components/ui/chart';

// The observation chart of a case (issue 31): NEWS2, pulse, respiration, SpO2 and systolic pressure
// over the recorded sets, oldest first. Loaded lazily (recharts is large and most visits to the tab
// do not need it). The chart is one image to assistive technology; the table beside it has the figures.

const config: ChartConfig = {
  news2: { label: 'NEWS2', color: 'var(--chart-1)' },
  pulse: { label: 'Pulse', color: 'var(--chart-2)' },
  respiratoryRate: { label: 'Resp. rate', color: 'var(--chart-3)' },
  spo2: { label: 'SpO2 %', color: 'var(--chart-4)' },
  systolic: { label: 'Systolic', color: 'var(--chart-5)' },
};

const timeLabel = (iso: string) => formatSaDateTime(iso).replace(/^\w+, /, '');

export function observationSummary(items: readonly TObservation[]): string {
  const oldestFirst = [...items].reverse();
  const scores = oldestFirst.map((o) => o.news2);
  return `Line chart of ${items.length} observation sets: NEWS2 from ${scores[0] ?? 0} to ${scores.at(-1) ?? 0}, highest ${Math.max(0, ...scores)}.`;
}

export default function ObservationChart({ items }: { items: readonly TObservation[] }) {
  const data = [...items].reverse().map((o) => ({ at: o.recordedAt, news2: o.news2, pulse: o.pulse, respiratoryRate: o.respiratoryRate, spo2: o.spo2, systolic: o.systolic }));
  return (
    <ChartContainer config={config} role="img" aria-label={observationSummary(items)} className="aspect-auto h-64 w-full">
      <LineChart data={data} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="at" tickLine={false} axisLine={false} tickMargin={8} minTickGap={32} tickFormatter={timeLabel} />
        <YAxis tickLine={false} axisLine={false} width={48} />
        <ChartTooltip content={<ChartTooltipContent indicator="line" labelFormatter={(at) => formatSaDateTime(String(at))} />} />
        <ChartLegend content={<ChartLegendContent />} />
        {Object.keys(config).map((key) => (
          <Line key={key} dataKey={key} type="monotone" stroke={`var(--color-${key})`} strokeWidth={key === 'news2' ? 3 : 1.5} dot={key === 'news2'} isAnimationActive={false} />
        ))}
      </LineChart>
    </ChartContainer>
  );
}
