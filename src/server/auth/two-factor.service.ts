import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { DB, UserRow } from '../../../db/schema';
import { addMinutes, nowIso } from '../../../db/time';
import type { TAuthResult } from '../../shared/domain/auth';
import type { TRecoveryCodes, TTwoFactorSetup, TTwoFactorStatus, TVerifyTwoFactorInput } from '../../shared/domain/two-factor';
import { SUPER_ADMIN } from '../../shared/roles';
import { recordAuditEvent } from '../audit/audit-log';
import type { ClientInfo, SignInOutcome } from './sign-in-outcome';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { Actor } from './actor';
import { verifyPassword } from './password';
import { sessionPolicy } from './request-auth';
import { createSession, generateSessionToken, sessionIdFromToken } from './sessions';
import { checkThrottled, forgetFailures, signInLockedMessage } from './sign-in-throttle';
import { matchTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpKeyUri, totpQrSvg } from './totp';

// Two-factor sign-in (issue 8). After a right password the user gets no session yet but a challenge:
// a random token (only its SHA-256 stored, like sessions) that lets them take the second step for
// ten minutes and at most five wrong codes. 'verify' asks for a code; 'enrol' first sets TOTP up —
// required of Super Admins and of members of an organisation that requires it. Signed-in users
// enrol, renew recovery codes and turn it off at /settings with their password.

type Purpose = 'verify' | 'enrol';

const CHALLENGE_MINUTES = 10;
const CHALLENGE_MAX_ATTEMPTS = 5;
const WRONG_CODE = 'That code is not right. Check the time on your phone and try again.';
const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was used already.';
const EXPIRED = 'This sign-in has expired. Please sign in again.';

