import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { AppError } from '../../errors';

// Other domains point at cases (appointments, messages, bed assignments, time entries). A case id
// from outside the caller's organisation must never be linked, whatever the procedure.

export function findCaseOfOrganization(db: Kysely<DB>, organizationId: string, caseId: string) {
  return db
    .selectFrom('cases')
    .select(['id', 'patient_name', 'case_type'])
    .where('id', '=', caseId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** For a case id inside a body: a 400 naming the field when it is not a case of the organisation. */
export async function requireCaseReference(db: Kysely<DB>, organizationId: string, caseId: string, field: string): Promise<void> {
  if (await findCaseOfOrganization(db, organizationId, caseId)) return;
  const message = 'Choose a case of your organisation';
  throw new AppError('BAD_REQUEST', message, { [field]: message });
}
