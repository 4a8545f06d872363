import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import { addMinutes, nowIso } from '../../../db/time';
import {
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_LIFETIME_MINUTES,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PASSWORD_RESET_TOKEN_INVALID,
  type TConfirmPasswordResetInput,
  type TPasswordResetDone,
  type TPasswordResetRequested,
  type TRequestPasswordResetInput,
} from '../../shared/domain/password-reset';
import { recordAuditEvent } from '../audit/audit-log';
import type { Config } from '../config';
import { AppError } from '../errors';
import { deliverQueued, queueMail } from '../mail/outbox';
import { canSignIn } from './can-sign-in';
import { hashPassword } from './password';
import { PASSWORD_RESET_SUBJECT, passwordResetLink, passwordResetMailBody } from './password-reset-mail';
import { assertAcceptablePassword } from './password-strength';
import { generateSessionToken, sessionIdFromToken, signOutEverywhere } from './sessions';
import { forgetAccountFailures } from './sign-in-throttle';
import { spendAllowance } from './throttle';

// Password reset (issue 16). The token travels only in the e-mailed link: 160 random bits (the
// session generator), only its SHA-256 stored, valid 30 minutes, used once; a newer link replaces
// an older unused one. A reset sets the password and ends every session of the account; it signs
// nobody in, so the next sign-in asks for the new password and, where it is on, the second factor.

type Db = Kysely<DB> | Transaction<DB>;

export interface ResetClient {
  ip: string | null;
  userAgent: string | null;
  /** Where links in e-mails point (ctx.request.publicUrl). */
  publicUrl: string;
}

/** Requests per address and per e-mail address within the window; past them, 429. */
export const RESET_REQUESTS_PER_ADDRESS = 20;
export const RESET_REQUESTS_PER_EMAIL = 5;
export const RESET_REQUEST_WINDOW_MINUTES = 60;

