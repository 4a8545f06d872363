import { useMemo } from 'react';
import { Calendar, dateFnsLocalizer, type Components, type SlotInfo } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enZA } from 'date-fns/locale/en-ZA';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './calendar.css';
import type { PublicHoliday } from '../../../../shared/sa/public-holidays';
import { cn } from '../../../lib/utils';
import { dayKeyToFloating, saFloating, type CalendarView } from '../../../lib/sa-calendar-time';
import { holidayOn, type CalendarEvent, type PersonColumn } from './calendar-events';

// react-big-calendar styled to the app: weeks start on Monday, 24-hour South African times (the
// events arrive as "floating" local Dates holding the SA wall clock), public holidays tinted and
// named, one column per person on the "By person" day view, drag and resize on the day and week views.

const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
  getDay,
  locales: { 'en-ZA': enZA },
});

// The addon ships as CommonJS only: its function is the default export, or the default's default
// when the bundler wraps the module once more.
type WithDragAndDrop = typeof dragAndDrop.default;
const unwrap = (m: unknown): WithDragAndDrop => (typeof m === 'function' ? (m as WithDragAndDrop) : unwrap((m as { default: unknown }).default));
const withDragAndDrop = unwrap(dragAndDrop);
const DnDCalendar = withDragAndDrop<CalendarEvent, PersonColumn>(Calendar);

const formats = {
  timeGutterFormat: 'HH:mm',
  eventTimeRangeFormat: ({ start, end }: { start: Date; end: Date }) => `${format(start, 'HH:mm')}–${format(end, 'HH:mm')}`,
  selectRangeFormat: ({ start, end }: { start: Date; end: Date }) => `${format(start, 'HH:mm')}–${format(end, 'HH:mm')}`,
  dayFormat: 'EEE d',
  dayHeaderFormat: 'EEEE d MMMM yyyy',
  weekdayFormat: 'EEE',
};

const SCROLL_TO = new Date(1970, 0, 1, 7, 0);

export function CalendarGrid({
  view,
  day,
  events,
  columns,
  holidays,
  canManage,
  onSelectEvent,
  onSelectSlot,
  onMove,
  minColumnWidth = false,
}: {
  view: CalendarView;
  day: string;
  events: CalendarEvent[];
  /** The "By person" view's columns. */
  columns: PersonColumn[] | null;
  holidays: PublicHoliday[];
  canManage: boolean;
  onSelectEvent: (event: CalendarEvent) => void;
  onSelectSlot: (start: Date, end: Date, allDay: boolean, personId?: string) => void;
  onMove: (event: CalendarEvent, start: Date, end: Date) => void;
  /** Many people side by side: each column keeps a readable width and the grid scrolls sideways. */
  minColumnWidth?: boolean;
}) {
  const dragging = canManage && view !== 'month';
  const components = useMemo<Components<CalendarEvent, PersonColumn>>(
    () => ({
      event: ({ event }) => (
        <span className="rbc-event-body">
          <span className="font-medium">{event.title}</span>
          {event.item.location && <span className="rbc-event-location"> · {event.item.location}</span>}
        </span>
      ),
      month: {
        dateHeader: ({ date, label }) => {
          const holiday = holidayOn(holidays, date);
          return (
            <span className="flex min-w-0 items-baseline justify-between gap-1">
              {holiday ? <span className="rbc-holiday-name truncate">{holiday.name}</span> : <span />}
              <span>{label}</span>
            </span>
          );
        },
      },
      week: {
        header: ({ date, label }) => {
          const holiday = holidayOn(holidays, date);
          return (
            <span className="grid">
              <span>{label}</span>
              {holiday && <span className="rbc-holiday-name truncate">{holiday.name}</span>}
            </span>
          );
        },
      },
    }),
    [holidays],
  );
  const drop = ({ event, start, end }: EventInteractionArgs<CalendarEvent>) => onMove(event, new Date(start), new Date(end));
  return (
    <DnDCalendar
      localizer={localizer}
      culture="en-ZA"
      formats={formats}
      events={events}
      date={dayKeyToFloating(day)}
      view={view === 'people' ? 'day' : view}
      views={['day', 'week', 'month']}
      onView={() => undefined}
      onNavigate={() => undefined}
      toolbar={false}
      getNow={() => saFloating(new Date())}
      scrollToTime={SCROLL_TO}
      step={15}
      timeslots={4}
      showMultiDayTimes
      // Issue 32: appointments at the same time stand side by side, each readable, instead of the
      // library's default of drawing one over the other.
      dayLayoutAlgorithm="no-overlap"
      popup
      resources={view === 'people' ? (columns ?? []) : undefined}
      resourceIdAccessor="id"
      resourceTitleAccessor="title"
      resourceAccessor="resourceId"
      tooltipAccessor={(e) => `${e.title} (${e.item.status})`}
      selectable={canManage}
      draggableAccessor={(e) => dragging && e.movable}
      resizableAccessor={(e) => dragging && e.movable}
      onSelectEvent={onSelectEvent}
      onSelectSlot={(slot: SlotInfo) =>
        onSelectSlot(new Date(slot.start), new Date(slot.end), view === 'month', slot.resourceId === undefined ? undefined : String(slot.resourceId))
      }
      onEventDrop={drop}
      onEventResize={drop}
      dayPropGetter={(date) => (holidayOn(holidays, date) ? { className: 'rbc-holiday' } : {})}
      eventPropGetter={(event) => ({
        className: cn(
          event.item.appointmentType === 'Hearing' && 'rbc-event-hearing',
          event.item.status === 'Cancelled' && 'rbc-event-cancelled',
          event.item.status === 'Completed' && 'rbc-event-completed',
        ),
      })}
      components={components}
      className={cn('casebridge-calendar', minColumnWidth && 'casebridge-calendar-wide', view === 'week' && 'casebridge-calendar-week')}
    />
  );
}
