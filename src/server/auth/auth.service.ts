import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import type { TCurrentUser, TLoginInput, TRegisterSuperuserInput } from '../../shared/domain/auth';
import type { TPlatform } from '../../shared/platform';
import { SUPER_ADMIN, capabilitiesOf } from '../../shared/roles';
import type { Config } from '../config';
import { recordAuditEvent } from '../audit/audit-log';
import { AppError } from '../errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { assertAcceptablePassword } from './password-strength';
import type { AuthState } from './request-auth';
import type { ClientInfo, SignInOutcome } from './sign-in-outcome';
import { sessionPolicy } from './request-auth';
import { createSession, invalidateSession } from './sessions';
import { addressKey, checkThrottled, forgetFailures, signInLockedMessage } from './sign-in-throttle';
import { giveBackAttempt, reserveAttempt } from './throttle';
import { challengeResult, createChallenge, secondStepFor } from './two-factor.service';

const INVALID_CREDENTIALS = 'Invalid email or password';

export async function login(db: Kysely<DB>, config: Config, input: TLoginInput, client: ClientInfo): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const subject = { email, ip: client.ip };
  const signInFailed = (userId: string | null, reason: string) =>
    recordAuditEvent(db, { actor: userId ? { userId, role: null, organizationId: null } : null, action: 'sign-in', entityType: 'session', outcome: 'failure', client, details: { email: email.slice(0, 254), reason } });

  const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  let passwordOk: boolean;
  try {
    // Unknown e-mails are throttled and hashed against like real ones, so neither the answer nor
    // its timing tells which accounts exist.
    passwordOk = await checkThrottled(db, config, subject, async () =>
      user?.password_hash && user.is_active ? verifyPassword(user.password_hash, input.password) : (await burnPasswordCheck(input.password), false),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') await signInFailed(null, 'locked');
    throw error;
  }

  if (!user || !passwordOk) {
    await signInFailed(user?.id ?? null, user ? 'wrong-password' : 'unknown-account');
    return { result: { success: false, token: null, message: INVALID_CREDENTIALS } };
  }

  const membership = await activeMembershipOf(db, user.id);
  const organizationId = membership?.organization_id ?? null;
  if (!organizationId && !user.is_super_admin) {
    await signInFailed(user.id, 'no-active-organisation');
    return {
      result: { success: false, token: null, message: 'Your account is not active in any organisation. Please contact your administrator.' },
    };
  }
  // Two-factor sign-in: a right password earns the second step, not yet a session; this pair's
  // failures are forgotten only when the code step succeeds too (two-factor.service.ts).
  const secondStep = await secondStepFor(db, user, organizationId);
  if (secondStep) return { result: challengeResult(secondStep, await createChallenge(db, user.id, organizationId, secondStep)) };
  await forgetFailures(db, subject);
  const { token, session } = await createSession(db, sessionPolicy(config), { userId: user.id, organizationId, ...client });
  const role = user.is_super_admin ? SUPER_ADMIN : (membership?.role ?? null);
  await recordAuditEvent(db, { actor: { userId: user.id, role, organizationId }, action: 'sign-in', entityType: 'session', outcome: 'success', client, details: { method: 'password' } });
  return {
    result: { success: true, token, message: 'Logged in successfully' },
    session: { token, expiresAt: session.expires_at },
  };
}

/** The organisation a new session works in: the user's oldest active membership of an active organisation. */
async function activeMembershipOf(db: Kysely<DB>, userId: string): Promise<{ organization_id: string; role: string } | null> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select(['memberships.organization_id', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.status', '=', 'active')
    .where('organizations.is_active', '=', 1)
    .orderBy('memberships.created_at')
    .executeTakeFirst();
  return row ?? null;
}

export async function registerSuperuser(
  db: Kysely<DB>,
  config: Config,
  input: TRegisterSuperuserInput,
  client: ClientInfo,
): Promise<SignInOutcome> {
  if (!config.SUPER_ADMIN_SECRET) {
    throw new AppError('FORBIDDEN', 'Super Admin registration is disabled on this server (SUPER_ADMIN_SECRET is not set).');
  }
  // Wrong secrets count against the address, reserved before the comparison like passwords.
  const rule = { key: addressKey(client.ip), limit: config.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMinutes: config.LOGIN_LOCKOUT_MINUTES };
  const reservation = await reserveAttempt(db, [rule]);
  if (!reservation.ok) throw new AppError('TOO_MANY_REQUESTS', signInLockedMessage(reservation.retryMinutes));
  if (secretsMatch(input.secretKey, config.SUPER_ADMIN_SECRET)) {
    await giveBackAttempt(db, [rule]);
  } else {
    throw new AppError('FORBIDDEN', 'Invalid super admin secret key', { secretKey: 'Invalid super admin secret key' });
  }
  await assertAcceptablePassword(input.password);
  const existing = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
  if (existing) throw new AppError('CONFLICT', 'An account with this e-mail already exists', { email: 'An account with this e-mail already exists' });

  const now = nowIso();
  const userId = randomUUID();
  await db
    .insertInto('users')
    .values({
      id: userId,
      email: input.email,
      password_hash: await hashPassword(input.password),
      first_name: input.firstName,
      last_name: input.lastName,
      department: 'Platform Administration',
      profile_image_url: null,
      is_super_admin: 1,
      is_active: 1,
      last_seen_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // Super Admins must sign in with a second factor, so the new account sets it up before any session.
  const challenge = await createChallenge(db, userId, null, 'enrol');
  return {
    result: { ...challengeResult('enrol', challenge), message: 'Super Admin account created. Set up two-factor sign-in to finish.' },
  };
}

function secretsMatch(given: string, expected: string): boolean {
  // Compare digests so neither the length nor the content leaks through timing.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export async function logout(db: Kysely<DB>, auth: AuthState, client: ClientInfo): Promise<void> {
  await invalidateSession(db, auth.sessionId);
  await recordAuditEvent(db, {
    actor: { userId: auth.user.id, role: auth.role, organizationId: auth.organization?.id ?? null },
    action: 'sign-out',
    entityType: 'session',
    outcome: 'success',
    client,
  });
}

/**
 * Whether the user had signed in before this session: the audit trail holds every successful
 * sign-in (password or two-factor), so a second one means they have been here before.
 */
export async function hasSignedInBefore(db: Kysely<DB>, userId: string): Promise<boolean> {
  const rows = await db
    .selectFrom('audit_events')
    .select('seq')
    .where('user_id', '=', userId)
    .where('action', '=', 'sign-in')
    .where('outcome', '=', 'success')
    .limit(2)
    .execute();
  return rows.length > 1;
}

export function currentUser(auth: AuthState, install: { mailServer: boolean }, signedInBefore = true): TCurrentUser {
  const user: UserRow = auth.user;
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    role: auth.role,
    department: user.department,
    profileImageUrl: user.profile_image_url,
    isSuperAdmin: user.is_super_admin === 1,
    permissions: [...capabilitiesOf({ role: auth.role, isSuperAdmin: user.is_super_admin === 1 })],
    organization: auth.organization
      ? { id: auth.organization.id, name: auth.organization.name, platform: auth.organization.platform as TPlatform }
      : null,
    signedInBefore,
    mailServer: install.mailServer,
  };
}
