import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// The one rule every portal read and write rests on: a Patient reaches only the cases linked to
// their own user id in their own organisation. Every other case, even one in the same hospital,
// does not exist for them.

export function selectOwnCases(db: Kysely<DB>, actor: TenantActor) {
  return db
    .selectFrom('cases')
    .where('cases.organization_id', '=', actor.organizationId)
    .where('cases.patient_user_id', '=', actor.userId);
}

export async function ownCaseIds(db: Kysely<DB>, actor: TenantActor): Promise<string[]> {
  const rows = await selectOwnCases(db, actor).select('cases.id').execute();
  return rows.map((r) => r.id);
}

/** A case id from a body: a 400 naming the field when it is not one of the caller's own cases. */
export async function requireOwnCase(db: Kysely<DB>, actor: TenantActor, caseId: string, field = 'caseId') {
  const row = await selectOwnCases(db, actor)
    .select(['cases.id', 'cases.assigned_doctor_id', 'cases.assigned_nurse_id', 'cases.case_manager_id'])
    .where('cases.id', '=', caseId)
    .executeTakeFirst();
  if (row) return row;
  const message = 'Choose one of your own cases';
  throw new AppError('BAD_REQUEST', message, { [field]: message });
}
