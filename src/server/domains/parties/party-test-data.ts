import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { createCase } from '../../test-support/case-file-factories';

// Test data for parties, the conflict check and the search (issue 19): a person of the registry,
// and a case that belongs to one. Written as rows so these tests do not depend on people.service.

export async function addPerson(
  db: Kysely<DB>,
  organizationId: string,
  values: { firstName?: string | null; lastName: string; kind?: 'person' | 'organization'; idNumber?: string | null; dateOfBirth?: string | null; sex?: 'female' | 'male' | null },
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  const kind = values.kind ?? 'person';
  const first = kind === 'organization' ? null : values.firstName ?? null;
  await db
    .insertInto('people')
    .values({
      id, organization_id: organizationId, kind, first_name: first, last_name: values.lastName, full_name: first ? `${first} ${values.lastName}` : values.lastName,
      id_number: values.idNumber ?? null, passport_number: null, passport_country: null, date_of_birth: values.dateOfBirth ?? null, sex: values.sex ?? null,
      phone: null, email: null, address: null, preferred_language: null, medical_aid_scheme: null, medical_aid_number: null, medical_aid_main_member: null,
      notes: null, user_id: null, merged_into_id: null, created_by: null, created_at: now, updated_at: now,
    })
    .execute();
  return id;
}

/** A case of the organisation belonging to the person (patient_name is the person's name). */
export async function createCaseOf(db: Kysely<DB>, organizationId: string, personId: string, values: Parameters<typeof createCase>[2] = {}): Promise<string> {
  const person = await db.selectFrom('people').select('full_name').where('id', '=', personId).executeTakeFirstOrThrow();
  return createCase(db, organizationId, { patient_name: person.full_name, person_id: personId, ...values });
}
