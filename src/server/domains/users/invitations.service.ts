import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { addMinutes, nowIso } from '../../../../db/time';
import { formatDateTime, fullName } from '../../../shared/format';
import type { TOrganizationRole } from '../../../shared/roles';
import { generateSessionToken, sessionIdFromToken } from '../../auth/sessions';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { queueMail } from '../../mail/outbox';

// Invitations to join an organisation. The token travels only in the e-mailed link; the table keeps
// its SHA-256 (as for sessions), so a leaked invitations table lets nobody in. The e-mail is queued in
// the same transaction as the invitation (transactional outbox): the caller delivers it after commit.

export const INVITATION_LIFETIME_DAYS = 7;

export interface InvitationRequest {
  organizationId: string;
  email: string;
  role: TOrganizationRole;
  firstName?: string | null;
  lastName?: string | null;
  invitedBy: string | null;
}

export interface InvitationMail {
  publicUrl: string;
  subject?: string;
  /** First paragraph of the message, e.g. the trial approval's "Your trial has been approved". */
  intro?: string;
}

type Db = Kysely<DB> | Transaction<DB>;

/** Same generator and hash as session tokens: 160 random bits, base32; SHA-256 hex stored. */
export function generateInvitationToken(): string {
  return generateSessionToken();
}

export function invitationHashFromToken(token: string): string {
  return sessionIdFromToken(token);
}

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/accept-invitation?token=${token}`;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Seats taken: active memberships plus pending invitations that have not expired. */
export async function seatsUsed(db: Db, organizationId: string, now: string = nowIso()): Promise<number> {
  const members = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  const invited = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(members.n) + Number(invited.n);
}

export function seatLimitMessage(plan: string, maxUsers: number): string {
  return `Your ${plan === 'trial' ? 'trial' : 'plan'} allows at most ${maxUsers} users. Deactivate a member or revoke an invitation to invite someone else.`;
}

/**
 * Throws CONFLICT when the organisation has no free seat for one more person (a new invitation or a
 * reactivation). `excludingInvitationId` lets the acceptance of a pending invitation not count its own
 * seat twice.
 */
export async function assertSeatAvailable(db: Db, organizationId: string, options: { excludingInvitationId?: string } = {}): Promise<void> {
  await lockOrganization(db, organizationId);
  const org = await db.selectFrom('organizations').select(['max_users', 'plan']).where('id', '=', organizationId).executeTakeFirst();
  if (!org) throw new AppError('NOT_FOUND', 'Organisation not found.');
  if (org.max_users === null) return;
  let used = await seatsUsed(db, organizationId);
  if (options.excludingInvitationId) {
    const own = await db
      .selectFrom('invitations')
      .select('id')
      .where('id', '=', options.excludingInvitationId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    if (own) used -= 1;
  }
  if (used >= org.max_users) throw new AppError('CONFLICT', seatLimitMessage(org.plan, org.max_users));
}

/** Takes a row lock on the organisation (Postgres) so two concurrent invitations cannot both take the last seat. */
async function lockOrganization(db: Db, organizationId: string): Promise<void> {
  await db.updateTable('organizations').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', organizationId).execute();
}

function mailBody(input: { intro?: string; inviter: string | null; organizationName: string; role: string; link: string; expiresAt: string }): string {
  const lines: string[] = [];
  if (input.intro) lines.push(input.intro, '');
  lines.push(
    `${input.inviter ?? 'An administrator'} has invited you to join ${input.organizationName} on CaseBridge as ${input.role}.`,
    '',
    'To accept, open this link and choose your password:',
    input.link,
    '',
    `The link works once and expires on ${formatDateTime(input.expiresAt)} (SAST).`,
    'If you did not expect this invitation, you can ignore this message.',
  );
  return lines.join('\n');
}

/** Stores a fresh token on the invitation and queues its e-mail; shared by create and resend. */
export async function issueInvitationMail(
  db: Db,
  config: Config,
  invitation: { id: string; organizationId: string; email: string; role: string; invitedBy: string | null },
  mail: InvitationMail,
): Promise<{ mailId: string; link: string; expiresAt: string }> {
  const org = await db.selectFrom('organizations').select(['name']).where('id', '=', invitation.organizationId).executeTakeFirst();
  if (!org) throw new AppError('NOT_FOUND', 'Organisation not found.');
  const inviter = invitation.invitedBy
    ? await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', invitation.invitedBy).executeTakeFirst()
    : undefined;
  const token = generateInvitationToken();
  const now = nowIso();
  const expiresAt = addMinutes(now, INVITATION_LIFETIME_DAYS * 24 * 60);
  await db
    .updateTable('invitations')
    .set({ token_hash: invitationHashFromToken(token), expires_at: expiresAt, status: 'pending', updated_at: now })
    .where('id', '=', invitation.id)
    .execute();
  const link = invitationLink(mail.publicUrl, token);
  const mailId = await queueMail(db, config, {
    to: invitation.email,
    subject: mail.subject ?? `You're invited to ${org.name} on CaseBridge`,
    text: mailBody({
      intro: mail.intro,
      inviter: inviter ? fullName(inviter.first_name, inviter.last_name) : null,
      organizationName: org.name,
      role: invitation.role,
      link,
      expiresAt,
    }),
    kind: 'invitation',
    organizationId: invitation.organizationId,
  });
  return { mailId, link, expiresAt };
}

