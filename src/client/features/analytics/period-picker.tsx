import { ANALYTICS_PERIODS, type TAnalyticsPeriod } from '../../../shared/domain/dashboard';
import { cn } from '../../lib/utils';
import { PERIOD_LABEL } from './analytics-figures';

/**
 * Daily / Weekly / Monthly / Yearly as a segmented row of native radio buttons: one choice of
 * several, announced as 'Period, radio group', arrow keys move between them. (The page's tabs
 * are the views; this is a filter on all of them, so it is not a second tab list.)
 */
export function PeriodPicker({ value, onChange }: { value: TAnalyticsPeriod; onChange: (period: TAnalyticsPeriod) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="float-left mr-1 text-sm font-medium text-muted-foreground">Period</legend>
      <div className="inline-flex h-9 items-center rounded-lg border bg-card p-[3px]">
        {ANALYTICS_PERIODS.map((period) => (
          <label
            key={period}
            className={cn(
              'relative inline-flex h-full cursor-pointer items-center rounded-md px-3 text-sm font-medium text-foreground/70 transition-colors select-none hover:text-foreground',
              'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              value === period && 'bg-primary text-primary-foreground shadow-sm hover:text-primary-foreground',
            )}
          >
            <input
              type="radio"
              name="analytics-period"
              value={period}
              checked={value === period}
              onChange={() => onChange(period)}
              className="sr-only"
            />
            {PERIOD_LABEL[period]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
