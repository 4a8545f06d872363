import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { Kysely } from 'kysely';
import type { DB, SessionRow } from '../../../db/schema';
import { addMinutes, nowIso } from '../../../db/time';

// Sessions on the Lucia design (lucia-auth.com/sessions): a random token of 160 bits goes to the
// browser; only its SHA-256 hash is stored, so a leaked sessions table signs nobody in.

export interface SessionPolicy {
  idleTimeoutMinutes: number;
  maxLifetimeHours: number;
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(
  db: Kysely<DB>,
  policy: SessionPolicy,
  input: { userId: string; organizationId: string | null; ip: string | null; userAgent: string | null },
): Promise<{ token: string; session: SessionRow }> {
  const token = generateSessionToken();
  const now = nowIso();
  const expiresAt = addMinutes(now, policy.maxLifetimeHours * 60);
  const session: SessionRow = {
    id: sessionIdFromToken(token),
    user_id: input.userId,
    organization_id: input.organizationId,
    created_at: now,
    last_active_at: now,
    idle_expires_at: earliest(addMinutes(now, policy.idleTimeoutMinutes), expiresAt),
    expires_at: expiresAt,
    ip: input.ip,
    user_agent: input.userAgent?.slice(0, 512) ?? null,
  };
  // Sweep this user's dead sessions while we are here, so the table does not grow without bound.
  await db.deleteFrom('sessions').where('user_id', '=', input.userId).where('idle_expires_at', '<=', now).execute();
  await db.insertInto('sessions').values(session).execute();
  return { token, session };
}

/** A token of the shape generateSessionToken makes; anything else is not looked up. */
export function isWellFormedSessionToken(token: string): boolean {
  return /^[a-z2-7]{32}$/.test(token);
}

/** The columns of a session that decide whether it is live. */
export type SessionTimes = Pick<SessionRow, 'id' | 'last_active_at' | 'idle_expires_at' | 'expires_at'>;

/**
 * Whether a session just read is still live. An expired session (idle or absolute) is deleted.
 * Activity extends the idle deadline, written at most once per tenth of the timeout to spare the
 * database a write on every request; `session` is updated in place when it is.
 */
export async function keepSessionAlive(db: Kysely<DB>, policy: SessionPolicy, session: SessionTimes): Promise<boolean> {
  const now = nowIso();
  if (session.expires_at <= now || session.idle_expires_at <= now) {
    await db.deleteFrom('sessions').where('id', '=', session.id).execute();
    return false;
  }
  const refreshAfter = addMinutes(session.last_active_at, policy.idleTimeoutMinutes / 10);
  if (refreshAfter <= now) {
    session.last_active_at = now;
    session.idle_expires_at = earliest(addMinutes(now, policy.idleTimeoutMinutes), session.expires_at);
    await db
      .updateTable('sessions')
      .set({ last_active_at: session.last_active_at, idle_expires_at: session.idle_expires_at })
      .where('id', '=', session.id)
      .execute();
  }
  return true;
}

export async function invalidateSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/**
 * Signs a user out everywhere: ends their sessions and revokes their calendar feed addresses. A feed
 * address is a credential too (decision 0036: a bearer token a calendar app polls), so every flow
 * that promises "signed out everywhere" — a password reset or change, a deactivation — must end it
 * as well; a feed left alive would keep reading the schedule after the reset, and would work again
 * after a reactivation. Scope: one organisation (a deactivation there), and the caller's own session
 * kept (a password change signs out only the *other* sessions). Answers how many sessions ended.
 */
export async function signOutEverywhere(
  db: Kysely<DB>,
  userId: string,
  scope: { organizationId?: string; keepSessionId?: string } = {},
): Promise<number> {
  let sessions = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (scope.organizationId) sessions = sessions.where('organization_id', '=', scope.organizationId);
  if (scope.keepSessionId) sessions = sessions.where('id', '!=', scope.keepSessionId);
  const ended = await sessions.executeTakeFirst();
  await revokeCalendarFeeds(db, userId, scope.organizationId);
  return Number(ended.numDeletedRows);
}

/**
 * Revokes a user's calendar feed addresses (of one organisation, or all). Also on its own for a role
 * change, which keeps the sessions (they read the new role on the next request) but must not leave
 * an address made under the old role: the next one is made, and seen, under the new role.
 */
export async function revokeCalendarFeeds(db: Kysely<DB>, userId: string, organizationId?: string): Promise<void> {
  let feeds = db.deleteFrom('calendar_feeds').where('user_id', '=', userId);
  if (organizationId) feeds = feeds.where('organization_id', '=', organizationId);
  await feeds.execute();
}

function earliest(a: string, b: string): string {
  return a < b ? a : b;
}
