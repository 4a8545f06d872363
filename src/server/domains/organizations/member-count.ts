import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../../../db/schema';

/** Select expression: the organisation row's active members, as `member_count` (overviews of organisations). */
export function activeMemberCount(eb: ExpressionBuilder<DB, 'organizations'>) {
  return eb
    .selectFrom('memberships')
    .select((m) => m.fn.countAll<number>().as('n'))
    .whereRef('memberships.organization_id', '=', 'organizations.id')
    .where('memberships.status', '=', 'active')
    .as('member_count');
}
