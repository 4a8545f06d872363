import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  CASE_TEAM_ROLES,
  CASE_TEAM_ROLES_BY_PLATFORM,
  slotRoles,
  type TCaseTeam,
  type TCaseTeamMember,
  type TCaseTeamRole,
  type TPutCaseTeamInput,
} from '../../../shared/domain/case-team';
import { fullName } from '../../../shared/format';
import type { TPlatform } from '../../../shared/platform';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { notifyCaseAssigned } from '../notifications/notification-triggers';
import { appendCaseEvent } from '../timeline/case-events';

// The team of a case (issue 18): any number of members, each with a role on the case. The three
// §3.2 columns of `cases` (assigned_doctor_id, assigned_nurse_id, case_manager_id) stay as the
// projection of the team — the first member (by added_at) in each slot role of the platform — so
// the lists, dashboards and the REST shape of SPEC §3.2 keep working unchanged. Decision 0032.

const PATIENT_ROLE = 'Patient';
const CHANGED_MESSAGE = 'This case was changed by someone else. Reload to see the team as it is now.';

/** Names of users by id ("Thandi Nkosi"), for team lists and timeline lines. */
export async function userNames(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, fullName(row.first_name, row.last_name) ?? row.id]));
}

/** Of `ids`, those that are active staff (any role but Patient) of the organisation. */
export async function activeStaffOf(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'active')
    .where('role', '!=', PATIENT_ROLE)
    .where('user_id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

interface TeamRow {
  id: string;
  user_id: string;
  role_on_case: string;
  added_at: string;
}

export function teamRows(db: Kysely<DB>, caseId: string): Promise<TeamRow[]> {
  return db
    .selectFrom('case_team')
    .select(['id', 'user_id', 'role_on_case', 'added_at'])
    .where('case_id', '=', caseId)
    .orderBy('added_at')
    .orderBy('id')
    .execute();
}

async function teamOf(db: Kysely<DB>, caseId: string, version: number): Promise<TCaseTeam> {
  const rows = await db
    .selectFrom('case_team')
    .innerJoin('users', 'users.id', 'case_team.user_id')
    .select(['case_team.user_id', 'case_team.role_on_case', 'users.first_name', 'users.last_name'])
    .where('case_team.case_id', '=', caseId)
    .orderBy('case_team.added_at')
    .orderBy('case_team.id')
    .execute();
  const members: TCaseTeamMember[] = rows
    // A role no longer offered (a hand-edited row) is left out rather than failing the whole team.
    .filter((row) => row.role_on_case in CASE_TEAM_ROLES)
    .map((row) => ({
      userId: row.user_id,
      name: fullName(row.first_name, row.last_name) ?? row.user_id,
      roleOnCase: row.role_on_case as TCaseTeamRole,
      roleLabel: CASE_TEAM_ROLES[row.role_on_case as TCaseTeamRole],
    }));
  return { members, version };
}

/** The three §3.2 columns as the team sets them: the first member in each slot role. */
export function slotColumnsOf(platform: TPlatform, rows: readonly Pick<TeamRow, 'user_id' | 'role_on_case'>[]) {
  const roles = slotRoles(platform);
  const first = (role: TCaseTeamRole) => rows.find((row) => row.role_on_case === role)?.user_id ?? null;
  return { assigned_doctor_id: first(roles.doctor), assigned_nurse_id: first(roles.nurse), case_manager_id: first(roles.caseManager) };
}

/** Team rows for a new case's filled slots (createCase), in the slots' order. */
export function slotTeamRows(
  platform: TPlatform,
  base: { organizationId: string; caseId: string; addedBy: string | null; addedAt: string },
  slots: { assignedDoctorId: string | null; assignedNurseId: string | null; caseManagerId: string | null },
) {
  const roles = slotRoles(platform);
  const pairs: [string | null, TCaseTeamRole][] = [
    [slots.assignedDoctorId, roles.doctor],
    [slots.assignedNurseId, roles.nurse],
    [slots.caseManagerId, roles.caseManager],
  ];
  return pairs
    .filter((pair): pair is [string, TCaseTeamRole] => pair[0] !== null)
    // A millisecond apart, so the team lists them in slot order (doctor, nurse, case manager).
    .map(([userId, role], i) => ({
      id: randomUUID(),
      organization_id: base.organizationId,
      case_id: base.caseId,
      user_id: userId,
      role_on_case: role,
      added_by: base.addedBy,
      added_at: new Date(Date.parse(base.addedAt) + i).toISOString(),
    }));
}

/**
 * A PATCH of a slot field (assignedDoctorId …) replaces that slot role's members with the one named
 * (or none). The caller has already set the column itself and bumped the version.
 */
export async function replaceSlotMembers(
  trx: Kysely<DB>,
  actor: TenantActor,
  caseId: string,
  role: TCaseTeamRole,
  userId: string | null,
  at: string,
): Promise<void> {
  await trx.deleteFrom('case_team').where('case_id', '=', caseId).where('role_on_case', '=', role).execute();
  if (userId === null) return;
  await trx
    .insertInto('case_team')
    .values({ id: randomUUID(), organization_id: actor.organizationId, case_id: caseId, user_id: userId, role_on_case: role, added_by: actor.userId, added_at: at })
    .execute();
  await notifyCaseAssigned(trx, actor, caseId, [{ userId, roleLabel: CASE_TEAM_ROLES[role] }], at);
}

export async function getCaseTeam(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TCaseTeam> {
  const access = await requireCaseAccess(db, actor, caseId);
  return teamOf(db, caseId, access.version);
}

const keyOf = (userId: string, role: string) => `${userId}|${role}`;

/** Roles of the platform, staff of the organisation; 400 naming members.N.field, nothing written. */
async function checkMembers(db: Kysely<DB>, actor: TenantActor, members: TPutCaseTeamInput['members']) {
  const offered = new Set<string>(CASE_TEAM_ROLES_BY_PLATFORM[actor.platform]);
  const staff = await activeStaffOf(db, actor.organizationId, members.map((m) => m.userId));
  const fields: Record<string, string> = {};
  members.forEach((member, i) => {
    if (!staff.has(member.userId)) fields[`members.${i}.userId`] = 'Choose an active staff member of this organisation';
    if (!offered.has(member.roleOnCase)) fields[`members.${i}.roleOnCase`] = 'Choose a role this organisation offers on a case';
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError('BAD_REQUEST', first, fields);
}

/**
 * Replaces the team: members not listed are removed, new ones added after the others (in the order
 * listed), the same person in the same role twice counts once. One transaction: the rows, the
 * three slot columns, the case's version and one timeline event per member added or removed.
 */
export async function putCaseTeam(db: Kysely<DB>, actor: TenantActor, input: TPutCaseTeamInput): Promise<TCaseTeam> {
  await checkMembers(db, actor, input.members);
  const wanted = new Map<string, { userId: string; roleOnCase: TCaseTeamRole }>();
  for (const member of input.members) wanted.set(keyOf(member.userId, member.roleOnCase), member);

  return db.transaction().execute(async (trx) => {
    const access = await requireCaseAccess(trx, actor, input.id);
    if (input.expectedVersion !== undefined && input.expectedVersion !== access.version) {
      throw new AppError('CONFLICT', CHANGED_MESSAGE, undefined, { current: await teamOf(trx, input.id, access.version) });
    }
    const old = await teamRows(trx, input.id);
    const oldKeys = new Set(old.map((row) => keyOf(row.user_id, row.role_on_case)));
    const removed = old.filter((row) => !wanted.has(keyOf(row.user_id, row.role_on_case)));
    const now = nowIso();
    // New members in the order listed: a millisecond apart, so "first in the role" follows the list.
    const added = [...wanted.values()]
      .filter((m) => !oldKeys.has(keyOf(m.userId, m.roleOnCase)))
      .map((m, i) => ({ id: randomUUID(), user_id: m.userId, role_on_case: m.roleOnCase as string, added_at: new Date(Date.parse(now) + i).toISOString() }));
    if (removed.length === 0 && added.length === 0) return teamOf(trx, input.id, access.version);

    const removedIds = new Set(removed.map((row) => row.id));
    const after = [...old.filter((row) => !removedIds.has(row.id)), ...added];
    // The version check and the write in one statement: of two editors who saw the same version, one wins.
    const claimed = await trx
      .updateTable('cases')
      .set((eb) => ({ ...slotColumnsOf(actor.platform, after), version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', input.id)
      .where('organization_id', '=', actor.organizationId)
      .where('version', '=', access.version)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      const version = (await requireCaseAccess(trx, actor, input.id)).version;
      throw new AppError('CONFLICT', CHANGED_MESSAGE, undefined, { current: await teamOf(trx, input.id, version) });
    }
    if (removed.length > 0) await trx.deleteFrom('case_team').where('id', 'in', removed.map((row) => row.id)).execute();
    if (added.length > 0) {
      await trx
        .insertInto('case_team')
        .values(added.map((row) => ({ ...row, organization_id: actor.organizationId, case_id: input.id, added_by: actor.userId })))
        .execute();
    }
    const names = await userNames(trx, [...removed, ...added].map((row) => row.user_id));
    const label = (role: string) => CASE_TEAM_ROLES[role as TCaseTeamRole] ?? role;
    for (const row of removed) {
      await appendCaseEvent(trx, {
        organizationId: actor.organizationId, caseId: input.id, actorId: actor.userId, kind: 'team.removed', at: now,
        summary: `${names.get(row.user_id) ?? 'A member'} removed as ${label(row.role_on_case)}`,
        details: { userId: row.user_id, roleOnCase: row.role_on_case },
      });
    }
    for (const row of added) {
      await appendCaseEvent(trx, {
        organizationId: actor.organizationId, caseId: input.id, actorId: actor.userId, kind: 'team.added', at: now,
        summary: `${names.get(row.user_id) ?? 'A member'} added as ${label(row.role_on_case)}`,
        details: { userId: row.user_id, roleOnCase: row.role_on_case },
      });
    }
    // Issue 21: each person added hears of it in their bell.
    await notifyCaseAssigned(trx, actor, input.id, added.map((row) => ({ userId: row.user_id, roleLabel: label(row.role_on_case) })), now);
    return teamOf(trx, input.id, access.version + 1);
  });
}
