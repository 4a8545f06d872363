import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { addDayKeys, type CalendarView, visibleDays } from '../../../lib/sa-calendar-time';
import { CALENDAR_VIEWS, CALENDAR_VIEW_LABELS } from './schedule-search';

// Back / Today / Next, what is shown, and the view: a row that wraps on a phone.

const dayLabel = new Intl.DateTimeFormat('en-ZA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortLabel = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthLabel = new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const at = (day: string) => new Date(`${day}T00:00:00Z`);

export function rangeLabel(view: CalendarView, day: string): string {
  if (view === 'day' || view === 'people') return dayLabel.format(at(day));
  if (view === 'month') return monthLabel.format(at(day));
  const { first, end } = visibleDays('week', day);
  return `${shortLabel.format(at(first))} – ${shortLabel.format(at(addDayKeys(end, -1)))} ${end.slice(0, 4)}`;
}

export function CalendarToolbar({
  view,
  day,
  onStep,
  onToday,
  onView,
  children,
}: {
  view: CalendarView;
  day: string;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
  children?: React.ReactNode;
}) {
  const unit = view === 'month' ? 'month' : view === 'week' ? 'week' : 'day';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="w-full text-sm font-semibold sm:order-2 sm:w-auto sm:flex-1" aria-live="polite" data-testid="calendar-range">
        {rangeLabel(view, day)}
      </p>
      <div className="flex items-center gap-1 sm:order-1">
        <Button variant="outline" size="icon" aria-label={`Previous ${unit}`} onClick={() => onStep(-1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={onToday}>
          Today
        </Button>
        <Button variant="outline" size="icon" aria-label={`Next ${unit}`} onClick={() => onStep(1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <div className="contents sm:order-3 sm:flex sm:gap-2">{children}</div>
      <div role="group" aria-label="Calendar view" className="inline-flex rounded-lg bg-muted p-[3px] sm:order-4">
        {CALENDAR_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => onView(v)}
            className="rounded-md px-2.5 py-1 text-sm font-medium whitespace-nowrap text-foreground/70 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
          >
            {CALENDAR_VIEW_LABELS[v]}
          </button>
        ))}
      </div>
    </div>
  );
}
