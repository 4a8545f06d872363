import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { addDays } from '../../../shared/calendar';
import { formatDate, fullName } from '../../../shared/format';
import { isTypeOfPlatform } from '../../../shared/domain/onboarding';
import { PLATFORMS, type TPlatform } from '../../../shared/platform';
import {
  TRIAL_DAYS,
  TRIAL_MAX_USERS,
  TRIAL_REQUEST_STATUSES,
  TRIAL_REVIEW_LIST_LIMIT,
  type TApproveTrialResult,
  type TListTrialRequestsInput,
  type TRejectTrialInput,
  type TRejectTrialResult,
  type TTrialRequest,
  type TTrialRequestList,
  type TTrialRequestStatus,
} from '../../../shared/domain/trial-review';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { deliverQueued, queueMail } from '../../mail/outbox';
import type { Actor } from '../../auth/actor';
import { uniqueSlug } from '../organizations/organizations.service';
import { createInvitation } from '../users/invitations.service';

// The Super Admin's review of trial requests (issue 7). Reading and deciding cross tenants (the
// requests belong to no organisation yet), so the actor is checked here as well as by the router.
//
// Platform and type: a request names its platform and one of that platform's types
// (ORGANIZATION_TYPES_BY_PLATFORM, issue 17; requests older than migration 0011 are healthcare).
// Approval creates the organisation on that platform with that type, checked again here because a
// stored row is older than today's rules.

type Db = Kysely<DB> | Transaction<DB>;

function assertSuperAdmin(actor: Actor): void {
  if (!actor.isSuperAdmin) throw new AppError('FORBIDDEN', 'Only a Super Admin can review trial requests.');
}

