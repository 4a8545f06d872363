import { z } from 'zod';
import { dayKey } from '../../../../shared/calendar';
import type { CalendarView } from '../../../lib/sa-calendar-time';

// /schedule's search params (issue 21): the calendar's view and day (SA, YYYY-MM-DD), its filters
// (person, case, room), the people side by side on the front desk's day view, and an appointment to
// open (a notification links to /schedule?appointmentId=<id>). Anything unreadable is dropped.

export const CALENDAR_VIEWS = ['day', 'people', 'week', 'month'] as const satisfies readonly CalendarView[];
export const CALENDAR_VIEW_LABELS: Record<CalendarView, string> = { day: 'Day', people: 'By person', week: 'Week', month: 'Month' };

const id = z.string().trim().min(1).max(64);
const ZScheduleSearch = z.object({
  view: z.enum(CALENDAR_VIEWS).optional().catch(undefined),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`))).optional().catch(undefined),
  person: id.optional().catch(undefined),
  case: id.optional().catch(undefined),
  room: z.string().trim().min(1).max(200).optional().catch(undefined),
  /** The people side by side on the "By person" view, comma-separated user ids. */
  people: z.string().trim().min(1).max(2000).optional().catch(undefined),
  appointmentId: id.optional().catch(undefined),
});
export type ScheduleSearch = z.infer<typeof ZScheduleSearch>;

export function validateScheduleSearch(raw: Record<string, unknown>): ScheduleSearch {
  const parsed = ZScheduleSearch.parse(raw);
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) as ScheduleSearch;
}

/** A phone has no room for seven columns: it opens on the day. */
export const defaultView = (narrow: boolean): CalendarView => (narrow ? 'day' : 'week');
export const todayKey = (): string => dayKey(new Date());
export const peopleOf = (search: ScheduleSearch): string[] => (search.people ? search.people.split(',').filter(Boolean) : []);
