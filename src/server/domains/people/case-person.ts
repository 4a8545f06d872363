import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// The person a new case belongs to (issue 19): the one named by personId (of the caller's
// organisation, not merged away), or — for a caller that names only a patient name, as SPEC §7.3's
// POST /api/patient-cases does — a new person made from that name ("Thabo Mokoena" → first
// "Thabo", last "Mokoena"), in the case's own transaction.

export interface CasePerson {
  id: string;
  fullName: string;
}

export async function resolveCasePerson(
  trx: Kysely<DB> | Transaction<DB>,
  actor: TenantActor,
  input: { personId?: string | null; patientName?: string | null },
  now: string,
): Promise<CasePerson> {
  if (input.personId) {
    const person = await trx
      .selectFrom('people')
      .select(['id', 'full_name', 'merged_into_id'])
      .where('id', '=', input.personId)
      .where('organization_id', '=', actor.organizationId)
      .executeTakeFirst();
    if (!person) throw new AppError('BAD_REQUEST', 'Person not found in this organisation', { personId: 'Person not found in this organisation' });
    if (person.merged_into_id) throw new AppError('BAD_REQUEST', 'This record was merged into another person', { personId: 'This record was merged into another person; choose that one' });
    return { id: person.id, fullName: person.full_name };
  }
  const name = (input.patientName ?? '').trim();
  const space = name.indexOf(' ');
  const id = randomUUID();
  await trx
    .insertInto('people')
    .values({
      id,
      organization_id: actor.organizationId,
      kind: 'person',
      first_name: space > 0 ? name.slice(0, space) : null,
      last_name: space > 0 ? name.slice(space + 1) : name,
      full_name: name,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, fullName: name };
}

/**
 * A case given a portal Patient (patientUserId) links that Patient to the case's person, when the
 * person has no portal account yet: their profile is then read and written on the person.
 */
export async function linkPersonToPatient(trx: Kysely<DB> | Transaction<DB>, organizationId: string, personId: string | null, patientUserId: string | null | undefined, now: string): Promise<void> {
  if (!personId || !patientUserId) return;
  await trx
    .updateTable('people')
    .set((eb) => ({ user_id: patientUserId, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', personId)
    .where('organization_id', '=', organizationId)
    .where('user_id', 'is', null)
    .execute();
}
