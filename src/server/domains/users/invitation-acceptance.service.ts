import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TAcceptInvitationInput, TInvitationPreview } from '../../../shared/domain/invitations';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/password';
import { assertAcceptablePassword } from '../../auth/password-strength';
import type { SignInOutcome, ClientInfo } from '../../auth/sign-in-outcome';
import { sessionPolicy } from '../../auth/request-auth';
import { createSession } from '../../auth/sessions';
import { challengeResult, createChallenge, secondStepFor } from '../../auth/two-factor.service';
import { checkThrottled, forgetFailures } from '../../auth/sign-in-throttle';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { assertSeatAvailable, invitationHashFromToken } from './invitations.service';

// The invitee's side (/accept-invitation, public): look at an invitation by its token, then accept it
// with a new account or, when the e-mail already has one, with that account's current password.

type Db = Kysely<DB> | Transaction<DB>;

const UNKNOWN = 'This invitation link is not valid. Check that you copied the whole link from the e-mail.';
const EXPIRED = 'This invitation has expired. Ask your administrator to send a new one.';
const REVOKED = 'This invitation was withdrawn. Ask your administrator if you still need access.';
const USED = 'This invitation has already been used. Sign in with your e-mail and password instead.';
const WRONG_PASSWORD = 'That is not the current password of this account.';

/** The usable invitation behind a token, or a clear error saying why it cannot be used. */
async function usableInvitation(db: Db, token: string) {
  // Tokens are 32 base32 characters (sessions.ts); anything else cannot match a stored hash.
  if (!/^[a-z2-7]{32}$/.test(token)) throw new AppError('NOT_FOUND', UNKNOWN);
  const row = await db
    .selectFrom('invitations')
    .innerJoin('organizations', 'organizations.id', 'invitations.organization_id')
    .selectAll('invitations')
    .select(['organizations.name as organization_name', 'organizations.is_active as organization_active'])
    .where('invitations.token_hash', '=', invitationHashFromToken(token))
    .executeTakeFirst();
  if (!row || !row.organization_active) throw new AppError('NOT_FOUND', UNKNOWN);
  if (row.status === 'accepted') throw new AppError('BAD_REQUEST', USED);
  if (row.status !== 'pending') throw new AppError('BAD_REQUEST', REVOKED);
  if (row.expires_at <= nowIso()) throw new AppError('BAD_REQUEST', EXPIRED);
  return row;
}

export async function previewInvitation(db: Kysely<DB>, token: string): Promise<TInvitationPreview> {
  const row = await usableInvitation(db, token);
  const account = await db.selectFrom('users').select('id').where('email', '=', row.email).executeTakeFirst();
  return {
    organizationName: row.organization_name,
    email: row.email,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    expiresAt: row.expires_at,
    accountExists: Boolean(account),
  };
}

/**
 * Creates the account (or proves the existing one), adds the membership with the invited role, marks
 * the invitation accepted and signs in to that organisation, all or nothing. The seat limit is checked
 * again: the invitation's own seat counts as the one it takes.
 */
export async function acceptInvitation(db: Kysely<DB>, config: Config, input: TAcceptInvitationInput, client: ClientInfo): Promise<SignInOutcome> {
  const invitation = await usableInvitation(db, input.token);
  const existing = await db.selectFrom('users').selectAll().where('email', '=', invitation.email).executeTakeFirst();

  // Password work (argon2, ~50 ms) happens before the transaction, so no write lock waits on it.
  let passwordHash: string | null = null;
  if (existing) {
    // The sign-in throttle (sign-in-throttle.ts), so failures here and at /login add up.
    const subject = { email: existing.email, ip: client.ip };
    const hash = existing.password_hash;
    const ok = await checkThrottled(db, config, subject, async () =>
      hash && existing.is_active ? verifyPassword(hash, input.password) : (await burnPasswordCheck(input.password), false),
    );
    if (!ok) throw new AppError('BAD_REQUEST', WRONG_PASSWORD, { password: WRONG_PASSWORD });
    await forgetFailures(db, subject);
    if (existing.is_super_admin) throw new AppError('BAD_REQUEST', 'A Super Admin account cannot join an organisation. Ask for the invitation to go to another address.');
  } else {
    const fields: Record<string, string> = {};
    if (!input.firstName) fields.firstName = 'First name is required';
    if (!input.lastName) fields.lastName = 'Last name is required';
    if (Object.keys(fields).length > 0) throw new AppError('BAD_REQUEST', 'Enter your first and last name.', fields);
    await assertAcceptablePassword(input.password);
    passwordHash = await hashPassword(input.password);
  }

  const userId = await db.transaction().execute(async (trx) => {
    // Claim the invitation first: of two simultaneous acceptances, only one changes the row.
    const now = nowIso();
    const claimed = await trx
      .updateTable('invitations')
      .set({ status: 'accepted', accepted_at: now, updated_at: now })
      .where('id', '=', invitation.id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('BAD_REQUEST', USED);

    const membership = existing
      ? await trx
          .selectFrom('memberships')
          .select(['id', 'status'])
          .where('organization_id', '=', invitation.organization_id)
          .where('user_id', '=', existing.id)
          .executeTakeFirst()
      : undefined;
    if (membership && membership.status !== 'active') {
      throw new AppError('BAD_REQUEST', 'Your membership of this organisation was deactivated. Ask your administrator to reactivate it.');
    }
    // The invitation's own seat was released by the claim above, so this checks room for one more person.
    if (!membership) await assertSeatAvailable(trx, invitation.organization_id);

    let userId = existing?.id;
    if (!userId) {
      userId = randomUUID();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          email: invitation.email,
          password_hash: passwordHash,
          first_name: input.firstName!,
          last_name: input.lastName!,
          department: null,
          profile_image_url: null,
          is_super_admin: 0,
          is_active: 1,
          last_seen_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    if (!membership) {
      await trx
        .insertInto('memberships')
        .values({ id: randomUUID(), organization_id: invitation.organization_id, user_id: userId, role: invitation.role, status: 'active', created_at: now, updated_at: now })
        .execute();
    }
    return userId;
  });

  // A right password is not yet a session when the account has two-factor sign-in or the
  // organisation requires it: the second step follows, as at /login (issue 16: accepting with an
  // existing account's password used to sign in without the code).
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const secondStep = await secondStepFor(db, user, invitation.organization_id);
  if (secondStep) return { result: challengeResult(secondStep, await createChallenge(db, userId, invitation.organization_id, secondStep)) };

  const session = await createSession(db, sessionPolicy(config), { userId, organizationId: invitation.organization_id, ...client });
  return {
    result: { success: true, token: session.token, message: `Welcome to ${invitation.organization_name}` },
    session: { token: session.token, expiresAt: session.session.expires_at },
  };
}
