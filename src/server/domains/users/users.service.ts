import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TChangeRoleInput, TListUsersInput, TMemberIdInput, TOrganizationMember, TSeatUsage } from '../../../shared/domain/users';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';
import { revokeCalendarFeeds, signOutEverywhere } from '../../auth/sessions';
import { assertSeatAvailable, seatsUsed } from './invitations.service';
import { requireRoleOfPlatform } from './platform-roles';

// Members of one organisation, as its Administrator manages them. Every query is scoped to the
// actor's organisation: a user id from another organisation is simply not found.

type Db = Kysely<DB> | Transaction<DB>;

const ADMINISTRATOR = 'Administrator';

function memberQuery(db: Db, organizationId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.department',
      'users.is_active',
      'users.last_seen_at',
      'memberships.role',
      'memberships.status',
    ])
    .where('memberships.organization_id', '=', organizationId);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['executeTakeFirstOrThrow']>>;

function toMember(row: MemberRow): TOrganizationMember {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    department: row.department,
    status: row.status,
    isActive: row.is_active === 1,
    lastSeenAt: row.last_seen_at,
  };
}

/** Members of the caller's organisation only (every status), active ones first, then by name. */
export async function listOrganizationMembers(db: Kysely<DB>, actor: TenantActor, input: TListUsersInput): Promise<TOrganizationMember[]> {
  let query = memberQuery(db, actor.organizationId);
  if (input?.role) query = query.where('memberships.role', '=', input.role);
  const rows = await query.orderBy('users.first_name').orderBy('users.last_name').orderBy('users.email').execute();
  const members = rows.map(toMember);
  const usable = (m: TOrganizationMember) => (m.status === 'active' && m.isActive ? 0 : 1);
  return members.sort((a, b) => usable(a) - usable(b));
}

export async function seatUsage(db: Kysely<DB>, actor: TenantActor): Promise<TSeatUsage> {
  const org = await db.selectFrom('organizations').select(['max_users', 'plan']).where('id', '=', actor.organizationId).executeTakeFirstOrThrow();
  return { used: await seatsUsed(db, actor.organizationId), maxUsers: org.max_users, plan: org.plan };
}

async function findMember(db: Db, actor: TenantActor, userId: string): Promise<MemberRow> {
  const row = await memberQuery(db, actor.organizationId).where('users.id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Member not found in your organisation.');
  return row;
}

/** Refuses a change that would leave the organisation without an active Administrator. */
async function assertAnotherActiveAdministrator(db: Db, actor: TenantActor, userId: string, message: string): Promise<void> {
  const others = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organization_id', '=', actor.organizationId)
    .where('role', '=', ADMINISTRATOR)
    .where('status', '=', 'active')
    .where('user_id', '!=', userId)
    .executeTakeFirstOrThrow();
  if (Number(others.n) === 0) throw new AppError('CONFLICT', message);
}

/**
 * Any role of the organisation's platform may be given, Patient included (healthcare): a Patient member sees only the patient
 * portal (the capability matrix decides), which is how a clinic gives a patient portal access.
 */
export async function changeMemberRole(db: Kysely<DB>, actor: TenantActor, input: TChangeRoleInput): Promise<TOrganizationMember> {
  requireRoleOfPlatform(actor, input.role);
  return db.transaction().execute(async (trx) => {
    const member = await findMember(trx, actor, input.userId);
    if (member.role === input.role) return toMember(member);
    if (member.role === ADMINISTRATOR && member.status === 'active') {
      await assertAnotherActiveAdministrator(
        trx,
        actor,
        member.id,
        'The organisation needs at least one active Administrator. Make someone else an Administrator first.',
      );
    }
    await trx
      .updateTable('memberships')
      .set({ role: input.role, updated_at: nowIso() })
      .where('organization_id', '=', actor.organizationId)
      .where('user_id', '=', member.id)
      .execute();
    // A feed address made under the old role must not outlive it: they make a new one.
    await revokeCalendarFeeds(trx, member.id, actor.organizationId);
    return toMember({ ...member, role: input.role });
  });
}

/** Ends the membership in this organisation and, at once, every session the member has in it. */
export async function deactivateMember(db: Kysely<DB>, actor: TenantActor, input: TMemberIdInput): Promise<TOrganizationMember> {
  return db.transaction().execute(async (trx) => {
    const member = await findMember(trx, actor, input.userId);
    if (member.id === actor.userId) throw new AppError('CONFLICT', 'You cannot deactivate yourself. Ask another Administrator to do it.');
    if (member.role === ADMINISTRATOR && member.status === 'active') {
      await assertAnotherActiveAdministrator(trx, actor, member.id, 'The organisation needs at least one active Administrator.');
    }
    await trx
      .updateTable('memberships')
      .set({ status: 'inactive', updated_at: nowIso() })
      .where('organization_id', '=', actor.organizationId)
      .where('user_id', '=', member.id)
      .execute();
    // request-auth would refuse these sessions anyway; deleting them makes "signed out now" a fact.
    // The calendar feed goes too, so a reactivation does not bring an old address back to life.
    await signOutEverywhere(trx, member.id, { organizationId: actor.organizationId });
    return toMember({ ...member, status: 'inactive' });
  });
}

/** Gives a deactivated (or suspended) member their seat back, if the organisation has one free. */
export async function reactivateMember(db: Kysely<DB>, actor: TenantActor, input: TMemberIdInput): Promise<TOrganizationMember> {
  return db.transaction().execute(async (trx) => {
    const member = await findMember(trx, actor, input.userId);
    if (member.status === 'active') return toMember(member);
    await assertSeatAvailable(trx, actor.organizationId);
    await trx
      .updateTable('memberships')
      .set({ status: 'active', updated_at: nowIso() })
      .where('organization_id', '=', actor.organizationId)
      .where('user_id', '=', member.id)
      .execute();
    return toMember({ ...member, status: 'active' });
  });
}
