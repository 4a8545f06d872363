import type { ComponentProps, ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { type ChartConfig, ChartContainer } from '../../components/ui/chart';
import { cn } from '../../lib/utils';

/**
 * A titled card holding one chart. The chart is one image to assistive technology (role="img"),
 * named by `summary`, a sentence of its series; the exact figures are in the stat cards and tables.
 */
export function ChartCard({
  title,
  description,
  summary,
  config,
  className,
  chartClassName,
  height,
  children,
}: {
  title: string;
  description?: ReactNode;
  summary: string;
  config: ChartConfig;
  className?: string;
  chartClassName?: string;
  /** Pixels, for charts whose height follows their rows; else h-72. */
  height?: number;
  children: ComponentProps<typeof ChartContainer>['children'];
}) {
  return (
    <Card className={cn('min-w-0 gap-4', className)}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <ChartContainer
          config={config}
          role="img"
          aria-label={summary}
          className={cn('aspect-auto h-72 w-full', chartClassName)}
          style={height ? { height } : undefined}
        >
          {children}
        </ChartContainer>
      </CardContent>
    </Card>
  );
}
