import { Users } from 'lucide-react';
import { Bar, BarChart, LabelList, XAxis, YAxis } from 'recharts';
import type { TStaffWorkload } from '../../../shared/domain/dashboard';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { EmptyState } from '../../components/shell/data-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { type ChartConfig, ChartTooltip, ChartTooltipContent } from '../../components/ui/chart';
import { formatCount, formatDays, staffSummary, topStaff } from './analytics-figures';
import { ChartCard } from './chart-card';

const workloadColumns: Column<TStaffWorkload>[] = [
  { header: 'Staff member', cell: (row) => <span className="font-medium">{row.name}</span> },
  { header: 'Role', cell: (row) => row.role, className: 'text-muted-foreground' },
  { header: 'Active cases', cell: (row) => formatCount(row.activeCases), className: 'text-right tabular-nums' },
  { header: 'Completed', cell: (row) => formatCount(row.completedCases), className: 'text-right tabular-nums' },
  { header: 'Hours logged', cell: (row) => formatDays(row.hoursLogged), className: 'text-right tabular-nums' },
];

const activeConfig = { activeCases: { label: 'Active cases', color: 'var(--chart-1)' } } satisfies ChartConfig;
const hoursConfig = { hoursLogged: { label: 'Hours logged', color: 'var(--chart-3)' } } satisfies ChartConfig;

/**
 * Only the name and the figure go to recharts: it copies each data row's fields onto the bar's SVG
 * path as attributes, and a row's `role` ('Nurse') would become an invalid ARIA role there.
 */
const chartRow = (row: TStaffWorkload, metric: 'activeCases' | 'hoursLogged') => ({ id: row.userId, name: row.name, [metric]: row[metric] });

/** Long names would squeeze the bars on a phone; the table below has them in full. */
const shortName = (name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name);

/** One line per name: recharts' own tick text wraps a long name onto two cramped lines. */
function NameTick({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) {
  return (
    <text x={x} y={y} dy={4} textAnchor="end" className="recharts-cartesian-axis-tick-value fill-muted-foreground text-xs">
      {shortName(String(payload?.value ?? ''))}
    </text>
  );
}

function StaffBars({ rows, metric, title, description }: { rows: TStaffWorkload[]; metric: 'activeCases' | 'hoursLogged'; title: string; description: string }) {
  if (rows.length === 0) {
    return (
      <Card className="min-w-0 gap-4">
        <CardHeader>
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="py-8 text-center text-sm text-muted-foreground">
            {metric === 'activeCases' ? 'No open cases are assigned to anyone.' : 'No time was logged in this period.'}
          </p>
        </CardContent>
      </Card>
    );
  }
  const config = metric === 'activeCases' ? activeConfig : hoursConfig;
  const format = metric === 'activeCases' ? formatCount : formatDays;
  return (
    // One 36 px row per person, plus room for the margins.
    <ChartCard title={title} description={description} summary={staffSummary(rows, metric)} config={config} height={rows.length * 36 + 16}>
      <BarChart data={rows.map((row) => chartRow(row, metric))} layout="vertical" accessibilityLayer={false} margin={{ left: 0, right: 40 }}>
        <XAxis type="number" dataKey={metric} hide />
        <YAxis type="category" dataKey="name" tickLine={false} axisLine={false} width={150} tick={<NameTick />} />
        <ChartTooltip cursor={false} content={<ChartTooltipContent indicator="line" valueFormatter={(value) => format(value)} />} />
        <Bar dataKey={metric} fill={`var(--color-${metric})`} radius={4} isAnimationActive={false}>
          <LabelList dataKey={metric} position="right" offset={8} className="fill-foreground" fontSize={12} formatter={(value) => format(Number(value))} />
        </Bar>
      </BarChart>
    </ChartCard>
  );
}

/** Who carries the work: active cases and hours per person (top ten as bars), every figure in the table. */
export function TeamTab({ workload }: { workload: readonly TStaffWorkload[] }) {
  if (workload.length === 0) {
    return (
      <EmptyState icon={Users} title="No staff workload yet">
        Cases assigned to your team and the time they log appear here.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <StaffBars rows={topStaff(workload, 'activeCases')} metric="activeCases" title="Active cases" description="Open cases assigned to each person (top 10)" />
        <StaffBars rows={topStaff(workload, 'hoursLogged')} metric="hoursLogged" title="Hours logged" description="Finished time entries in this period (top 10)" />
      </div>
      <section aria-labelledby="workload-heading" className="grid gap-3">
        <h2 id="workload-heading" className="text-base font-semibold">
          Staff workload
        </h2>
        <SimpleTable caption="Staff workload" columns={workloadColumns} rows={workload} rowKey={(row) => row.userId} />
      </section>
    </div>
  );
}
