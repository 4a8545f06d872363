import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { STAFF_DIRECTORY_MAX, type TStaffDirectory } from '../../../shared/domain/staff-directory';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';

// The organisation's active staff by name, for the calendar's people (attendees, the multi-person
// day view's columns) and the message recipients. Names and roles only.

const PATIENT_ROLE = 'Patient';

export async function listStaffDirectory(db: Kysely<DB>, actor: TenantActor): Promise<TStaffDirectory> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'memberships.role'])
    .where('memberships.organization_id', '=', actor.organizationId)
    .where('memberships.status', '=', 'active')
    .where('memberships.role', '!=', PATIENT_ROLE)
    .where('users.is_active', '=', 1)
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .limit(STAFF_DIRECTORY_MAX)
    .execute();
  return { items: rows.map((row) => ({ userId: row.id, name: fullName(row.first_name, row.last_name) ?? row.email, role: row.role })) };
}
