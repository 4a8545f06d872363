import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';
import { addMinutes, toIso } from '../time';

// Small tools the demo builders share: a clock that places rows relative to "now" on the South
// African calendar, a seeded random source (the same demo every time, only ids and dates move),
// and a batched insert.

const SAST_OFFSET_MINUTES = 120; // South Africa keeps UTC+2 all year (no daylight saving)
const DAY_MS = 86_400_000;

export interface SeedClock {
  now: string;
  /** The South African calendar day `dayOffset` days from today, at local time `hhmm` ('08:30'). */
  at(dayOffset: number, hhmm: string): string;
  /** Like `at`, but a Saturday or Sunday moves to the nearest weekday away from today. */
  onWorkday(dayOffset: number, hhmm: string): string;
  minutesAgo(minutes: number): string;
  /** YYYY-MM-DD of the South African calendar day `dayOffset` days from today. */
  date(dayOffset: number): string;
  /** Whole South African calendar days from today to `iso` (negative in the past). */
  dayOffsetOf(iso: string): number;
}

export function createClock(nowDate: Date): SeedClock {
  const now = toIso(nowDate);
  const localMidnightMs = (() => {
    const local = new Date(nowDate.getTime() + SAST_OFFSET_MINUTES * 60_000);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  })();

  const at = (dayOffset: number, hhmm: string): string => {
    const [h, m] = hhmm.split(':').map(Number);
    if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) throw new Error(`Bad time ${hhmm}`);
    const localMs = localMidnightMs + dayOffset * DAY_MS + (h * 60 + m) * 60_000;
    return toIso(localMs - SAST_OFFSET_MINUTES * 60_000);
  };

  const weekdayOf = (dayOffset: number): number => new Date(localMidnightMs + dayOffset * DAY_MS).getUTCDay();

  return {
    now,
    at,
    onWorkday(dayOffset, hhmm) {
      let offset = dayOffset;
      const step = dayOffset >= 0 ? 1 : -1;
      while (weekdayOf(offset) === 0 || weekdayOf(offset) === 6) offset += step;
      return at(offset, hhmm);
    },
    minutesAgo: (minutes) => addMinutes(now, -minutes),
    date: (dayOffset) => toIso(localMidnightMs + dayOffset * DAY_MS).slice(0, 10),
    dayOffsetOf(iso) {
      const localMs = new Date(iso).getTime() + SAST_OFFSET_MINUTES * 60_000;
      return Math.floor((localMs - localMidnightMs) / DAY_MS);
    },
  };
}

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: tiny, fast and good enough to vary demo data reproducibly. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick() from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
  };
}

/** Whole minutes from `fromIso` to `toIsoValue`. */
export function minutesBetween(fromIso: string, toIsoValue: string): number {
  return Math.round((new Date(toIsoValue).getTime() - new Date(fromIso).getTime()) / 60_000);
}

export function laterOf(a: string, b: string): string {
  return a > b ? a : b;
}

// Well below SQLite's 32,766 and Postgres' 65,535 bound parameters even for the widest table.
const ROWS_PER_INSERT = 200;

export async function insertRows<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // Kysely cannot narrow `values` for a generic table name; the parameter type above keeps callers honest.
    await db.insertInto(table).values(rows.slice(start, start + ROWS_PER_INSERT) as never).execute();
  }
}
