import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { PeopleTable } from '../../../../db/schema-people';
import { nowIso } from '../../../../db/time';
import { personConsistencyIssues, type TMergePeopleInput, type TMergePeopleResult } from '../../../shared/domain/people';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { appendCaseEvent } from '../timeline/case-events';
import { toPerson } from './person-cases';

// Merging two records of the same person (issue 19, Administrator): the duplicate's cases and party
// rows move to the survivor, the survivor takes what the duplicate knew and it did not (ID number,
// birth date, contacts, the portal account), and the duplicate keeps its row naming the survivor.
// One transaction; a `person.merged` line on every case of both; the call is audited
// (audited-procedures.ts: people.merge). Two different ID numbers are not the same person: 409.

/** Fields the survivor takes from the duplicate when its own is empty. */
const FILLED_FROM_DUPLICATE = [
  'first_name', 'id_number', 'passport_number', 'passport_country', 'date_of_birth', 'sex', 'phone', 'email', 'address',
  'preferred_language', 'medical_aid_scheme', 'medical_aid_number', 'medical_aid_main_member', 'notes', 'user_id', 'folder_number',
] as const satisfies readonly (keyof Selectable<PeopleTable>)[];

export async function mergePeople(db: Kysely<DB>, actor: TenantActor, input: TMergePeopleInput): Promise<TMergePeopleResult> {
  if (input.id === input.duplicateId) throw new AppError('BAD_REQUEST', 'Choose two different records', { duplicateId: 'Choose a record other than this one' });
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('people').selectAll().where('organization_id', '=', actor.organizationId).where('id', 'in', [input.id, input.duplicateId]).execute();
    const survivor = rows.find((r) => r.id === input.id);
    const duplicate = rows.find((r) => r.id === input.duplicateId);
    if (!survivor || !duplicate) throw new AppError('NOT_FOUND', 'Person not found');
    if (survivor.merged_into_id) throw new AppError('BAD_REQUEST', 'This record was already merged into another person', { id: 'This record was already merged into another person' });
    if (duplicate.merged_into_id) throw new AppError('BAD_REQUEST', 'That record was already merged into another person', { duplicateId: 'That record was already merged into another person' });
    if (survivor.kind !== duplicate.kind) throw new AppError('BAD_REQUEST', 'A person and an organisation cannot be merged', { duplicateId: 'A person and an organisation cannot be merged' });
    if (survivor.id_number && duplicate.id_number && survivor.id_number !== duplicate.id_number) {
      throw new AppError('CONFLICT', `These records hold different ID numbers (${survivor.id_number} and ${duplicate.id_number}): they are not the same person.`);
    }

    const fill: Updateable<PeopleTable> = {};
    for (const field of FILLED_FROM_DUPLICATE) {
      if (!survivor[field] && duplicate[field]) Object.assign(fill, { [field]: duplicate[field] });
    }
    const after = { ...survivor, ...fill } as Selectable<PeopleTable>;
    const issues = personConsistencyIssues({
      kind: after.kind, firstName: after.first_name, idNumber: after.id_number, passportNumber: after.passport_number,
      passportCountry: after.passport_country, dateOfBirth: after.date_of_birth, sex: after.sex,
    });
    if (issues.length > 0) throw new AppError('CONFLICT', `The records disagree: ${issues[0]!.message}. They are not the same person, or one must be corrected first.`);

    const now = nowIso();
    const org = actor.organizationId;
    // Both records' own cases (the duplicate's move; each keeps its patient_name as written).
    const ownCases = await trx.selectFrom('cases').select('id').where('organization_id', '=', org).where('person_id', 'in', [survivor.id, duplicate.id]).execute();
    const moved = await trx.updateTable('cases').set({ person_id: survivor.id }).where('organization_id', '=', org).where('person_id', '=', duplicate.id).executeTakeFirst();

    // Party rows: a row the survivor already holds (same case and role) is dropped, the rest move.
    const duplicateParties = await trx.selectFrom('case_parties').select(['id', 'case_id', 'role']).where('organization_id', '=', org).where('person_id', '=', duplicate.id).execute();
    const survivorParties = await trx.selectFrom('case_parties').select(['case_id', 'role']).where('organization_id', '=', org).where('person_id', '=', survivor.id).execute();
    const held = new Set(survivorParties.map((p) => `${p.case_id}|${p.role}`));
    const dropped = duplicateParties.filter((p) => held.has(`${p.case_id}|${p.role}`)).map((p) => p.id);
    const movedParties = duplicateParties.filter((p) => !held.has(`${p.case_id}|${p.role}`)).map((p) => p.id);
    if (dropped.length > 0) await trx.deleteFrom('case_parties').where('id', 'in', dropped).execute();
    if (movedParties.length > 0) await trx.updateTable('case_parties').set({ person_id: survivor.id }).where('id', 'in', movedParties).execute();

    // Issue 31: allergies are the person's, so the duplicate's move. "No known allergies" holds only
    // while no allergy is active: kept from either record when neither has one.
    await trx.updateTable('allergies').set({ person_id: survivor.id }).where('organization_id', '=', org).where('person_id', '=', duplicate.id).execute();
    const activeAllergy = await trx.selectFrom('allergies').select('id').where('person_id', '=', survivor.id).where('entered_in_error_at', 'is', null).limit(1).executeTakeFirst();
    const noKnown = activeAllergy
      ? { no_known_allergies_at: null, no_known_allergies_by: null }
      : survivor.no_known_allergies_at
        ? {}
        : { no_known_allergies_at: duplicate.no_known_allergies_at, no_known_allergies_by: duplicate.no_known_allergies_by };
    // The duplicate is merged away first: its ID number and portal account go to the survivor below,
    // and the unique index of migration 0024 holds one live record per ID number (issue 32).
    await trx
      .updateTable('people')
      .set((eb) => ({ merged_into_id: survivor.id, user_id: null, version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', duplicate.id)
      .execute();
    await trx
      .updateTable('people')
      .set((eb) => ({ ...fill, ...noKnown, version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', survivor.id)
      .execute();

    const summary = `Person records merged: ${duplicate.full_name} into ${survivor.full_name}`;
    const caseIds = [...new Set([...ownCases.map((c) => c.id), ...duplicateParties.map((p) => p.case_id)])];
    for (const caseId of caseIds) {
      await appendCaseEvent(trx, {
        organizationId: org,
        caseId,
        actorId: actor.userId,
        kind: 'person.merged',
        at: now,
        summary,
        details: { survivorId: survivor.id, duplicateId: duplicate.id, survivorName: survivor.full_name, duplicateName: duplicate.full_name },
      });
    }

    const person = await trx.selectFrom('people').selectAll().where('id', '=', survivor.id).executeTakeFirstOrThrow();
    return { person: toPerson(person, actor), movedCases: Number(moved.numUpdatedRows), movedParties: movedParties.length };
  });
}
