import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// Need to know (issue 18). Every part of a case (team, notes, tasks, timeline, documents …) opens
// the case through here: it must be of the caller's organisation (for a Patient, their own), and a
// restricted case only for its team, Administrators, the Super Admin, or someone who broke the
// glass within the hour. Anyone else gets RESTRICTED (403), which the screen answers with the
// break-the-glass dialog.

export const RESTRICTED_MESSAGE = 'This case is restricted to its team. To read it, give the reason you need it (break the glass); the read is recorded.';

export interface CaseAccess {
  id: string;
  organizationId: string;
  patientName: string;
  reference: string | null;
  restricted: boolean;
  version: number;
}

/** Who reads every case of the organisation, restricted or not (cases.readRestricted: Administrators and the Super Admin). */
export function readsEveryCase(actor: { role: string | null; isSuperAdmin?: boolean }): boolean {
  return can(actor, 'cases.readRestricted');
}

/** Of these users, the ones on the case's team or holding an unexpired break-glass grant for it. */
export async function onTeamOrGranted(db: Kysely<DB>, caseId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const [team, grants] = await Promise.all([
    db.selectFrom('case_team').select('user_id').where('case_id', '=', caseId).where('user_id', 'in', [...userIds]).execute(),
    db.selectFrom('break_glass_grants').select('user_id').where('case_id', '=', caseId).where('user_id', 'in', [...userIds]).where('expires_at', '>', nowIso()).execute(),
  ]);
  return new Set([...team, ...grants].map((r) => r.user_id));
}

/**
 * Of these members of the organisation — OTHER people than the caller: recipients of a message or a
 * notification about the case — the ones with need to know of it: all of them when it is not
 * restricted; else its team, live grants, roles that read every case, and the Patient it belongs to.
 */
export async function membersWithNeedToKnow(
  db: Kysely<DB>,
  organizationId: string,
  caseId: string,
  members: readonly { userId: string; role: string }[],
): Promise<Set<string>> {
  const kase = await db.selectFrom('cases').select(['restricted', 'patient_user_id']).where('id', '=', caseId).where('organization_id', '=', organizationId).executeTakeFirst();
  if (!kase || members.length === 0) return new Set();
  const ids = members.map((m) => m.userId);
  if (Number(kase.restricted) !== 1) return new Set(ids);
  const known = await onTeamOrGranted(db, caseId, ids);
  return new Set(members.filter((m) => known.has(m.userId) || readsEveryCase({ role: m.role }) || m.userId === kase.patient_user_id).map((m) => m.userId));
}

/** True when the actor is on the case's team or holds an unexpired break-glass grant for it. */
export async function hasNeedToKnow(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<boolean> {
  if (readsEveryCase(actor)) return true;
  return (await onTeamOrGranted(db, caseId, [actor.userId])).has(actor.userId);
}

/** The case if the actor may read it; NOT_FOUND outside their organisation, RESTRICTED without need to know. */
export async function requireCaseAccess(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<CaseAccess> {
  const row = await db
    .selectFrom('cases')
    .select(['id', 'organization_id', 'patient_name', 'patient_user_id', 'reference', 'restricted', 'version'])
    .where('id', '=', caseId)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!row || (actor.role === 'Patient' && row.patient_user_id !== actor.userId)) throw new AppError('NOT_FOUND', 'Case not found');
  const restricted = Number(row.restricted) === 1;
  if (restricted && actor.role !== 'Patient' && !(await hasNeedToKnow(db, actor, caseId))) {
    throw new AppError('RESTRICTED', RESTRICTED_MESSAGE);
  }
  return {
    id: row.id,
    organizationId: row.organization_id,
    patientName: row.patient_name,
    reference: row.reference,
    restricted,
    version: Number(row.version),
  };
}
