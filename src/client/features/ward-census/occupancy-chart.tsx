import { CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import type { TCensusWard } from '../../../shared/domain/admissions';
import { formatCalendarDay } from '../../../shared/format';
import { type ChartConfig, ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent } from '../../components/ui/chart';

// Occupancy per ward over the last 30 days: a line per ward. The chart is one image to assistive
// technology, named by a sentence; the figures themselves are in the table under it.

const COLOURS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)'];
const keyOf = (index: number) => `ward${index}`;
const shortDay = (date: string) => formatCalendarDay(date).slice(0, 6);

export function occupancySummary(wards: readonly TCensusWard[]): string {
  const parts = wards.map((w) => {
    const values = w.history.map((h) => h.occupied);
    return `${w.ward}: ${values[0] ?? 0} to ${values.at(-1) ?? 0} of ${w.beds} beds, peak ${Math.max(0, ...values)}`;
  });
  return `Line chart of occupied beds per ward over the last ${wards[0]?.history.length ?? 0} days. ${parts.join('; ')}.`;
}

export function OccupancyChart({ wards }: { wards: readonly TCensusWard[] }) {
  const config: ChartConfig = Object.fromEntries(wards.map((w, i) => [keyOf(i), { label: w.ward, color: COLOURS[i % COLOURS.length]! }]));
  const days = wards[0]?.history.map((h) => h.date) ?? [];
  const data = days.map((date, d) => ({ date, ...Object.fromEntries(wards.map((w, i) => [keyOf(i), w.history[d]?.occupied ?? 0])) }));
  return (
    <ChartContainer config={config} role="img" aria-label={occupancySummary(wards)} className="aspect-auto h-72 w-full">
      <LineChart data={data} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="date" tickLine={false} axisLine={false} tickMargin={8} minTickGap={24} tickFormatter={shortDay} />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} />
        <ChartTooltip content={<ChartTooltipContent indicator="line" labelFormatter={(date) => formatCalendarDay(String(date))} />} />
        <ChartLegend content={<ChartLegendContent />} itemSorter={null} />
        {wards.map((_, i) => (
          <Line key={keyOf(i)} dataKey={keyOf(i)} type="monotone" stroke={`var(--color-${keyOf(i)})`} strokeWidth={2} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </ChartContainer>
  );
}
