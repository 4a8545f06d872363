import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TListUsersInput, TOrganizationMember } from '../../../shared/domain/users';
import type { TenantActor } from '../../trpc';

/** Members of the caller's organisation only, active ones first, then by name. */
export async function listOrganizationMembers(db: Kysely<DB>, actor: TenantActor, input: TListUsersInput): Promise<TOrganizationMember[]> {
  let query = db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.department',
      'users.is_active',
      'memberships.role',
      'memberships.status',
    ])
    .where('memberships.organization_id', '=', actor.organizationId);
  if (input?.role) query = query.where('memberships.role', '=', input.role);
  const rows = await query.orderBy('users.first_name').orderBy('users.last_name').orderBy('users.email').execute();
  const members = rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    department: row.department,
    status: row.status,
    isActive: row.is_active === 1,
  }));
  const usable = (m: TOrganizationMember) => (m.status === 'active' && m.isActive ? 0 : 1);
  return members.sort((a, b) => usable(a) - usable(b));
}
