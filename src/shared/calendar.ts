// The business calendar: days, weeks, months and years as a South African clinic lives them.
// South Africa keeps SAST (UTC+2) all year with no daylight saving, so local calendar arithmetic is
// UTC arithmetic on instants shifted by two hours. Stored timestamps stay UTC (db/time.ts); only
// "which day / month is this" questions come here: effective dates, today's appointments, this
// month's revenue, analytics buckets. See docs/decisions/0007-business-calendar.md.

const OFFSET_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

const toLocal = (at: Date | string) => new Date(new Date(at).getTime() + OFFSET_MS);
const fromLocal = (local: Date) => new Date(local.getTime() - OFFSET_MS);

/** 'YYYY-MM-DD' of the South African day holding the instant. */
export function dayKey(at: Date | string = new Date()): string {
  return toLocal(at).toISOString().slice(0, 10);
}

export function monthKey(at: Date | string): string {
  return toLocal(at).toISOString().slice(0, 7);
}

export function yearKey(at: Date | string): string {
  return toLocal(at).toISOString().slice(0, 4);
}

export function startOfDay(at: Date): Date {
  const l = toLocal(at);
  return fromLocal(new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate())));
}

/** Monday 00:00 of the week holding the instant (weeks start on Monday). */
export function startOfWeek(at: Date): Date {
  const day = startOfDay(at);
  const sinceMonday = (toLocal(day).getUTCDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

export function startOfMonth(at: Date): Date {
  const l = toLocal(at);
  return fromLocal(new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth(), 1)));
}

export function startOfYear(at: Date): Date {
  return fromLocal(new Date(Date.UTC(toLocal(at).getUTCFullYear(), 0, 1)));
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS); // no daylight saving: a day is always 24 h
}

export function addMonths(at: Date, months: number): Date {
  const l = toLocal(at);
  return fromLocal(new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth() + months, l.getUTCDate(), l.getUTCHours(), l.getUTCMinutes())));
}

export function daysBetween(fromIso: string, toIso: string): number {
  return (new Date(toIso).getTime() - new Date(fromIso).getTime()) / DAY_MS;
}

// Form fields (datetime-local, date) hold a wall-clock time without a zone. The browser would read
// it in the device's zone, so a booking typed as 10:00 on a laptop set to UTC became 12:00 SAST.
// Users of the product mean South African time whatever their device says: the wall clock is read
// as SAST here. A fixed +02:00 is a correct rule, not an approximation: South Africa has kept
// UTC+2 all year since 1944 (no daylight saving), so no zone database is needed.
const SA_WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d{1,3})?)?$/;

/**
 * A datetime-local value ('2026-11-23T10:00') read as South African time, as ISO UTC
 * ('2026-11-23T08:00:00.000Z'); null when it is not such a value.
 */
export function saWallClockToIso(value: string): string | null {
  const match = SA_WALL_CLOCK.exec(value.trim());
  if (!match) return null;
  const date = new Date(`${match[1]}T${match[2]}${match[3] ?? ':00'}+02:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The instant as a datetime-local value in South African time ('2026-11-23T10:00'). */
export function isoToSaWallClock(at: Date | string): string {
  return toLocal(at).toISOString().slice(0, 16);
}

/**
 * A form's datetime-local value read as SA time (above), for a zod preprocess; anything
 * unparseable is passed through for the schema to reject.
 */
export function localInputToIso(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  return saWallClockToIso(value) ?? value;
}
