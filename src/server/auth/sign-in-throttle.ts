import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import type { Config } from '../config';
import { AppError } from '../errors';
import { type ThrottleRule, clearThrottle, giveBackAttempt, reserveAttempt } from './throttle';
import { wait } from './wait';

// The one gate every check of a secret that signs someone in goes through: the password at sign-in,
// at password change, at invitation acceptance and in two-factor settings, and the second-factor
// codes (decision 0022). Three counts, each reserved before the check:
// - the account AND address pair (LOGIN_MAX_FAILURES_PER_ACCOUNT): guesses from one place lock that
//   place out of that account, not the real user at another desk;
// - the address (LOGIN_MAX_FAILURES_PER_ADDRESS): one address trying many accounts;
// - the account over all addresses (LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL, higher): a ceiling for
//   guesses sprayed from many addresses, which does lock the account for everybody.
// Before refusing, each further failure from a pair answers later (failureDelayMs).

export interface SignInSubject {
  email: string;
  ip: string | null;
}

const addressOf = (ip: string | null) => ip ?? 'unknown';
// The address first: an IP address never holds '|', so no two pairs share a key.
export const pairKey = (s: SignInSubject) => `pair:${addressOf(s.ip)}|${s.email}`;
export const addressKey = (ip: string | null) => `address:${addressOf(ip)}`;
export const accountKey = (email: string) => `account:${email}`;

export const signInLockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;

/** The delay of the n-th failure is at most this, however many there were. */
export const MAX_FAILURE_DELAY_MS = 4_000;

/**
 * How long the answer to the n-th failure in a row from one account and address pair waits: nothing
 * for the first (a typo costs nothing), then LOGIN_FAILURE_DELAY_MS doubling each time, capped.
 */
export function failureDelayMs(n: number, baseMs: number): number {
  if (n <= 1 || baseMs <= 0) return 0;
  return Math.min(MAX_FAILURE_DELAY_MS, baseMs * 2 ** (n - 2));
}

export function signInRules(config: Config, subject: SignInSubject): ThrottleRule[] {
  const windowMinutes = config.LOGIN_LOCKOUT_MINUTES;
  return [
    { key: pairKey(subject), limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMinutes },
    { key: addressKey(subject.ip), limit: config.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMinutes },
    { key: accountKey(subject.email), limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL, windowMinutes },
  ];
}

/**
 * Runs `check` (argon2, a TOTP match …) only if an attempt could be reserved for this account and
 * address; otherwise 429 with `lockedMessage`. A check that passes (or throws: no guess was judged)
 * gives its attempt back; one that fails keeps it as a failure and answers after the growing delay.
 */
export async function checkThrottled(
  db: Kysely<DB>,
  config: Config,
  subject: SignInSubject,
  check: () => Promise<boolean>,
  lockedMessage: (minutes: number) => string = signInLockedMessage,
): Promise<boolean> {
  const rules = signInRules(config, subject);
  const reservation = await reserveAttempt(db, rules);
  if (!reservation.ok) throw new AppError('TOO_MANY_REQUESTS', lockedMessage(reservation.retryMinutes));
  let passed: boolean;
  try {
    passed = await check();
  } catch (error) {
    await giveBackAttempt(db, rules);
    throw error;
  }
  if (passed) {
    await giveBackAttempt(db, rules);
    return true;
  }
  const delay = failureDelayMs(reservation.counts[0]!, config.LOGIN_FAILURE_DELAY_MS);
  if (delay > 0) await wait(delay);
  return false;
}

/**
 * A finished sign-in (or a proven password while signed in) forgets that pair's failures. The
 * address and account-wide counts stay: they count what others tried, not this person's typos.
 */
export async function forgetFailures(db: Kysely<DB>, subject: SignInSubject): Promise<void> {
  await clearThrottle(db, pairKey(subject));
}

/**
 * After a password reset the owner has proved their mailbox and the old password is gone: every lock
 * on the account lifts — its account-wide count and the count of each address that tried it.
 */
export async function forgetAccountFailures(db: Kysely<DB>, email: string): Promise<void> {
  // LIKE narrows (a % or _ in the address only widens the match); the exact suffix decides.
  const pairs = await db.selectFrom('login_throttle').select('key').where('key', 'like', `pair:%|${email}`).execute();
  const keys = [accountKey(email), ...pairs.map((row) => row.key).filter((key) => key.endsWith(`|${email}`))];
  await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}