/** Checks the seat limit and duplicates, stores the invitation (token hashed) and queues its e-mail in the
 *  same transaction. The caller calls deliverQueued(db, config, [mailId]) after its transaction commits. */
export async function createInvitation(
  db: Kysely<DB> | Transaction<DB>,
  config: Config,
  request: InvitationRequest,
  mail: InvitationMail,
): Promise<{ invitationId: string; mailId: string; link: string }> {
  const email = normalizeEmail(request.email);
  // Lock first, so the duplicate checks below cannot race a concurrent invitation of the same address.
  await lockOrganization(db, request.organizationId);

  const member = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['memberships.status'])
    .where('memberships.organization_id', '=', request.organizationId)
    .where('users.email', '=', email) // stored lower-cased (auth.service)
    .executeTakeFirst();
  if (member?.status === 'active') throw new AppError('CONFLICT', `${email} is already a member of this organisation.`);
  if (member) throw new AppError('CONFLICT', `${email} is a deactivated member of this organisation. Reactivate them on the Users page instead.`);

  const now = nowIso();
  const pending = await db
    .selectFrom('invitations')
    .select(['id', 'expires_at'])
    .where('organization_id', '=', request.organizationId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .execute();
  if (pending.some((p) => p.expires_at > now)) {
    throw new AppError('CONFLICT', `${email} already has a pending invitation. Resend it from the Users page instead.`);
  }
  // An expired invitation holds no seat and can no longer be used: retire it so the new one is the only one.
  if (pending.length > 0) {
    await db.updateTable('invitations').set({ status: 'revoked', updated_at: now }).where('id', 'in', pending.map((p) => p.id)).execute();
  }

  await assertSeatAvailable(db, request.organizationId);

  const invitationId = randomUUID();
  await db
    .insertInto('invitations')
    .values({
      id: invitationId,
      organization_id: request.organizationId,
      email,
      role: request.role,
      first_name: request.firstName?.trim() || null,
      last_name: request.lastName?.trim() || null,
      // Replaced by issueInvitationMail below; a random placeholder keeps the unique column unique.
      token_hash: invitationHashFromToken(generateInvitationToken()),
      status: 'pending',
      invited_by: request.invitedBy,
      expires_at: addMinutes(now, INVITATION_LIFETIME_DAYS * 24 * 60),
      accepted_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const { mailId, link } = await issueInvitationMail(
    db,
    config,
    { id: invitationId, organizationId: request.organizationId, email, role: request.role, invitedBy: request.invitedBy },
    mail,
  );
  return { invitationId, mailId, link };
}
