import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { addMinutes, nowIso } from '../../../db/time';
import { AppError } from '../errors';

// Throttling, kept in the database so it holds across restarts and across processes on one
// Postgres. A key is one use of something limited: an account and address pair, one address, one
// account over all addresses, or one public form per address (sign-in-throttle.ts names them).
//
// An attempt is RESERVED before the work it limits (argon2, a code check) with one statement that
// counts it and refuses at the limit (decision 0022). Checking first and counting after let a burst
// of 40 concurrent guesses all pass the check before the first failure was written. A reservation
// that turns out not to be a failure (the right password) is given back.
//
// Row meaning: `failures` attempts counted in the window that started at `window_started_at` and
// lasts the rule's window; reaching the limit sets `locked_until` a full window ahead.

export interface ThrottleRule {
  key: string;
  limit: number;
  windowMinutes: number;
}

export type Reservation =
  | { ok: true; /** The count each rule holds after this attempt, in rule order. */ counts: number[] }
  | { ok: false; rule: ThrottleRule; retryMinutes: number };

/**
 * Counts one attempt against every rule, or against none: a rule at its limit refuses, and the
 * rules already counted for this attempt are given back. Each rule's bound holds by its own single
 * statement (an upsert whose update only happens below the limit), so no transaction is needed and
 * no burst, on any number of processes, gets more than `limit` attempts per key per window.
 */
export async function reserveAttempt(db: Kysely<DB>, rules: ThrottleRule[]): Promise<Reservation> {
  const counts: number[] = [];
  for (const [i, rule] of rules.entries()) {
    const count = await reserveOne(db, rule);
    if (count === null) {
      await giveBackAttempt(db, rules.slice(0, i));
      return { ok: false, rule, retryMinutes: await retryMinutesOf(db, rule) };
    }
    counts.push(count);
  }
  return { ok: true, counts };
}

async function reserveOne(db: Kysely<DB>, rule: ThrottleRule): Promise<number | null> {
  const now = nowIso();
  const lockEnd = addMinutes(now, rule.windowMinutes);
  // A window that is over and not locked starts again at one.
  const windowOver = sql<boolean>`(login_throttle.window_started_at <= ${addMinutes(now, -rule.windowMinutes)} and (login_throttle.locked_until is null or login_throttle.locked_until <= ${now}))`;
  const next = sql<number>`(case when ${windowOver} then 1 else login_throttle.failures + 1 end)`;
  const row = await db
    .insertInto('login_throttle')
    .values({ key: rule.key, failures: 1, window_started_at: now, locked_until: rule.limit <= 1 ? lockEnd : null })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: next,
          window_started_at: sql<string>`(case when ${windowOver} then ${now} else login_throttle.window_started_at end)`,
          locked_until: sql<string | null>`(case when ${next} >= ${rule.limit} then ${lockEnd} else null end)`,
        })
        // Only below the limit (or in a new window) is there anything to update; otherwise no row
        // comes back and the attempt is refused.
        .where(sql<boolean>`(${windowOver} or (login_throttle.failures < ${rule.limit} and (login_throttle.locked_until is null or login_throttle.locked_until <= ${now})))`),
    )
    .returning('failures')
    .executeTakeFirst();
  return row ? Number(row.failures) : null;
}

async function retryMinutesOf(db: Kysely<DB>, rule: ThrottleRule): Promise<number> {
  const row = await db.selectFrom('login_throttle').select(['locked_until', 'window_started_at']).where('key', '=', rule.key).executeTakeFirst();
  // Full without a lock: the limit is taken by attempts still in flight; they end within the window.
  const until = row?.locked_until ?? (row ? addMinutes(row.window_started_at, rule.windowMinutes) : nowIso());
  return Math.max(1, Math.ceil((Date.parse(until) - Date.now()) / 60_000));
}

/** Gives back an attempt that was not a failure; below the limit again, the key is no longer locked. */
export async function giveBackAttempt(db: Kysely<DB>, rules: ThrottleRule[]): Promise<void> {
  for (const rule of rules) {
    await db
      .updateTable('login_throttle')
      .set({
        failures: sql<number>`login_throttle.failures - 1`,
        locked_until: sql<string | null>`(case when login_throttle.failures - 1 >= ${rule.limit} then login_throttle.locked_until else null end)`,
      })
      .where('key', '=', rule.key)
      .where('failures', '>', 0)
      .execute();
  }
}

/** Forgets a key's failures (e.g. a completed sign-in from that address). */
export async function clearThrottle(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

export interface Allowance {
  key: string;
  limit: number;
  windowMinutes: number;
  message: (minutes: number) => string;
}

/** Counts one use of an allowance (e.g. public form submissions per address); past the limit, 429. */
export async function spendAllowance(db: Kysely<DB>, allowance: Allowance): Promise<void> {
  const reservation = await reserveAttempt(db, [allowance]);
  if (!reservation.ok) throw new AppError('TOO_MANY_REQUESTS', allowance.message(reservation.retryMinutes));
}
