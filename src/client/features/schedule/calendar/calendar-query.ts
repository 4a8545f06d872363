import { type CalendarView, visibleRange } from '../../../lib/sa-calendar-time';
import type { Trpc } from '../../../trpc';
import { type ScheduleSearch, defaultView, todayKey } from './schedule-search';

// What the Schedule's calendar shows and reads, shared by the calendar and the route's loader so the
// loader fetches the very range the calendar asks for (one cache entry).

/** A phone opens on the day, a wider screen on the week. */
export const isNarrowScreen = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 639px)').matches;

/** The view and day in the address, else the screen's default view of today. */
export function calendarViewOf(search: ScheduleSearch, narrow: boolean): { view: CalendarView; day: string } {
  return { view: search.view ?? defaultView(narrow), day: search.date ?? todayKey() };
}

/** The appointments of the visible range, for the chosen person and case. */
export function calendarQuery(trpc: Trpc, search: ScheduleSearch, narrow: boolean) {
  const { view, day } = calendarViewOf(search, narrow);
  return trpc.appointments.list.queryOptions({ ...visibleRange(view, day), userId: search.person, caseId: search.case });
}