const lockedMessage = (minutes: number) => `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;

/** The second step a user with a right password must take, or null. */
export async function secondStepFor(db: Kysely<DB>, user: UserRow, organizationId: string | null): Promise<Purpose | null> {
  if (user.totp_secret) return 'verify';
  return (await twoFactorRequired(db, user, organizationId)) ? 'enrol' : null;
}

async function twoFactorRequired(db: Kysely<DB>, user: Pick<UserRow, 'is_super_admin'>, organizationId: string | null): Promise<boolean> {
  if (user.is_super_admin) return true;
  if (!organizationId) return false;
  const org = await db.selectFrom('organizations').select('require_two_factor').where('id', '=', organizationId).executeTakeFirst();
  return org?.require_two_factor === 1;
}

export async function createChallenge(db: Kysely<DB>, userId: string, organizationId: string | null, purpose: Purpose): Promise<string> {
  const token = generateSessionToken();
  const now = nowIso();
  // One open sign-in step per user: a new sign-in replaces an unfinished one.
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  await db
    .insertInto('login_challenges')
    .values({ id: sessionIdFromToken(token), user_id: userId, organization_id: organizationId, purpose, pending_secret: null, created_at: now, expires_at: addMinutes(now, CHALLENGE_MINUTES) })
    .execute();
  return token;
}

export function challengeResult(purpose: Purpose, challenge: string): TAuthResult {
  return {
    success: false,
    token: null,
    message: purpose === 'verify' ? 'Enter the 6-digit code from your authenticator app.' : 'Set up two-factor sign-in to continue.',
    twoFactor: purpose,
    challenge,
  };
}

async function openChallenge(db: Kysely<DB>, token: string, purpose: Purpose) {
  const row = await db
    .selectFrom('login_challenges')
    .innerJoin('users', 'users.id', 'login_challenges.user_id')
    .selectAll('login_challenges')
    .select(['users.email', 'users.totp_secret', 'users.totp_last_step', 'users.is_active', 'users.is_super_admin'])
    .where('login_challenges.id', '=', sessionIdFromToken(token))
    .executeTakeFirst();
  if (!row || row.purpose !== purpose || row.expires_at <= nowIso() || !row.is_active) {
    throw new AppError('CONFLICT', EXPIRED, { challenge: EXPIRED });
  }
  return row;
}

async function roleOf(db: Kysely<DB>, userId: string, organizationId: string | null, isSuperAdmin: boolean): Promise<string | null> {
  if (isSuperAdmin) return SUPER_ADMIN;
  if (!organizationId) return null;
  const m = await db.selectFrom('memberships').select('role').where('user_id', '=', userId).where('organization_id', '=', organizationId).executeTakeFirst();
  return m?.role ?? null;
}

/**
 * One attempt at a challenge's code, counted on the challenge (at most five) and, through the sign-in
 * throttle, against the account and address; `matches` runs only if both have room. Each count is
 * one conditional statement, so concurrent guesses cannot pass a limit together.
 */
async function checkChallengeCode(db: Kysely<DB>, config: Config, challenge: { id: string; email: string }, client: ClientInfo, matches: () => Promise<boolean>): Promise<boolean> {
  return checkThrottled(db, config, { email: challenge.email, ip: client.ip }, async () => {
    const claimed = await db
      .updateTable('login_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', challenge.id)
      .where('attempts', '<', CHALLENGE_MAX_ATTEMPTS)
      .returning('attempts')
      .executeTakeFirst();
    if (!claimed) {
      await db.deleteFrom('login_challenges').where('id', '=', challenge.id).execute();
      throw new AppError('CONFLICT', EXPIRED, { challenge: EXPIRED });
    }
    const ok = await matches();
    // The last attempt spent: the step ends, a new sign-in starts another.
    if (!ok && Number(claimed.attempts) >= CHALLENGE_MAX_ATTEMPTS) await db.deleteFrom('login_challenges').where('id', '=', challenge.id).execute();
    return ok;
  }, lockedMessage);
}

/** A wrong code (already counted by checkChallengeCode): audited, and answered 400 on its field. */
async function wrongCode(db: Kysely<DB>, challenge: { user_id: string; organization_id: string | null }, client: ClientInfo, method: string, message: string, field: string): Promise<never> {
  await recordAuditEvent(db, {
    actor: { userId: challenge.user_id, role: null, organizationId: challenge.organization_id },
    action: 'sign-in', entityType: 'session', outcome: 'failure', client, details: { method, reason: 'wrong-code' },
  });
  throw new AppError('BAD_REQUEST', message, { [field]: message });
}

async function signInAfterSecondStep(db: Kysely<DB>, config: Config, userId: string, organizationId: string | null, isSuperAdmin: boolean, client: ClientInfo, method: string) {
  const { token, session } = await createSession(db, sessionPolicy(config), { userId, organizationId, ...client });
  await recordAuditEvent(db, {
    actor: { userId, role: await roleOf(db, userId, organizationId, isSuperAdmin), organizationId },
    action: 'sign-in', entityType: 'session', outcome: 'success', client, details: { method },
  });
  return { token, expiresAt: session.expires_at };
}

/** The second step of sign-in: the authenticator code, or one recovery code (each usable once). */
export async function verifySecondFactor(db: Kysely<DB>, config: Config, input: TVerifyTwoFactorInput, client: ClientInfo): Promise<SignInOutcome> {
  const challenge = await openChallenge(db, input.challenge, 'verify');
  const totpSecret = challenge.totp_secret;
  if (!totpSecret) throw new AppError('CONFLICT', EXPIRED, { challenge: EXPIRED });

  let method: string;
  if (input.code) {
    method = 'totp';
    const code = input.code;
    const ok = await checkChallengeCode(db, config, challenge, client, async () => {
      const step = matchTotp(totpSecret, code, challenge.totp_last_step);
      if (step === null) return false;
      // Only a step newer than the last one used wins, so two requests with one code cannot both sign in.
      const claimed = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', challenge.user_id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    });
    if (!ok) return wrongCode(db, challenge, client, method, WRONG_CODE, 'code');
  } else {
    method = 'recovery-code';
    const ok = await checkChallengeCode(db, config, challenge, client, async () => {
      const used = await db
        .updateTable('recovery_codes')
        .set({ used_at: nowIso() })
        .where('user_id', '=', challenge.user_id)
        .where('code_hash', '=', recoveryCodeHash(input.recoveryCode ?? ''))
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1;
    });
    if (!ok) return wrongCode(db, challenge, client, method, WRONG_RECOVERY_CODE, 'recoveryCode');
  }
  await db.deleteFrom('login_challenges').where('id', '=', challenge.id).execute();
  await forgetFailures(db, { email: challenge.email, ip: client.ip });
  const session = await signInAfterSecondStep(db, config, challenge.user_id, challenge.organization_id, challenge.is_super_admin === 1, client, method);
  const left = method === 'recovery-code' ? await recoveryCodesLeft(db, challenge.user_id) : null;
  return {
    result: {
      success: true,
      token: session.token,
      message: left === null ? 'Logged in successfully' : `Logged in with a recovery code. ${left} recovery code${left === 1 ? '' : 's'} left.`,
    },
    session,
  };
}

async function setupFor(email: string, secret: string): Promise<TTwoFactorSetup> {
  const otpauthUri = totpKeyUri(email, secret);
  return { secret, otpauthUri, qrSvg: await totpQrSvg(otpauthUri) };
}

/** Enrolment during sign-in: a new secret for the challenge (a second call gives a new one). */
export async function startChallengeEnrolment(db: Kysely<DB>, token: string): Promise<TTwoFactorSetup> {
  const challenge = await openChallenge(db, token, 'enrol');
  const secret = newTotpSecret();
  await db.updateTable('login_challenges').set({ pending_secret: secret }).where('id', '=', challenge.id).execute();
  return setupFor(challenge.email, secret);
}

/** Saves the secret once a code from it proves the app holds it; returns the recovery codes, once. */
async function enable(db: Kysely<DB>, userId: string, secret: string, step: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ totp_secret: secret, totp_enabled_at: now, totp_last_step: step, updated_at: now }).where('id', '=', userId).execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx.insertInto('recovery_codes').values(codes.map((code) => ({ id: randomUUID(), user_id: userId, code_hash: recoveryCodeHash(code), used_at: null, created_at: now }))).execute();
    await trx.deleteFrom('login_challenges').where('user_id', '=', userId).where('purpose', '=', 'enrol').execute();
  });
  return codes;
}

export async function finishChallengeEnrolment(db: Kysely<DB>, config: Config, input: { challenge: string; code: string }, client: ClientInfo): Promise<SignInOutcome> {
  const challenge = await openChallenge(db, input.challenge, 'enrol');
  const pendingSecret = challenge.pending_secret;
  if (!pendingSecret) throw new AppError('CONFLICT', 'Start the set-up first: scan the QR code.');
  let step: number | null = null;
  const ok = await checkChallengeCode(db, config, challenge, client, async () => (step = matchTotp(pendingSecret, input.code, null)) !== null);
  if (!ok || step === null) return wrongCode(db, challenge, client, 'totp-enrolment', WRONG_CODE, 'code');
  const recoveryCodes = await enable(db, challenge.user_id, pendingSecret, step);
  await forgetFailures(db, { email: challenge.email, ip: client.ip });
  const actor = { userId: challenge.user_id, role: await roleOf(db, challenge.user_id, challenge.organization_id, challenge.is_super_admin === 1), organizationId: challenge.organization_id };
  await recordAuditEvent(db, { actor, action: 'two-factor', entityType: 'user', entityId: challenge.user_id, outcome: 'success', client, details: { change: 'enrolled' } });
  const session = await signInAfterSecondStep(db, config, challenge.user_id, challenge.organization_id, challenge.is_super_admin === 1, client, 'totp-enrolment');
  return {
    result: { success: true, token: session.token, message: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.', recoveryCodes },
    session,
  };
}

// ——— Signed in: /settings ———

async function recoveryCodesLeft(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db.selectFrom('recovery_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function userOf(db: Kysely<DB>, actor: Actor): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', actor.userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'Account not found');
  return user;
}

export async function twoFactorStatus(db: Kysely<DB>, actor: Actor): Promise<TTwoFactorStatus> {
  const user = await userOf(db, actor);
  return {
    enabled: user.totp_secret !== null,
    enabledAt: user.totp_enabled_at,
    recoveryCodesLeft: user.totp_secret ? await recoveryCodesLeft(db, user.id) : 0,
    required: await twoFactorRequired(db, user, actor.organizationId),
  };
}

/** The current password again, throttled like sign-in: an open session alone must not change sign-in. */
async function checkPassword(db: Kysely<DB>, config: Config, user: UserRow, password: string, client: ClientInfo): Promise<void> {
  const hash = user.password_hash;
  if (await checkThrottled(db, config, { email: user.email, ip: client.ip }, async () => (hash ? verifyPassword(hash, password) : false), signInLockedMessage)) return;
  throw new AppError('BAD_REQUEST', 'Current password is incorrect', { password: 'Current password is incorrect' });
}

export async function startAccountEnrolment(db: Kysely<DB>, config: Config, actor: Actor, password: string, client: ClientInfo): Promise<TTwoFactorSetup> {
  const user = await userOf(db, actor);
  if (user.totp_secret) throw new AppError('CONFLICT', 'Two-factor sign-in is already on. Turn it off first to move it to another phone.');
  await checkPassword(db, config, user, password, client);
  const token = await createChallenge(db, user.id, actor.organizationId, 'enrol');
  return startChallengeEnrolment(db, token);
}

export async function confirmAccountEnrolment(db: Kysely<DB>, actor: Actor, code: string, client: ClientInfo): Promise<TRecoveryCodes> {
  const pending = await db
    .selectFrom('login_challenges')
    .select(['id', 'pending_secret'])
    .where('user_id', '=', actor.userId)
    .where('purpose', '=', 'enrol')
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!pending?.pending_secret) throw new AppError('CONFLICT', 'The set-up has expired. Start again.');
  const step = matchTotp(pending.pending_secret, code, null);
  if (step === null) throw new AppError('BAD_REQUEST', WRONG_CODE, { code: WRONG_CODE });
  const recoveryCodes = await enable(db, actor.userId, pending.pending_secret, step);
  await recordAuditEvent(db, { actor, action: 'two-factor', entityType: 'user', entityId: actor.userId, outcome: 'success', client, details: { change: 'enrolled' } });
  return { recoveryCodes };
}

export async function regenerateRecoveryCodes(db: Kysely<DB>, config: Config, actor: Actor, password: string, client: ClientInfo): Promise<TRecoveryCodes> {
  const user = await userOf(db, actor);
  if (!user.totp_secret) throw new AppError('CONFLICT', 'Two-factor sign-in is not on.');
  await checkPassword(db, config, user, password, client);
  const codes = newRecoveryCodes();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
    await trx.insertInto('recovery_codes').values(codes.map((code) => ({ id: randomUUID(), user_id: user.id, code_hash: recoveryCodeHash(code), used_at: null, created_at: now }))).execute();
  });
  await recordAuditEvent(db, { actor, action: 'two-factor', entityType: 'user', entityId: user.id, outcome: 'success', client, details: { change: 'recovery-codes-regenerated' } });
  return { recoveryCodes: codes };
}

export async function disableTwoFactor(db: Kysely<DB>, config: Config, actor: Actor, input: { password: string; code: string }, client: ClientInfo): Promise<TTwoFactorStatus> {
  const user = await userOf(db, actor);
  if (!user.totp_secret) throw new AppError('CONFLICT', 'Two-factor sign-in is not on.');
  if (await twoFactorRequired(db, user, actor.organizationId)) {
    throw new AppError('CONFLICT', user.is_super_admin ? 'Super Admin accounts must keep two-factor sign-in.' : 'Your organisation requires two-factor sign-in.');
  }
  await checkPassword(db, config, user, input.password, client);
  // The code is a guess like the password: throttled the same way.
  const totpSecret = user.totp_secret;
  const codeOk = await checkThrottled(db, config, { email: user.email, ip: client.ip }, async () => matchTotp(totpSecret, input.code, user.totp_last_step) !== null, lockedMessage);
  if (!codeOk) throw new AppError('BAD_REQUEST', WRONG_CODE, { code: WRONG_CODE });
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: nowIso() }).where('id', '=', user.id).execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
  });
  await recordAuditEvent(db, { actor, action: 'two-factor', entityType: 'user', entityId: user.id, outcome: 'success', client, details: { change: 'disabled' } });
  return twoFactorStatus(db, actor);
}
