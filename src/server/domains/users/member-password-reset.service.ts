import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { fullName } from '../../../shared/format';
import type { TMemberIdInput } from '../../../shared/domain/users';
import type { TPasswordResetSent, TSendPasswordResetByEmailInput } from '../../../shared/domain/password-reset';
import { type ResetAccount, issuePasswordReset } from '../../auth/password-reset.service';
import { AppError } from '../../errors';
import { deliverQueued, hasMailServer } from '../../mail/outbox';
import type { Actor } from '../../auth/actor';
import type { MailContext } from './invitation-admin.service';

// Sending someone a password reset link (issue 16): an Administrator to a member of their own
// organisation (from /users; another organisation's member is not found), the Super Admin to any
// account. The capability (users.manage / organizations.manage) is checked by the procedure's meta;
// the tenant is checked here.

const NOT_IN_ORGANISATION = 'Member not found in your organisation.';

/** The member `userId` of the actor's organisation, or any account for the Super Admin. */
async function targetOf(db: Kysely<DB>, actor: Actor, userId: string) {
  const base = db.selectFrom('users').select(['users.id', 'users.email', 'users.first_name', 'users.is_active']).where('users.id', '=', userId);
  if (actor.isSuperAdmin) {
    const user = await base.executeTakeFirst();
    if (!user) throw new AppError('NOT_FOUND', 'User not found.');
    return { ...user, membershipStatus: null };
  }
  if (!actor.organizationId) throw new AppError('FORBIDDEN', 'This action needs a signed-in member of an organisation.');
  const member = await base
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .select('memberships.status as membership_status')
    .where('memberships.organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!member) throw new AppError('NOT_FOUND', NOT_IN_ORGANISATION);
  return { ...member, membershipStatus: member.membership_status };
}

async function send(db: Kysely<DB>, actor: Actor, account: ResetAccount, mail: MailContext): Promise<TPasswordResetSent> {
  const sender = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', actor.userId).executeTakeFirst();
  const organization = actor.organizationId
    ? await db.selectFrom('organizations').select('name').where('id', '=', actor.organizationId).executeTakeFirst()
    : undefined;
  const name = sender ? fullName(sender.first_name, sender.last_name) : null;
  const senderLabel = actor.isSuperAdmin ? `${name ?? 'A'} (CaseBridge Super Admin)` : `${name ?? 'An administrator'}${organization ? ` of ${organization.name}` : ''}`;
  const issued = await db.transaction().execute((trx) =>
    issuePasswordReset(trx, mail.config, account, {
      publicUrl: mail.publicUrl,
      requestedBy: { userId: actor.userId, name: senderLabel, organizationId: actor.isSuperAdmin ? null : actor.organizationId },
    }),
  );
  await deliverQueued(db, mail.config, [issued.mailId]);
  const row = await db.selectFrom('email_outbox').select(['id', 'status']).where('id', '=', issued.mailId).executeTakeFirstOrThrow();
  const base = { userId: account.id, email: account.email, expiresAt: issued.expiresAt, mail: { id: row.id, status: row.status } };
  // Without a mail server nobody would ever read the message but the Super Admin: the sender is
  // shown the link to pass on themselves (decision 0057); the audit entry says so.
  return hasMailServer(mail.config) ? { ...base, sent: true } : { ...base, sent: false, link: issued.link };
}

/** POST /api/users/{userId}/password-reset. */
export async function sendPasswordResetToMember(db: Kysely<DB>, actor: Actor, input: TMemberIdInput, mail: MailContext): Promise<TPasswordResetSent> {
  const target = await targetOf(db, actor, input.userId);
  if (target.is_active !== 1) throw new AppError('CONFLICT', `The account of ${target.email} is switched off, so it cannot sign in with a new password.`);
  if (target.membershipStatus !== null && target.membershipStatus !== 'active') {
    throw new AppError('CONFLICT', `${target.email} is deactivated in your organisation. Reactivate them first.`);
  }
  return send(db, actor, { id: target.id, email: target.email, first_name: target.first_name }, mail);
}

/** POST /api/system/password-reset: the Super Admin, by e-mail address (they see no member lists). */
export async function sendPasswordResetByEmail(
  db: Kysely<DB>,
  actor: Actor,
  input: TSendPasswordResetByEmailInput,
  mail: MailContext,
): Promise<TPasswordResetSent> {
  if (!actor.isSuperAdmin) throw new AppError('FORBIDDEN', 'Only a Super Admin can send a reset link to any account.');
  const user = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', `No account uses ${input.email}.`, { email: `No account uses ${input.email}.` });
  return sendPasswordResetToMember(db, actor, { userId: user.id }, mail);
}