const tooManyRequests = (minutes: number) =>
  `Too many password reset requests. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;


export interface ResetAccount {
  id: string;
  email: string;
  first_name: string;
}

/**
 * An account that can use a reset: active, and a Super Admin or an active member of an active
 * organisation (anyone else could not sign in with the new password anyway).
 */
export async function resettableAccount(db: Db, where: { email: string } | { id: string }): Promise<ResetAccount | undefined> {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.first_name'])
    .$call((q) => ('email' in where ? q.where('users.email', '=', where.email) : q.where('users.id', '=', where.id)))
    .where(canSignIn)
    .executeTakeFirst();
}

export interface IssuedReset {
  mailId: string;
  expiresAt: string;
  /** The link with the token: only shown to the sender when no mail server is configured (decision 0057). */
  link: string;
}

/**
 * Stores a new token for the account (older unused ones stop working) and queues its e-mail, inside
 * the caller's transaction. The caller delivers the mail (deliverQueued) after the commit.
 */
export async function issuePasswordReset(
  db: Db,
  config: Config,
  account: ResetAccount,
  options: { publicUrl: string; requestedBy: { userId: string; name: string; organizationId: string | null } | null },
): Promise<IssuedReset> {
  const now = nowIso();
  const expiresAt = addMinutes(now, PASSWORD_RESET_LIFETIME_MINUTES);
  // One live link per account: a new request replaces the older unused ones; expired rows go too.
  await db
    .deleteFrom('password_reset_tokens')
    .where('user_id', '=', account.id)
    .where((eb) => eb.or([eb('used_at', 'is', null), eb('expires_at', '<=', now)]))
    .execute();
  const token = generateSessionToken();
  const link = passwordResetLink(options.publicUrl, token);
  await db
    .insertInto('password_reset_tokens')
    .values({ id: sessionIdFromToken(token), user_id: account.id, requested_by: options.requestedBy?.userId ?? null, created_at: now, expires_at: expiresAt, used_at: null })
    .execute();
  const mailId = await queueMail(db, config, {
    to: account.email,
    subject: PASSWORD_RESET_SUBJECT,
    text: passwordResetMailBody({
      firstName: account.first_name,
      email: account.email,
      link,
      expiresAt,
      sentBy: options.requestedBy?.name ?? null,
    }),
    kind: 'password-reset',
    organizationId: options.requestedBy?.organizationId ?? null,
  });
  return { mailId, expiresAt, link };
}

/**
 * /forgot-password. Answers the same for every address, known or not. Throttled per address and per
 * e-mail address (the same for both kinds), so the form cannot be used to flood someone's inbox.
 */
export async function requestPasswordReset(
  db: Kysely<DB>,
  config: Config,
  input: TRequestPasswordResetInput,
  client: ResetClient,
): Promise<TPasswordResetRequested> {
  const window = { windowMinutes: RESET_REQUEST_WINDOW_MINUTES, message: tooManyRequests };
  await spendAllowance(db, { key: `password-reset:address:${client.ip ?? 'unknown'}`, limit: RESET_REQUESTS_PER_ADDRESS, ...window });
  await spendAllowance(db, { key: `password-reset:email:${input.email}`, limit: RESET_REQUESTS_PER_EMAIL, ...window });

  const account = await resettableAccount(db, { email: input.email });
  if (account) {
    const issued = await db.transaction().execute((trx) => issuePasswordReset(trx, config, account, { publicUrl: client.publicUrl, requestedBy: null }));
    await recordAuditEvent(db, {
      actor: null, // whoever asked is not signed in; the entry names the account the link went to
      action: 'password-reset',
      entityType: 'user',
      entityId: account.id,
      outcome: 'success',
      client,
      details: { step: 'requested' },
    });
    // Not awaited: an SMTP round trip only for real accounts would tell them apart by the time the
    // answer takes. A failed delivery is recorded on the outbox row (deliverQueued).
    void deliverQueued(db, config, [issued.mailId]).catch(() => undefined);
  }
  return { success: true, message: PASSWORD_RESET_REQUESTED_MESSAGE };
}

const invalidToken = () => new AppError('BAD_REQUEST', PASSWORD_RESET_TOKEN_INVALID, { token: PASSWORD_RESET_TOKEN_INVALID });

/** The live token row behind a link, or a 400 naming `token` (unknown, used, expired or replaced alike). */
async function usableToken(db: Db, token: string) {
  // Tokens are 32 base32 characters (sessions.ts); anything else cannot match a stored hash.
  if (!/^[a-z2-7]{32}$/.test(token)) throw invalidToken();
  const row = await db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .select(['password_reset_tokens.id', 'password_reset_tokens.user_id', 'password_reset_tokens.used_at', 'password_reset_tokens.expires_at', 'users.email', 'users.is_active'])
    .where('password_reset_tokens.id', '=', sessionIdFromToken(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= nowIso() || row.is_active !== 1) throw invalidToken();
  return row;
}

/** /reset-password: sets the new password, uses the token up and ends every session of the account. */
export async function confirmPasswordReset(
  db: Kysely<DB>,
  input: TConfirmPasswordResetInput,
  client: { ip: string | null; userAgent: string | null },
): Promise<TPasswordResetDone> {
  const token = await usableToken(db, input.token);
  await assertAcceptablePassword(input.password);
  // argon2 (~50 ms) before the transaction, so no write lock waits on it.
  const passwordHash = await hashPassword(input.password);
  const endedSessions = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    // Claim the token first: of two simultaneous uses of one link, only one changes the row.
    const claimed = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('id', '=', token.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw invalidToken();
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', token.user_id).execute();
    // The e-mail promises "signs you out everywhere": sessions and calendar feed addresses alike.
    const endedSessions = await signOutEverywhere(trx, token.user_id);
    // A second-factor step begun with the old password must not finish after the reset.
    await trx.deleteFrom('login_challenges').where('user_id', '=', token.user_id).execute();
    await trx.deleteFrom('password_reset_tokens').where('user_id', '=', token.user_id).where('used_at', 'is', null).execute();
    return endedSessions;
  });
  await forgetAccountFailures(db, token.email);
  await recordAuditEvent(db, {
    actor: { userId: token.user_id, role: null, organizationId: null },
    action: 'password-reset',
    entityType: 'user',
    entityId: token.user_id,
    outcome: 'success',
    client,
    details: { step: 'completed', endedSessions },
  });
  return { success: true, message: PASSWORD_RESET_DONE_MESSAGE };
}
