import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TCover, TCoverInput } from '../../../shared/domain/medical-accounts';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// A person's cover (issue 33): cash, or a medical aid with its scheme, plan, option, membership
// number and dependant code, and the main member — a person of the registry, the account holder of
// every dependant on the membership, to whom the family's statement goes. One level only: a main
// member has no main member of their own. The person's older free-text medical-aid fields (0013)
// are kept in step, so the person form and older exports read the same scheme and number.

async function livePerson(db: Kysely<DB>, organizationId: string, id: string) {
  return db
    .selectFrom('people')
    .select(['id', 'full_name', 'medical_aid_scheme', 'medical_aid_number'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('merged_into_id', 'is', null)
    .executeTakeFirst();
}

export async function getCover(db: Kysely<DB>, actor: TenantActor, personId: string): Promise<TCover> {
  const person = await livePerson(db, actor.organizationId, personId);
  if (!person) throw new AppError('NOT_FOUND', 'Person not found');
  const [row, dependants] = await Promise.all([
    db
      .selectFrom('person_cover')
      .leftJoin('people as main', 'main.id', 'person_cover.main_member_id')
      .selectAll('person_cover')
      .select('main.full_name as main_member_name')
      .where('person_cover.person_id', '=', personId)
      .where('person_cover.organization_id', '=', actor.organizationId)
      .executeTakeFirst(),
    db
      .selectFrom('person_cover')
      .innerJoin('people', 'people.id', 'person_cover.person_id')
      .select(['people.id', 'people.full_name', 'person_cover.dependant_code'])
      .where('person_cover.organization_id', '=', actor.organizationId)
      .where('person_cover.main_member_id', '=', personId)
      .where('people.merged_into_id', 'is', null)
      .orderBy('person_cover.dependant_code')
      .execute(),
  ]);
  const family = dependants.map((d) => ({ personId: d.id, name: d.full_name, dependantCode: d.dependant_code }));
  if (!row) {
    // Nothing recorded yet: what the person form holds (a scheme and number typed there), else cash.
    const legacy = !!person.medical_aid_scheme;
    return {
      personId, kind: legacy ? 'medical-aid' : 'cash', scheme: person.medical_aid_scheme, plan: null, option: null,
      membershipNumber: person.medical_aid_number, dependantCode: null, mainMemberId: null, mainMemberName: null, dependants: family, updatedAt: null,
    };
  }
  return {
    personId, kind: row.kind, scheme: row.scheme, plan: row.plan, option: row.option, membershipNumber: row.membership_number,
    dependantCode: row.dependant_code, mainMemberId: row.main_member_id, mainMemberName: row.main_member_name, dependants: family, updatedAt: row.updated_at,
  };
}

export async function saveCover(db: Kysely<DB>, actor: TenantActor, personId: string, input: TCoverInput): Promise<TCover> {
  const person = await livePerson(db, actor.organizationId, personId);
  if (!person) throw new AppError('NOT_FOUND', 'Person not found');
  let holderName = person.full_name;
  const aid = input.kind === 'medical-aid';
  const mainMemberId = aid ? (input.mainMemberId ?? null) : null;
  if (mainMemberId) {
    const refuse = (message: string) => new AppError('BAD_REQUEST', message, { mainMemberId: message });
    if (mainMemberId === personId) throw refuse('A person is not their own main member: leave it empty for the main member.');
    const main = await livePerson(db, actor.organizationId, mainMemberId);
    if (!main) throw refuse('The main member is not a person of this organisation.');
    holderName = main.full_name;
    const theirs = await db.selectFrom('person_cover').select('main_member_id').where('person_id', '=', mainMemberId).executeTakeFirst();
    if (theirs?.main_member_id) throw refuse('That person is a dependant themself: choose the main member of the membership.');
    if (input.dependantCode === '00') throw refuse('Dependant code 00 is the main member: a dependant has 01 or higher.');
  }
  if (aid && !mainMemberId && input.dependantCode !== '00') {
    // The main member is dependant 00 (PHISC); a dependant names their main member, the account holder.
    const message = 'The main member has dependant code 00; for a dependant, choose their main member.';
    throw new AppError('BAD_REQUEST', message, { dependantCode: message });
  }
  const at = nowIso();
  const values = {
    kind: input.kind,
    scheme: aid ? (input.scheme ?? null) : null,
    plan: aid ? (input.plan ?? null) : null,
    option: aid ? (input.option ?? null) : null,
    membership_number: aid ? (input.membershipNumber ?? null) : null,
    dependant_code: aid ? (input.dependantCode ?? null) : null,
    main_member_id: mainMemberId,
    updated_by: actor.userId,
    updated_at: at,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('person_cover')
      .values({ person_id: personId, organization_id: actor.organizationId, ...values })
      .onConflict((oc) => oc.column('person_id').doUpdateSet(values))
      .execute();
    await trx
      .updateTable('people')
      // The person's own fields changed: their version moves, so a person form opened before is stale (409).
      .set((eb) => ({ medical_aid_scheme: values.scheme, medical_aid_number: values.membership_number, medical_aid_main_member: aid ? holderName : null, updated_at: at, version: eb('version', '+', 1) }))
      .where('id', '=', personId)
      .execute();
  });
  return getCover(db, actor, personId);
}

/** The account holder of a person's accounts: their main member, or themself. */
export async function coverHolderOf(db: Kysely<DB>, organizationId: string, personId: string): Promise<string> {
  const row = await db.selectFrom('person_cover').select('main_member_id').where('organization_id', '=', organizationId).where('person_id', '=', personId).executeTakeFirst();
  return row?.main_member_id ?? personId;
}

/** The people whose cover names this holder as main member (live people only; the holder not included). */
export async function dependantsOf(db: Kysely<DB>, organizationId: string, holderId: string): Promise<string[]> {
  const rows = await db.selectFrom('person_cover')
    .innerJoin('people', 'people.id', 'person_cover.person_id')
    .select('person_cover.person_id')
    .where('person_cover.organization_id', '=', organizationId)
    .where('person_cover.main_member_id', '=', holderId)
    .where('people.merged_into_id', 'is', null)
    .orderBy('person_cover.person_id')
    .execute();
  return rows.map((r) => r.person_id);
}
