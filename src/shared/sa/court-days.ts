// Counting days the way South African courts and statutes do. Dates are calendar days
// 'YYYY-MM-DD' (no time zone: a deadline is a day, not an instant); arithmetic is on Date.UTC.
//
// - A court day is any day other than a Saturday, Sunday or public holiday, and only court days
//   count in a time expressed in days by the Uniform Rules (Uniform Rules of Court, rule 1,
//   "court day").
// - A count excludes the first day and includes the last (Interpretation Act 33 of 1957 s4), so
//   "10 court days after service" lands on the 10th court day after the day of service.
// - Rule 19(1)'s proviso: the days from 16 December to 15 January, both inclusive, are not counted
//   in the time to deliver a notice of intention to defend (rule19Recess below).

import { holidayName, type PublicHoliday } from './public-holidays';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);

export function addCalendarDays(date: string, days: number): string {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekdayName(date: string): (typeof DAY_NAMES)[number] {
  return DAY_NAMES[toUtc(date).getUTCDay()]!;
}

export function isWeekend(date: string): boolean {
  const day = toUtc(date).getUTCDay();
  return day === 0 || day === 6;
}

export function isCourtDay(date: string): boolean {
  return !isWeekend(date) && holidayName(date) === null;
}

/** 16 December – 15 January, both inclusive: not counted for Rule 19(1). */
export function inRule19Recess(date: string): boolean {
  const monthDay = date.slice(5);
  return monthDay >= '12-16' || monthDay <= '01-15';
}

/** The whole recess window holding a date of it, e.g. 2027-01-10 → 2026-12-16 … 2027-01-15. */
export function rule19RecessAround(date: string): { from: string; to: string } {
  const year = Number(date.slice(0, 4));
  const startYear = date.slice(5) >= '12-16' ? year : year - 1;
  return { from: `${startYear}-12-16`, to: `${startYear + 1}-01-15` };
}

export interface CourtDayCount {
  /** The n-th court day after (n > 0) or before (n < 0) the start; the start itself when n = 0. */
  date: string;
  /** Public holidays on weekdays that were passed over (not those inside a skipped recess). */
  skippedHolidays: PublicHoliday[];
  /** Rule 19 recess windows that were passed over, each named by its whole span. */
  skippedRecesses: { from: string; to: string }[];
}

/**
 * Counts n court days from a date, the date itself not counted; with `skipRule19Recess` the days of
 * 16 Dec – 15 Jan are not counted either. Shows what was passed over, for the explanation.
 */
export function countCourtDays(start: string, n: number, options: { skipRule19Recess?: boolean } = {}): CourtDayCount {
  if (!Number.isInteger(n)) throw new RangeError(`A number of court days is a whole number (got ${n})`);
  const step = n < 0 ? -1 : 1;
  const skippedHolidays: PublicHoliday[] = [];
  const skippedRecesses: { from: string; to: string }[] = [];
  let date = start;
  for (let counted = 0; counted < Math.abs(n); ) {
    date = addCalendarDays(date, step);
    if (options.skipRule19Recess && inRule19Recess(date)) {
      const window = rule19RecessAround(date);
      if (!skippedRecesses.some((w) => w.from === window.from)) skippedRecesses.push(window);
      continue;
    }
    if (isWeekend(date)) continue;
    const name = holidayName(date);
    if (name !== null) {
      skippedHolidays.push({ date, name });
      continue;
    }
    counted += 1;
  }
  return { date, skippedHolidays, skippedRecesses };
}

/** The n-th court day after the date (n < 0: before it), the date itself not counted. */
export function addCourtDays(date: string, n: number, options: { skipRule19Recess?: boolean } = {}): string {
  return countCourtDays(date, n, options).date;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The same day of the month n months later; when that month is shorter, its last day
 * (2026-08-31 + 6 months = 2027-02-28; 2024-02-29 + 36 months = 2027-02-28).
 */
export function addMonths(date: string, months: number): string {
  const d = toUtc(date);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const day = Math.min(d.getUTCDate(), daysInMonth(target.getUTCFullYear(), target.getUTCMonth()));
  target.setUTCDate(day);
  return target.toISOString().slice(0, 10);
}
