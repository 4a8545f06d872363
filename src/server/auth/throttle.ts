import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { addMinutes, nowIso } from '../../../db/time';
import { AppError } from '../errors';

// Throttling, kept in the database so it holds across restarts and across processes on one
// Postgres. A key is one account ('account:<email>'), one address ('address:<ip>') or one use of a
// public form by one address ('form:<ip>'). Attempts count within a window as long as the lockout;
// reaching the limit locks the key for that long.

export interface ThrottlePolicy {
  lockoutMinutes: number;
}

const signInMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;

export async function assertNotLocked(db: Kysely<DB>, keys: string[], message: (minutes: number) => string = signInMessage): Promise<void> {
  const now = nowIso();
  const locked = await db
    .selectFrom('login_throttle')
    .select(['key', 'locked_until'])
    .where('key', 'in', keys)
    .where('locked_until', '>', now)
    .orderBy('locked_until', 'desc')
    .executeTakeFirst();
  if (locked?.locked_until) {
    const minutes = Math.max(1, Math.ceil((Date.parse(locked.locked_until) - Date.now()) / 60_000));
    throw new AppError('TOO_MANY_REQUESTS', message(minutes));
  }
}

export async function recordFailure(db: Kysely<DB>, policy: ThrottlePolicy, key: string, limit: number): Promise<void> {
  // Three single statements rather than read-modify-write, so concurrent failures on Postgres
  // neither collide on the key nor lose a count.
  const now = nowIso();
  const windowStart = addMinutes(now, -policy.lockoutMinutes);
  await db
    .deleteFrom('login_throttle')
    .where('key', '=', key)
    .where('window_started_at', '<=', windowStart)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
  await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_started_at: now, locked_until: null })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ failures: eb('login_throttle.failures', '+', 1) })))
    .execute();
  await db
    .updateTable('login_throttle')
    .set({ locked_until: addMinutes(now, policy.lockoutMinutes) })
    .where('key', '=', key)
    .where('failures', '>=', limit)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
}

export async function clearFailures(db: Kysely<DB>, key: string): Promise<void> {
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
  await assertNotLocked(db, [allowance.key], allowance.message);
  await recordFailure(db, { lockoutMinutes: allowance.windowMinutes }, allowance.key, allowance.limit);
}
