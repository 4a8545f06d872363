import { isHearing, type TScheduleItem } from '../../../../shared/domain/appointments';
import type { TStaffMember } from '../../../../shared/domain/staff-directory';
import type { TPlatform } from '../../../../shared/platform';
import { publicHolidaysOf, type PublicHoliday } from '../../../../shared/sa/public-holidays';
import { addDayKeys, floatingDayKey, saFloating } from '../../../lib/sa-calendar-time';

// What the calendar draws: appointments as events in South African wall-clock time, the people
// side by side on the front desk's day view, and the public holidays of the visible days.

export interface CalendarEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  item: TScheduleItem;
  /** The columns it shows in on the "By person" view: each attendee's. */
  resourceId: string[];
  /** Hearings are changed on their case; cancelled and completed ones stay where they were. */
  movable: boolean;
}

export function toCalendarEvents(items: readonly TScheduleItem[]): CalendarEvent[] {
  return items.map((item) => ({
    id: item.id,
    title: item.title,
    start: saFloating(item.startTime),
    end: saFloating(item.endTime),
    item,
    resourceId: item.attendees.map((a) => a.userId),
    movable: !isHearing(item) && item.status !== 'Cancelled' && item.status !== 'Completed',
  }));
}

/** Who a platform's front desk looks at side by side: the doctors, or the attorneys and advocates. */
export const COLUMN_ROLES: Record<TPlatform, readonly string[]> = {
  healthcare: ['Doctor'],
  legal: ['Attorneys', 'Advocates', 'Director'],
  medicolegal: ['Attorneys', 'Advocates'],
};

export interface PersonColumn {
  id: string;
  title: string;
}

/**
 * The columns of the "By person" view: the people picked; by default the staff of the platform's
 * column roles who attend something that day (everyone attending, when none of them does).
 */
export function personColumns(
  picked: readonly string[],
  items: readonly TScheduleItem[],
  staff: readonly TStaffMember[],
  platform: TPlatform,
): PersonColumn[] {
  const byId = new Map(staff.map((s) => [s.userId, s]));
  if (picked.length > 0) return picked.flatMap((id) => (byId.has(id) ? [{ id, title: byId.get(id)!.name }] : []));
  const attending = [...new Set(items.filter((i) => i.status !== 'Cancelled').flatMap((i) => i.attendees.map((a) => a.userId)))]
    .map((id) => byId.get(id))
    .filter((s): s is TStaffMember => s !== undefined);
  const ofRole = attending.filter((s) => COLUMN_ROLES[platform].includes(s.role));
  return (ofRole.length > 0 ? ofRole : attending)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => ({ id: s.userId, title: s.name }));
}

/** The public holidays among the SA days [first, end). */
export function holidaysBetween(first: string, end: string): PublicHoliday[] {
  const years = new Set([first.slice(0, 4), addDayKeys(end, -1).slice(0, 4)]);
  return [...years].flatMap((y) => publicHolidaysOf(Number(y))).filter((h) => h.date >= first && h.date < end);
}

export function holidayOn(holidays: readonly PublicHoliday[], local: Date): PublicHoliday | undefined {
  const key = floatingDayKey(local);
  return holidays.find((h) => h.date === key);
}
