import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../../db/schema';

/**
 * An account that can sign in: active, and a Super Admin or an active member of an active
 * organisation. The Super Admin's count of active users and the accounts a password reset may reach
 * read the same rule.
 */
export function canSignIn(eb: ExpressionBuilder<DB, 'users'>) {
  return eb.and([
    eb('users.is_active', '=', 1),
    eb.or([
      eb('users.is_super_admin', '=', 1),
      eb.exists(
        eb
          .selectFrom('memberships')
          .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
          .select('memberships.id')
          .whereRef('memberships.user_id', '=', 'users.id')
          .where('memberships.status', '=', 'active')
          .where('organizations.is_active', '=', 1),
      ),
    ]),
  ]);
}
