import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { CASE_TEAM_ROLES, teamRoleByWork } from '../../../shared/domain/case-team';
import type { TenantActor } from '../../auth/actor';
import { appendCaseEvent } from '../timeline/case-events';
import { slotColumnsOf, teamRows, userNames } from './case-team.service';

// Someone who takes on a patient's care joins the case's team by doing it (issue 31: the nurse who
// admits a patient is then on the team, sees a restricted case, and gets its notifications).

/**
 * Adds the actor to the case's team in the role their work gives them, unless they are already in
 * it; fills the §3.2 slot column when it was empty. The caller bumps the case's version.
 */
export async function joinCaseTeam(trx: Kysely<DB>, actor: TenantActor, caseId: string, at: string, why: string): Promise<void> {
  const role = teamRoleByWork(actor.platform, actor.role);
  if (!role) return;
  const rows = await teamRows(trx, caseId);
  if (rows.some((row) => row.user_id === actor.userId && row.role_on_case === role)) return;
  const row = { id: randomUUID(), user_id: actor.userId, role_on_case: role, added_at: at };
  await trx.insertInto('case_team').values({ ...row, organization_id: actor.organizationId, case_id: caseId, added_by: actor.userId }).execute();
  await trx
    .updateTable('cases')
    .set(slotColumnsOf(actor.platform, [...rows, row]))
    .where('id', '=', caseId)
    .where('organization_id', '=', actor.organizationId)
    .execute();
  const name = (await userNames(trx, [actor.userId])).get(actor.userId) ?? 'A member';
  await appendCaseEvent(trx, {
    organizationId: actor.organizationId, caseId, actorId: actor.userId, kind: 'team.added', at,
    summary: `${name} added as ${CASE_TEAM_ROLES[role]} (${why})`,
    details: { userId: actor.userId, roleOnCase: role },
  });
}
