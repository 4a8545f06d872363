import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { CASE_TEAM_CANDIDATES_MAX, type TCaseTeamCandidates } from '../../../shared/domain/case-team';
import { fullName } from '../../../shared/format';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { requireCaseAccess } from '../cases/case-access';

// The people the team editor and the task form offer (issue 18). The staff list (users.list) needs
// users.view, which a Doctor or an attorney does not have; they still hand work to colleagues, so
// this answers the names and roles of the organisation's active staff who can open a case file —
// no e-mail addresses, no statuses — to whoever may change the case's team.

export async function listTeamCandidates(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TCaseTeamCandidates> {
  await requireCaseAccess(db, actor, caseId);
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'memberships.role'])
    .where('memberships.organization_id', '=', actor.organizationId)
    .where('memberships.status', '=', 'active')
    .where('users.is_active', '=', 1)
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .limit(CASE_TEAM_CANDIDATES_MAX)
    .execute();
  return {
    items: rows
      .filter((row) => can({ role: row.role }, 'caseFile.view'))
      .map((row) => ({ userId: row.id, name: fullName(row.first_name, row.last_name) ?? row.email, role: row.role })),
  };
}
