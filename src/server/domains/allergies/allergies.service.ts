import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  type TAllergy,
  type TAllergyList,
  type TCreateAllergyInput,
  type TEnteredInErrorInput,
  ZCreateAllergyInput,
  ZEnteredInErrorInput,
  allergyList,
} from '../../../shared/domain/allergies';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// Allergies on the person (issue 31, decision 0054). Staff who read clinical records read them (an
// allergy protects whoever treats the person next, on any case); clinicians on the hospital's
// platform record them. Every call is in the audit trail (the tRPC middleware); no case timeline,
// since the allergy is not the case's.

/** Recording is on the hospital's platform; a medicolegal unit reads what the registry holds. */
function requireEntryPlatform(actor: TenantActor): void {
  if (actor.platform !== 'healthcare') throw new AppError('FORBIDDEN', 'Allergies are recorded on the healthcare platform.');
}

/** The person, of this organisation (else 404); a write to a merged record is refused. */
async function personOf(db: Kysely<DB>, actor: TenantActor, personId: string, forWrite: boolean) {
  const person = await db
    .selectFrom('people')
    .select(['id', 'kind', 'merged_into_id', 'no_known_allergies_at', 'no_known_allergies_by'])
    .where('id', '=', personId)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!person) throw new AppError('NOT_FOUND', 'Person not found');
  if (forWrite && person.merged_into_id) throw new AppError('CONFLICT', 'This record was merged into another person; record allergies there', { id: 'This record was merged into another person' });
  if (forWrite && person.kind !== 'person') throw new AppError('BAD_REQUEST', 'Allergies are recorded for a person, not an organisation', { id: 'Choose a person' });
  return person;
}

function selectAllergies(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('allergies as a')
    .leftJoin('users as rec', 'rec.id', 'a.recorded_by')
    .leftJoin('users as err', 'err.id', 'a.entered_in_error_by')
    .selectAll('a')
    .select(['rec.first_name as rec_first', 'rec.last_name as rec_last', 'err.first_name as err_first', 'err.last_name as err_last'])
    .where('a.organization_id', '=', organizationId);
}

type AllergyRow = Awaited<ReturnType<ReturnType<typeof selectAllergies>['executeTakeFirstOrThrow']>>;

function toAllergy(row: AllergyRow): TAllergy {
  return {
    id: row.id,
    personId: row.person_id,
    substance: row.substance,
    reaction: row.reaction,
    severity: row.severity,
    recordedAt: row.recorded_at,
    recordedBy: fullName(row.rec_first, row.rec_last),
    enteredInError: row.entered_in_error_at ? { at: row.entered_in_error_at, by: fullName(row.err_first, row.err_last), reason: row.entered_in_error_reason } : null,
  };
}

async function userName(db: Kysely<DB>, id: string | null): Promise<string | null> {
  if (!id) return null;
  const user = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
  return user ? fullName(user.first_name, user.last_name) : null;
}

/** The person's allergies and status, for readers who already hold the person's id in this organisation. */
export async function allergiesOfPerson(db: Kysely<DB>, organizationId: string, person: { id: string; no_known_allergies_at: string | null; no_known_allergies_by: string | null }): Promise<TAllergyList> {
  const rows = await selectAllergies(db, organizationId).where('a.person_id', '=', person.id).execute();
  const noKnown = person.no_known_allergies_at ? { at: person.no_known_allergies_at, by: await userName(db, person.no_known_allergies_by) } : null;
  return allergyList(rows.map(toAllergy), noKnown);
}

export async function listAllergies(db: Kysely<DB>, actor: TenantActor, personId: string): Promise<TAllergyList> {
  const person = await personOf(db, actor, personId, false);
  return allergiesOfPerson(db, actor.organizationId, person);
}

export async function createAllergy(db: Kysely<DB>, actor: TenantActor, raw: TCreateAllergyInput): Promise<TAllergy> {
  requireEntryPlatform(actor);
  const input = ZCreateAllergyInput.parse(raw);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    const person = await personOf(trx, actor, input.id, true);
    const now = nowIso();
    await trx
      .insertInto('allergies')
      .values({
        id, organization_id: actor.organizationId, person_id: person.id, substance: input.substance, reaction: input.reaction, severity: input.severity,
        recorded_by: actor.userId, recorded_at: now, entered_in_error_at: null, entered_in_error_by: null, entered_in_error_reason: null,
      })
      .execute();
    // An allergy on record ends "no known allergies".
    if (person.no_known_allergies_at) {
      await trx.updateTable('people').set({ no_known_allergies_at: null, no_known_allergies_by: null }).where('id', '=', person.id).execute();
    }
  });
  return toAllergy(await selectAllergies(db, actor.organizationId).where('a.id', '=', id).executeTakeFirstOrThrow());
}

export async function markEnteredInError(db: Kysely<DB>, actor: TenantActor, raw: TEnteredInErrorInput): Promise<TAllergy> {
  requireEntryPlatform(actor);
  const input = ZEnteredInErrorInput.parse(raw);
  // Conditional: of two people marking the same entry, one does; the second is told it already was.
  const result = await db
    .updateTable('allergies')
    .set({ entered_in_error_at: nowIso(), entered_in_error_by: actor.userId, entered_in_error_reason: input.reason })
    .where('id', '=', input.id)
    .where('organization_id', '=', actor.organizationId)
    .where('entered_in_error_at', 'is', null)
    .executeTakeFirst();
  const row = await selectAllergies(db, actor.organizationId).where('a.id', '=', input.id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Allergy not found');
  if (Number(result.numUpdatedRows) === 0) throw new AppError('CONFLICT', 'This allergy was already marked entered in error', { id: 'Already marked entered in error' });
  return toAllergy(row);
}

export async function recordNoKnownAllergies(db: Kysely<DB>, actor: TenantActor, personId: string): Promise<TAllergyList> {
  requireEntryPlatform(actor);
  return db.transaction().execute(async (trx) => {
    const person = await personOf(trx, actor, personId, true);
    const active = await trx.selectFrom('allergies').select('substance').where('person_id', '=', person.id).where('entered_in_error_at', 'is', null).execute();
    if (active.length > 0) {
      const names = active.map((a) => a.substance).join(', ');
      throw new AppError('CONFLICT', `Allergies are on record (${names}); mark them entered in error first if they are wrong`, { id: `Allergies on record: ${names}` });
    }
    // Asking again records who asked last and when.
    const now = nowIso();
    await trx.updateTable('people').set({ no_known_allergies_at: now, no_known_allergies_by: actor.userId }).where('id', '=', person.id).execute();
    return allergiesOfPerson(trx, actor.organizationId, { id: person.id, no_known_allergies_at: now, no_known_allergies_by: actor.userId });
  });
}
