import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TenantActor } from '../../auth/actor';
import { readsEveryCase } from '../cases/case-access';

// Need to know for lists that cross cases (/tasks, the organisation's document list). One row at a
// time goes through requireCaseAccess; a list cannot ask it per row, so the same rule is written
// here as SQL: a restricted case only for its team, an unexpired break-glass grant, Administrators
// and the Super Admin. A row of a case the caller may not read is left out, not refused: the list
// stays usable and names nothing it should not.

/** True for the cases rows the actor may read; use in a query that has `cases` in scope. */
export function readableCaseOf(actor: TenantActor, now: string = nowIso()) {
  return (eb: ExpressionBuilder<DB, 'cases'>): Expression<SqlBool> => {
    if (readsEveryCase(actor)) return sql<SqlBool>`1 = 1`;
    return eb.or([
      eb('cases.restricted', '=', 0),
      eb.exists(
        eb.selectFrom('case_team').select('case_team.id').whereRef('case_team.case_id', '=', 'cases.id').where('case_team.user_id', '=', actor.userId),
      ),
      eb.exists(
        eb
          .selectFrom('break_glass_grants')
          .select('break_glass_grants.id')
          .whereRef('break_glass_grants.case_id', '=', 'cases.id')
          .where('break_glass_grants.user_id', '=', actor.userId)
          .where('break_glass_grants.expires_at', '>', now),
      ),
    ]);
  };
}
