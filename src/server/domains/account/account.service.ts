import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  type TAccountProfile,
  type TAccountSession,
  type TChangePasswordInput,
  type TChangePasswordResult,
  type TEndSessionResult,
  type TUpdateAccountProfileInput,
  describeUserAgent,
} from '../../../shared/domain/account';
import type { TPlatform } from '../../../shared/platform';
import { hashPassword, verifyPassword } from '../../auth/password';
import { checkThrottled, forgetFailures } from '../../auth/sign-in-throttle';
import { assertAcceptablePassword } from '../../auth/password-strength';
import { signOutEverywhere } from '../../auth/sessions';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { Actor } from '../../auth/actor';

// The caller's own account (issue 7 /settings). Every query is keyed by actor.userId: there is no
// input naming whose account, so nobody reaches another person's profile or sessions from here.

/** Live sessions shown at most; a person with more has bigger problems than this list. */
const SESSION_LIST_LIMIT = 100;

const WRONG_PASSWORD = 'Current password is incorrect';

// The same throttle as sign-in (sign-in-throttle.ts): guesses at the password through this form
// and through the login form count together, so a stolen session cannot brute-force it either.
const lockedMessage = (minutes: number) =>
  `Too many wrong passwords. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;

export interface ClientInfo {
  ip: string | null;
}

async function findUser(db: Kysely<DB>, actor: Actor) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', actor.userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'Account not found');
  return user;
}

export async function getAccountProfile(db: Kysely<DB>, actor: Actor): Promise<TAccountProfile> {
  const user = await findUser(db, actor);
  const organization = actor.organizationId
    ? await db.selectFrom('organizations').select(['id', 'name', 'platform']).where('id', '=', actor.organizationId).executeTakeFirst()
    : undefined;
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    department: user.department,
    role: actor.role,
    isSuperAdmin: actor.isSuperAdmin,
    organization: organization ? { id: organization.id, name: organization.name, platform: organization.platform as TPlatform } : null,
  };
}

/** Name and department only: the e-mail is the sign-in name and stays as the administrator set it. */
export async function updateAccountProfile(db: Kysely<DB>, actor: Actor, input: TUpdateAccountProfileInput): Promise<TAccountProfile> {
  await db
    .updateTable('users')
    .set({ first_name: input.firstName, last_name: input.lastName, department: input.department, updated_at: nowIso() })
    .where('id', '=', actor.userId)
    .execute();
  return getAccountProfile(db, actor);
}

/**
 * Needs the current password (a session left open on a shared ward PC must not be enough to take
 * the account over). On success every OTHER session of the user ends; the one asking stays.
 */
export async function changePassword(
  db: Kysely<DB>,
  config: Config,
  actor: Actor,
  input: TChangePasswordInput,
  client: ClientInfo,
): Promise<TChangePasswordResult> {
  // Refused before the current password is checked: a weak choice costs no sign-in attempt.
  await assertAcceptablePassword(input.newPassword, 'newPassword');
  const user = await findUser(db, actor);
  const subject = { email: user.email, ip: client.ip };
  const hash = user.password_hash;
  const ok = await checkThrottled(db, config, subject, async () => (hash ? verifyPassword(hash, input.currentPassword) : false), lockedMessage);
  if (!ok) throw new AppError('BAD_REQUEST', WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', user.id).execute();
    // Every other session ends, and the calendar feed addresses with them (they are credentials too).
    return signOutEverywhere(trx, user.id, { keepSessionId: actor.sessionId });
  });
  await forgetFailures(db, subject);
  return {
    success: true,
    endedSessions: ended,
    message: ended > 0 ? `Password changed. ${ended} other session${ended === 1 ? ' was' : 's were'} signed out.` : 'Password changed.',
  };
}

/**
 * The handle a session is known by outside the server: a hash of the stored id, so the list never
 * hands out the value the sessions table is keyed by.
 */
export function sessionHandle(sessionId: string): string {
  return createHash('sha256').update(`session-handle:${sessionId}`).digest('hex').slice(0, 32);
}

function liveSessions(db: Kysely<DB>, actor: Actor) {
  const now = nowIso();
  return db
    .selectFrom('sessions')
    .leftJoin('organizations', 'organizations.id', 'sessions.organization_id')
    .select([
      'sessions.id',
      'sessions.created_at',
      'sessions.last_active_at',
      'sessions.ip',
      'sessions.user_agent',
      'organizations.name as organization_name',
    ])
    .where('sessions.user_id', '=', actor.userId)
    .where('sessions.expires_at', '>', now)
    .where('sessions.idle_expires_at', '>', now);
}

/** The caller's live sessions, the one in use first, then the most recently active. */
export async function listAccountSessions(db: Kysely<DB>, actor: Actor): Promise<TAccountSession[]> {
  const rows = await liveSessions(db, actor).orderBy('sessions.last_active_at', 'desc').orderBy('sessions.id').limit(SESSION_LIST_LIMIT).execute();
  return rows
    .map((row) => ({
      id: sessionHandle(row.id),
      createdAt: row.created_at,
      lastActiveAt: row.last_active_at,
      ip: row.ip,
      device: describeUserAgent(row.user_agent),
      current: row.id === actor.sessionId,
      organizationName: row.organization_name ?? null,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the caller's own sessions; another person's handle is simply not found. */
export async function endAccountSession(db: Kysely<DB>, actor: Actor, handle: string): Promise<TEndSessionResult> {
  const mine = await liveSessions(db, actor).execute();
  const session = mine.find((row) => sessionHandle(row.id) === handle);
  if (!session) throw new AppError('NOT_FOUND', 'Session not found');
  await db.deleteFrom('sessions').where('id', '=', session.id).where('user_id', '=', actor.userId).execute();
  return { success: true, signedOut: session.id === actor.sessionId };
}