function selectRequests(db: Db) {
  return db
    .selectFrom('trial_requests')
    .leftJoin('users as reviewer', 'reviewer.id', 'trial_requests.reviewed_by')
    .leftJoin('organizations', 'organizations.id', 'trial_requests.organization_id')
    .selectAll('trial_requests')
    .select(['reviewer.first_name as reviewer_first', 'reviewer.last_name as reviewer_last', 'organizations.name as created_organization_name']);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>>;

const platformOf = (value: string): TPlatform | null => ((PLATFORMS as readonly string[]).includes(value) ? (value as TPlatform) : null);

function toTrialRequest(row: RequestRow): TTrialRequest {
  const statuses: readonly string[] = TRIAL_REQUEST_STATUSES;
  return {
    id: row.id,
    organizationName: row.organization_name,
    platform: platformOf(row.platform) ?? 'healthcare',
    organizationType: row.organization_type,
    contactPersonName: row.contact_person_name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    province: row.province,
    estimatedBeds: row.estimated_beds === null ? null : Number(row.estimated_beds),
    estimatedStaff: row.estimated_staff === null ? null : Number(row.estimated_staff),
    currentSystem: row.current_system,
    howDidYouHear: row.how_did_you_hear,
    specificNeeds: row.specific_needs,
    status: (statuses.includes(row.status) ? row.status : 'pending') as TTrialRequestStatus,
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at,
    reviewedBy: row.reviewed_by,
    reviewerName: fullName(row.reviewer_first, row.reviewer_last),
    rejectionReason: row.rejection_reason,
    organization: row.organization_id && row.created_organization_name ? { id: row.organization_id, name: row.created_organization_name } : null,
  };
}

async function findRequest(db: Db, id: string): Promise<TTrialRequest> {
  const row = await selectRequests(db).where('trial_requests.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Trial request not found.');
  return toTrialRequest(row);
}

export async function listTrialRequests(db: Kysely<DB>, actor: Actor, input: TListTrialRequestsInput): Promise<TTrialRequestList> {
  assertSuperAdmin(actor);
  let query = selectRequests(db);
  if (input?.status) query = query.where('trial_requests.status', '=', input.status);
  const [rows, counts] = await Promise.all([
    query.orderBy('trial_requests.created_at', 'desc').orderBy('trial_requests.id').limit(TRIAL_REVIEW_LIST_LIMIT).execute(),
    db.selectFrom('trial_requests').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute(),
  ]);
  const count = (status: TTrialRequestStatus) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  return {
    requests: rows.map(toTrialRequest),
    counts: { pending: count('pending'), approved: count('approved'), rejected: count('rejected') },
  };
}

/**
 * Claims a pending request for a decision. The conditional UPDATE is the guard against two reviewers
 * at once: on Postgres the second waits for the first's row lock and then matches no row; on SQLite
 * writes are serialised. Whoever changes no row gets CONFLICT (or NOT_FOUND), and writes nothing.
 */
async function claimPending(trx: Transaction<DB>, actor: Actor, id: string, decision: { status: 'approved' | 'rejected'; reason?: string }) {
  const reviewedAt = nowIso();
  const claimed = await trx
    .updateTable('trial_requests')
    .set({ status: decision.status, reviewed_by: actor.userId, reviewed_at: reviewedAt, rejection_reason: decision.reason ?? null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    const existing = await trx.selectFrom('trial_requests').select('status').where('id', '=', id).executeTakeFirst();
    if (!existing) throw new AppError('NOT_FOUND', 'Trial request not found.');
    throw new AppError('CONFLICT', `This trial request was already ${existing.status}; it can be decided only once.`);
  }
  const row = await trx.selectFrom('trial_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { row, reviewedAt };
}

/** 'Thandi Nkosi-Dlamini' → Thandi / Nkosi-Dlamini; a single name is a first name. */
export function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || null };
}

export interface ReviewContext {
  config: Config;
  /** Where links in e-mails point (ctx.request.publicUrl). */
  publicUrl: string;
}

/**
 * Approves a pending request in one transaction: claims it, creates the organisation on its platform on a
 * 30-day trial for at most 10 users, invites the contact person as Administrator (the invitation
 * e-mail is the approval e-mail), and links the request to the organisation. The e-mail is handed to
 * SMTP only after the commit, so a rolled-back approval sends nothing.
 */
export async function approveTrialRequest(db: Kysely<DB>, actor: Actor, id: string, review: ReviewContext): Promise<TApproveTrialResult> {
  assertSuperAdmin(actor);
  const outcome = await db.transaction().execute(async (trx) => {
    const { row, reviewedAt } = await claimPending(trx, actor, id, { status: 'approved' });
    const platform = platformOf(row.platform);
    if (!platform || !isTypeOfPlatform(platform, row.organization_type)) {
      throw new AppError('BAD_REQUEST', `Organisation type "${row.organization_type}" is not one CaseBridge knows on the ${row.platform} platform; reject the request or ask the applicant.`);
    }
    const organizationId = randomUUID();
    const slug = await uniqueSlug(trx, row.organization_name);
    const trialEndsAt = addDays(new Date(reviewedAt), TRIAL_DAYS).toISOString();
    await trx
      .insertInto('organizations')
      .values({
        id: organizationId,
        slug,
        name: row.organization_name,
        platform,
        type: row.organization_type,
        address: null,
        city: row.city,
        province: row.province,
        postal_code: null,
        phone: row.phone,
        email: row.email,
        registration_number: null,
        // The request's bed count is an estimate; the Administrator records the real one.
        total_beds: 0,
        is_active: 1,
        plan: 'trial',
        trial_ends_at: trialEndsAt,
        max_users: TRIAL_MAX_USERS,
        created_at: reviewedAt,
        updated_at: reviewedAt,
      })
      .execute();
    await trx.updateTable('trial_requests').set({ organization_id: organizationId }).where('id', '=', id).execute();
    const { firstName, lastName } = splitName(row.contact_person_name);
    const invitation = await createInvitation(
      trx,
      review.config,
      { organizationId, email: row.email, role: 'Administrator', firstName, lastName, invitedBy: actor.userId },
      {
        publicUrl: review.publicUrl,
        subject: `Your CaseBridge trial for ${row.organization_name} is approved`,
        intro: [
          `Good news: your ${TRIAL_DAYS}-day CaseBridge trial for ${row.organization_name} has been approved.`,
          `It ends on ${formatDate(trialEndsAt)} and allows up to ${TRIAL_MAX_USERS} users, with full feature access.`,
        ].join(' '),
      },
    );
    return { organization: { id: organizationId, name: row.organization_name, slug, trialEndsAt, maxUsers: TRIAL_MAX_USERS }, invitation, email: row.email };
  });
  await deliverQueued(db, review.config, [outcome.invitation.mailId]);
  return {
    request: await findRequest(db, id),
    organization: outcome.organization,
    invitation: { id: outcome.invitation.invitationId, email: outcome.email },
    mail: await mailStatus(db, outcome.invitation.mailId),
  };
}

/** Records the rejection and its reason and tells the applicant, politely, why. */
export async function rejectTrialRequest(db: Kysely<DB>, actor: Actor, input: TRejectTrialInput, review: ReviewContext): Promise<TRejectTrialResult> {
  assertSuperAdmin(actor);
  const mailId = await db.transaction().execute(async (trx) => {
    const { row } = await claimPending(trx, actor, input.id, { status: 'rejected', reason: input.reason });
    const { firstName } = splitName(row.contact_person_name);
    return queueMail(trx, review.config, {
      to: row.email,
      subject: `Your CaseBridge trial request for ${row.organization_name}`,
      kind: 'trial-rejected',
      organizationId: null,
      text: [
        `Dear ${firstName || row.contact_person_name},`,
        '',
        `Thank you for your interest in CaseBridge and for requesting a trial for ${row.organization_name}.`,
        'After reviewing your request, we are unable to approve it at this time, for this reason:',
        '',
        input.reason,
        '',
        'If you think we have misunderstood something, or your situation changes, simply reply to this message or submit a new request. We would be glad to hear from you.',
        '',
        'Kind regards,',
        'The CaseBridge team',
      ].join('\n'),
    });
  });
  await deliverQueued(db, review.config, [mailId]);
  return { request: await findRequest(db, input.id), mail: await mailStatus(db, mailId) };
}

async function mailStatus(db: Kysely<DB>, id: string): Promise<{ id: string; status: string }> {
  const row = await db.selectFrom('email_outbox').select(['id', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
  return { id: row.id, status: row.status };
}
