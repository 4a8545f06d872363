import { dayKey } from '../../../../shared/calendar';
import type { CalendarView } from '../../../lib/sa-calendar-time';

// /schedule's search params (issue 21): the calendar's view and day (SA, YYYY-MM-DD), its filters
// (person, case, room), the people side by side on the front desk's day view, and an appointment to
// open (a notification links to /schedule?appointmentId=<id>). Anything unreadable is dropped.
// Checked by hand rather than with zod: route files load with the first page, whose main chunk has
// no room for zod (decision 0048).

export const CALENDAR_VIEWS = ['day', 'people', 'week', 'month'] as const satisfies readonly CalendarView[];
export const CALENDAR_VIEW_LABELS: Record<CalendarView, string> = { day: 'Day', people: 'By person', week: 'Week', month: 'Month' };

export interface ScheduleSearch {
  view?: CalendarView;
  /** YYYY-MM-DD, a South African day. */
  date?: string;
  person?: string;
  case?: string;
  room?: string;
  /** The people side by side on the "By person" view, comma-separated user ids. */
  people?: string;
  appointmentId?: string;
}

/** The value trimmed, when it is a string of 1 to `max` characters after trimming. */
function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= max ? trimmed : undefined;
}

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function validateScheduleSearch(raw: Record<string, unknown>): ScheduleSearch {
  const search: ScheduleSearch = {
    view: (CALENDAR_VIEWS as readonly unknown[]).includes(raw.view) ? (raw.view as CalendarView) : undefined,
    date: isDay(raw.date) ? raw.date : undefined,
    person: text(raw.person, 64),
    case: text(raw.case, 64),
    room: text(raw.room, 200),
    people: text(raw.people, 2000),
    appointmentId: text(raw.appointmentId, 64),
  };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as ScheduleSearch;
}

/** A phone has no room for seven columns: it opens on the day. */
export const defaultView = (narrow: boolean): CalendarView => (narrow ? 'day' : 'week');
export const todayKey = (): string => dayKey(new Date());
export const peopleOf = (search: ScheduleSearch): string[] => (search.people ? search.people.split(',').filter(Boolean) : []);
