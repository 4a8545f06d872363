import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { addMinutes, nowIso } from '../../../../db/time';
import { fullName } from '../../../shared/format';
import type { TInvitation, TInvitationIdInput, TInvitationSent, TInviteUserInput } from '../../../shared/domain/users';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { deliverQueued, hasMailServer } from '../../mail/outbox';
import type { TenantActor } from '../../auth/actor';
import { assertSeatAvailable, createInvitation, issueInvitationMail } from './invitations.service';
import { requireRoleOfPlatform } from './platform-roles';

// The Administrator's side of invitations (/users): list, invite, resend, revoke. Every query is
// scoped to the actor's organisation; an invitation id of another organisation is not found.

type Db = Kysely<DB> | Transaction<DB>;

/** Accepted and revoked invitations stay listed this long, so the Administrator sees what happened. */
const RECENT_DAYS = 30;

export interface MailContext {
  config: Config;
  /** Where links in e-mails point (ctx.request.publicUrl). */
  publicUrl: string;
}

function invitationQuery(db: Db, organizationId: string) {
  return db
    .selectFrom('invitations')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.role',
      'invitations.first_name',
      'invitations.last_name',
      'invitations.status',
      'invitations.expires_at',
      'invitations.accepted_at',
      'invitations.created_at',
      'invitations.updated_at',
      'inviter.first_name as inviter_first_name',
      'inviter.last_name as inviter_last_name',
    ])
    .where('invitations.organization_id', '=', organizationId);
}

type InvitationRow = Awaited<ReturnType<ReturnType<typeof invitationQuery>['executeTakeFirstOrThrow']>>;

function toInvitation(row: InvitationRow, now: string = nowIso()): TInvitation {
  const state = row.status === 'pending' ? (row.expires_at <= now ? 'expired' : 'pending') : row.status === 'accepted' ? 'accepted' : 'revoked';
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    state,
    invitedByName: fullName(row.inviter_first_name, row.inviter_last_name),
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function findInvitation(db: Db, actor: TenantActor, id: string): Promise<InvitationRow> {
  const row = await invitationQuery(db, actor.organizationId).where('invitations.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Invitation not found in your organisation.');
  return row;
}

async function mailStatus(db: Db, id: string): Promise<{ id: string; status: string }> {
  const row = await db.selectFrom('email_outbox').select(['id', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
  return { id: row.id, status: row.status };
}

/** Pending invitations (expired ones included, to resend), then those accepted or revoked lately. */
export async function listInvitations(db: Kysely<DB>, actor: TenantActor): Promise<TInvitation[]> {
  const now = nowIso();
  const since = addMinutes(now, -RECENT_DAYS * 24 * 60);
  const rows = await invitationQuery(db, actor.organizationId)
    .where((eb) => eb.or([eb('invitations.status', '=', 'pending'), eb('invitations.updated_at', '>=', since)]))
    .orderBy('invitations.created_at', 'desc')
    .execute();
  const order = { pending: 0, expired: 1, accepted: 2, revoked: 3 } as const;
  return rows.map((row) => toInvitation(row, now)).sort((a, b) => order[a.state] - order[b.state]);
}

export async function inviteMember(db: Kysely<DB>, actor: TenantActor, input: TInviteUserInput, mail: MailContext): Promise<TInvitationSent> {
  requireRoleOfPlatform(actor, input.role);
  const created = await db.transaction().execute((trx) =>
    createInvitation(
      trx,
      mail.config,
      { organizationId: actor.organizationId, email: input.email, role: input.role, firstName: input.firstName, lastName: input.lastName, invitedBy: actor.userId },
      { publicUrl: mail.publicUrl },
    ),
  );
  await deliverQueued(db, mail.config, [created.mailId]);
  const invitation = toInvitation(await findInvitation(db, actor, created.invitationId));
  return sentAnswer(invitation, await mailStatus(db, created.mailId), created.link, mail);
}

/**
 * With a mail server the invitation went by e-mail; without one, the Administrator is shown the link
 * to pass on (decision 0057), since only the Super Admin could read it in the outbox.
 */
function sentAnswer(invitation: TInvitation, status: { id: string; status: string }, link: string, mail: MailContext): TInvitationSent {
  const base = { invitation, mail: status, expiresAt: invitation.expiresAt };
  return hasMailServer(mail.config) ? { ...base, sent: true } : { ...base, sent: false, link };
}

/** A new token (the old link stops working), a new expiry and a new e-mail. */
export async function resendInvitation(db: Kysely<DB>, actor: TenantActor, input: TInvitationIdInput, mail: MailContext): Promise<TInvitationSent> {
  const issued = await db.transaction().execute(async (trx) => {
    const row = await findInvitation(trx, actor, input.id);
    if (row.status === 'accepted') throw new AppError('CONFLICT', `${row.email} has already accepted this invitation.`);
    if (row.status === 'revoked') throw new AppError('CONFLICT', 'This invitation was revoked. Send a new invitation instead.');
    const member = await trx
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('memberships.status')
      .where('memberships.organization_id', '=', actor.organizationId)
      .where('users.email', '=', row.email)
      .executeTakeFirst();
    if (member) throw new AppError('CONFLICT', `${row.email} is already a member of this organisation.`);
    // An expired invitation held no seat; renewing it takes one again.
    await assertSeatAvailable(trx, actor.organizationId, { excludingInvitationId: row.id });
    return issueInvitationMail(
      trx,
      mail.config,
      { id: row.id, organizationId: actor.organizationId, email: row.email, role: row.role, invitedBy: actor.userId },
      { publicUrl: mail.publicUrl },
    );
  });
  await deliverQueued(db, mail.config, [issued.mailId]);
  return sentAnswer(toInvitation(await findInvitation(db, actor, input.id)), await mailStatus(db, issued.mailId), issued.link, mail);
}

/** The link stops working and the seat is freed. Revoking twice is harmless; an accepted one cannot be. */
export async function revokeInvitation(db: Kysely<DB>, actor: TenantActor, input: TInvitationIdInput): Promise<TInvitation> {
  return db.transaction().execute(async (trx) => {
    const row = await findInvitation(trx, actor, input.id);
    if (row.status === 'accepted') throw new AppError('CONFLICT', `${row.email} has already accepted this invitation. Deactivate the member instead.`);
    if (row.status === 'pending') {
      const now = nowIso();
      await trx.updateTable('invitations').set({ status: 'revoked', updated_at: now }).where('id', '=', row.id).execute();
      return toInvitation({ ...row, status: 'revoked', updated_at: now });
    }
    return toInvitation(row);
  });
}
