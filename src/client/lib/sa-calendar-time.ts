import { saWallClockToIso } from '../../shared/calendar';

// The calendar (react-big-calendar) draws with the browser's local Dates. Staff mean South African
// time whatever their device says, and South Africa keeps UTC+2 all year (no daylight saving), so
// an instant is shown as a "floating" local Date holding the SA wall clock, and turned back on save.

const SA_OFFSET_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The instant as a local Date whose wall clock reads the South African time of that instant. */
export function saFloating(at: string | Date): Date {
  const sa = new Date(new Date(at).getTime() + SA_OFFSET_MS);
  return new Date(sa.getUTCFullYear(), sa.getUTCMonth(), sa.getUTCDate(), sa.getUTCHours(), sa.getUTCMinutes(), sa.getUTCSeconds(), sa.getUTCMilliseconds());
}

/** A floating local Date (a wall clock read as South African time) as the ISO instant. */
export function floatingToIso(local: Date): string {
  const utc = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes(), local.getSeconds(), local.getMilliseconds());
  return new Date(utc - SA_OFFSET_MS).toISOString();
}

/** 'YYYY-MM-DD' of a floating Date (its local calendar day, i.e. the SA day). */
export function floatingDayKey(local: Date): string {
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** A floating Date as a datetime-local value in SA time ('2026-12-01T10:00'), for a form. */
export function floatingWallClock(local: Date): string {
  return `${floatingDayKey(local)}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** Midnight of an SA day 'YYYY-MM-DD' as a floating Date. */
export function dayKeyToFloating(day: string): Date {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** 'YYYY-MM-DD' plus some days (calendar arithmetic, no zone). */
export function addDayKeys(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
const weekdayFromMonday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

export type CalendarView = 'day' | 'people' | 'week' | 'month';

/**
 * The SA days a view shows for a date: [first, last) as 'YYYY-MM-DD'. A week starts on Monday; a
 * month shows the whole weeks that hold its days (at most 42 days, inside the 62-day read limit).
 */
export function visibleDays(view: CalendarView, day: string): { first: string; end: string } {
  if (view === 'day' || view === 'people') return { first: day, end: addDayKeys(day, 1) };
  if (view === 'week') {
    const first = addDayKeys(day, -weekdayFromMonday(day));
    return { first, end: addDayKeys(first, 7) };
  }
  const firstOfMonth = `${day.slice(0, 7)}-01`;
  const [y = 1970, m = 1] = day.split('-').map(Number);
  const lastOfMonth = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const first = addDayKeys(firstOfMonth, -weekdayFromMonday(firstOfMonth));
  const end = addDayKeys(lastOfMonth, 7 - weekdayFromMonday(lastOfMonth));
  return { first, end };
}

/** The ISO instants of a view's visible range, for `appointments.list({from, to})`. */
export function visibleRange(view: CalendarView, day: string): { from: string; to: string } {
  const { first, end } = visibleDays(view, day);
  return { from: saWallClockToIso(`${first}T00:00`)!, to: saWallClockToIso(`${end}T00:00`)! };
}

/** The day a view moves to with its Back / Next buttons. */
export function stepDay(view: CalendarView, day: string, direction: 1 | -1): string {
  if (view === 'day' || view === 'people') return addDayKeys(day, direction);
  if (view === 'week') return addDayKeys(day, 7 * direction);
  const [y = 1970, m = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + direction, 1)).toISOString().slice(0, 10);
}
