import { type ComponentProps, type ComponentType, type CSSProperties, type ReactNode, createContext, useContext, useId } from 'react';
import * as RechartsPrimitive from 'recharts';
import type { LegendPayload, TooltipPayloadEntry } from 'recharts';
import { cn } from '../../lib/utils';

// shadcn's chart wrapper over recharts, written here because `npx shadcn add` cannot reach its
// registry (ARCHITECTURE "Facts about the machines"). A ChartConfig names each series once (label and
// colour); the container turns the colours into `--color-<key>` CSS variables, so series use
// `fill="var(--color-casesOpened)"` and follow the theme (--chart-1..5 in styles.css, per platform).
// Only the analytics feature imports this module: recharts stays out of the first-page bundle.
// Unlike shadcn's, the colours are set as inline custom properties instead of an injected <style>.

export type ChartConfig = Record<string, { label: ReactNode; color: string; icon?: ComponentType }>;

const ChartContext = createContext<{ config: ChartConfig } | null>(null);

function useChart() {
  const context = useContext(ChartContext);
  if (!context) throw new Error('useChart must be used within a <ChartContainer />');
  return context;
}

/** CSS custom property names may not hold every character a data key can. */
const colorVar = (key: string) => `--color-${key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;

function ChartContainer({
  id,
  className,
  children,
  config,
  style,
  ...props
}: ComponentProps<'div'> & {
  config: ChartConfig;
  children: ComponentProps<typeof RechartsPrimitive.ResponsiveContainer>['children'];
}) {
  const uniqueId = useId();
  const chartId = `chart-${id ?? uniqueId.replace(/:/g, '')}`;
  const colors = Object.fromEntries(Object.entries(config).map(([key, item]) => [colorVar(key), item.color]));
  return (
    <ChartContext.Provider value={{ config }}>
      <div
        data-slot="chart"
        data-chart={chartId}
        style={{ ...colors, ...style } as CSSProperties}
        className={cn(
          // Recharts draws greys of its own; these lines give its text and grid the theme's colours.
          "flex aspect-video justify-center text-xs [&_.recharts-cartesian-axis-tick-value]:fill-muted-foreground [&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/60 [&_.recharts-curve.recharts-tooltip-cursor]:stroke-border [&_.recharts-layer]:outline-hidden [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-reference-line_[stroke='#ccc']]:stroke-border [&_.recharts-sector]:outline-hidden [&_.recharts-sector[stroke='#fff']]:stroke-transparent [&_.recharts-surface]:outline-hidden",
          className,
        )}
        {...props}
      >
        <RechartsPrimitive.ResponsiveContainer>{children}</RechartsPrimitive.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

const ChartTooltip = RechartsPrimitive.Tooltip;

interface TooltipContentProps {
  active?: boolean;
  payload?: readonly TooltipPayloadEntry[];
  label?: string | number;
  className?: string;
  indicator?: 'line' | 'dot' | 'dashed';
  hideLabel?: boolean;
  hideIndicator?: boolean;
  labelFormatter?: (label: string | number | undefined, payload: readonly TooltipPayloadEntry[]) => ReactNode;
  valueFormatter?: (value: number, key: string) => ReactNode;
}

function ChartTooltipContent({
  active,
  payload,
  label,
  className,
  indicator = 'dot',
  hideLabel = false,
  hideIndicator = false,
  labelFormatter,
  valueFormatter,
}: TooltipContentProps) {
  const { config } = useChart();
  if (!active || !payload?.length) return null;
  const heading = hideLabel ? null : labelFormatter ? labelFormatter(label, payload) : label;
  return (
    <div className={cn('grid min-w-32 items-start gap-1.5 rounded-lg border bg-background px-2.5 py-1.5 text-xs shadow-xl', className)}>
      {heading !== null && heading !== undefined && <div className="font-medium">{heading}</div>}
      <div className="grid gap-1.5">
        {payload
          .filter((item) => item.type !== 'none')
          .map((item) => {
            const key = String(item.dataKey ?? item.name ?? 'value');
            const itemConfig = config[key];
            const color = item.color ?? item.payload?.fill ?? `var(${colorVar(key)})`;
            const value = item.value;
            return (
              <div key={key} className="flex w-full items-center gap-2">
                {!hideIndicator && (
                  <span
                    aria-hidden="true"
                    className={cn('shrink-0 rounded-[2px] border-(--color-border) bg-(--color-bg)', {
                      'size-2.5': indicator === 'dot',
                      'h-2.5 w-1': indicator === 'line',
                      'w-0 border-[1.5px] border-dashed bg-transparent': indicator === 'dashed',
                    })}
                    style={{ '--color-bg': color, '--color-border': color } as CSSProperties}
                  />
                )}
                <span className="text-muted-foreground">{itemConfig?.label ?? item.name}</span>
                <span className="ml-auto font-mono font-medium text-foreground tabular-nums">
                  {typeof value === 'number' ? (valueFormatter ? valueFormatter(value, key) : value.toLocaleString('en-ZA')) : '—'}
                </span>
              </div>
            );
          })}
      </div>
    </div>
  );
}

const ChartLegend = RechartsPrimitive.Legend;

function ChartLegendContent({
  className,
  hideIcon = false,
  payload,
  verticalAlign = 'bottom',
}: {
  className?: string;
  hideIcon?: boolean;
  payload?: readonly LegendPayload[];
  verticalAlign?: 'top' | 'bottom' | 'middle';
}) {
  const { config } = useChart();
  if (!payload?.length) return null;
  return (
    <div className={cn('flex flex-wrap items-center justify-center gap-x-4 gap-y-1', verticalAlign === 'top' ? 'pb-3' : 'pt-3', className)}>
      {payload
        .filter((item) => item.type !== 'none')
        .map((item) => {
          const key = String(item.dataKey ?? item.value ?? 'value');
          const itemConfig = config[key];
          return (
            <div key={key} className="flex items-center gap-1.5">
              {itemConfig?.icon && !hideIcon ? (
                <itemConfig.icon />
              ) : (
                <span aria-hidden="true" className="size-2 shrink-0 rounded-[2px]" style={{ backgroundColor: item.color }} />
              )}
              <span className="text-foreground">{itemConfig?.label ?? item.value}</span>
            </div>
          );
        })}
    </div>
  );
}

export { ChartContainer, ChartTooltip, ChartTooltipContent, ChartLegend, ChartLegendContent, useChart };
