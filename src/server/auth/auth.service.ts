import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import type { TAuthResult, TCurrentUser, TLoginInput, TRegisterSuperuserInput } from '../../shared/domain/auth';
import type { TPlatform } from '../../shared/platform';
import { SUPER_ADMIN, capabilitiesOf } from '../../shared/roles';
import type { Config } from '../config';
import { recordAuditEvent } from '../audit/audit-log';
import { AppError } from '../errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { assertAcceptablePassword } from './password-strength';
import type { AuthState } from './request-auth';
import { sessionPolicy } from './request-auth';
import { createSession, invalidateSession } from './sessions';
import { assertNotLocked, clearFailures, recordFailure } from './throttle';
import { challengeResult, createChallenge, secondStepFor } from './two-factor.service';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface SignInOutcome {
  result: TAuthResult;
  session?: { token: string; expiresAt: string };
}

const INVALID_CREDENTIALS = 'Invalid email or password';

const accountKey = (email: string) => `account:${email}`;
const addressKey = (ip: string | null) => `address:${ip ?? 'unknown'}`;

export async function login(db: Kysely<DB>, config: Config, input: TLoginInput, client: ClientInfo): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const keys = [accountKey(email), addressKey(client.ip)];
  const signInFailed = (userId: string | null, reason: string) =>
    recordAuditEvent(db, { actor: userId ? { userId, role: null, organizationId: null } : null, action: 'sign-in', entityType: 'session', outcome: 'failure', client, details: { email: email.slice(0, 254), reason } });
  try {
    await assertNotLocked(db, keys);
  } catch (error) {
    await signInFailed(null, 'locked');
    throw error;
  }

  const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const passwordOk = user?.password_hash && user.is_active
    ? await verifyPassword(user.password_hash, input.password)
    : (await burnPasswordCheck(input.password), false);

  if (!user || !passwordOk) {
    const policy = { lockoutMinutes: config.LOGIN_LOCKOUT_MINUTES };
    await recordFailure(db, policy, keys[0]!, config.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    await recordFailure(db, policy, keys[1]!, config.LOGIN_MAX_FAILURES_PER_ADDRESS);
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
  await clearFailures(db, keys[0]!);
  // Two-factor sign-in: a right password earns the second step, not yet a session.
  const secondStep = await secondStepFor(db, user, organizationId);
  if (secondStep) return { result: challengeResult(secondStep, await createChallenge(db, user.id, organizationId, secondStep)) };
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
  const key = addressKey(client.ip);
  await assertNotLocked(db, [key]);
  if (!secretsMatch(input.secretKey, config.SUPER_ADMIN_SECRET)) {
    await recordFailure(db, { lockoutMinutes: config.LOGIN_LOCKOUT_MINUTES }, key, config.LOGIN_MAX_FAILURES_PER_ADDRESS);
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

export function currentUser(auth: AuthState): TCurrentUser {
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
  };
}
