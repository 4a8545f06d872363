import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { isUniqueViolation } from '../../../../db/unique-violation';
import {
  PARTY_ROLES,
  PARTY_ROLES_BY_PLATFORM,
  type TAddCasePartyInput,
  type TCaseParties,
  type TCaseParty,
  type TPartyRole,
  type TRemoveCasePartyInput,
} from '../../../shared/domain/case-parties';
import { fullName } from '../../../shared/format';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { idNumberFor } from '../people/id-number-visibility';
import { appendCaseEvent } from '../timeline/case-events';

// Related parties on a case (issue 19): people or organisations of the registry, each in a role of
// the platform (next of kin on a ward, opposing attorney on a matter). A party is a link, not a
// clinical or legal record: removing one deletes the row, and the timeline keeps that it was there.

export const DUPLICATE_PARTY_MESSAGE = 'This person already has that role on the case';
const UNKNOWN_USER = 'Former member';

/** "opposing attorney" in a sentence; a title (State Attorney) keeps its capitals. */
export function roleInSentence(role: TPartyRole): string {
  const label: string = PARTY_ROLES[role];
  return role === 'state-attorney' ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

function selectParties(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('case_parties as p')
    .innerJoin('people', 'people.id', 'p.person_id')
    .leftJoin('users as adder', 'adder.id', 'p.added_by')
    .select([
      'p.id',
      'p.case_id',
      'p.person_id',
      'p.role',
      'p.notes',
      'p.added_at',
      'people.full_name',
      'people.kind',
      'people.id_number',
      'adder.first_name as adder_first_name',
      'adder.last_name as adder_last_name',
    ])
    .where('p.organization_id', '=', organizationId);
}

type PartyRow = Awaited<ReturnType<ReturnType<typeof selectParties>['executeTakeFirstOrThrow']>>;

function toParty(row: PartyRow, actor: TenantActor): TCaseParty {
  return {
    id: row.id,
    caseId: row.case_id,
    personId: row.person_id,
    name: row.full_name,
    kind: row.kind,
    role: row.role,
    idNumber: idNumberFor(actor, row.id_number),
    notes: row.notes,
    addedAt: row.added_at,
    addedByName: fullName(row.adder_first_name, row.adder_last_name) ?? UNKNOWN_USER,
  };
}

/** The parties of a case, oldest first. */
export async function listCaseParties(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TCaseParties> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectParties(db, actor.organizationId).where('p.case_id', '=', kase.id).orderBy('p.added_at').orderBy('p.id').execute();
  return { items: rows.map((row) => toParty(row, actor)) };
}

/** The roles are per platform (a ward has no opposing attorney): another role is a 400 on `role`. */
function requireRoleOfPlatform(actor: TenantActor, role: TPartyRole): void {
  if (PARTY_ROLES_BY_PLATFORM[actor.platform].includes(role)) return;
  const allowed = PARTY_ROLES_BY_PLATFORM[actor.platform].map((r) => PARTY_ROLES[r]).join(', ');
  const message = `${PARTY_ROLES[role]} is not a party role on the ${PLATFORM_CONFIG[actor.platform].name} platform; choose one of: ${allowed}`;
  throw new AppError('BAD_REQUEST', message, { role: message });
}

export async function addCaseParty(db: Kysely<DB>, actor: TenantActor, input: TAddCasePartyInput): Promise<TCaseParty> {
  const kase = await requireCaseAccess(db, actor, input.id);
  requireRoleOfPlatform(actor, input.role);
  const person = await db
    .selectFrom('people')
    .select(['id', 'full_name', 'merged_into_id'])
    .where('id', '=', input.personId)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!person) throw new AppError('BAD_REQUEST', 'Person not found in this organisation', { personId: 'Person not found in this organisation' });
  if (person.merged_into_id) {
    throw new AppError('BAD_REQUEST', 'This record was merged into another person', { personId: 'This record was merged into another person; choose that one' });
  }
  const id = randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      // Checked first so the usual case answers 409 without a failed insert; the unique index
      // (case, person, role) still decides between two writers at once.
      const existing = await trx
        .selectFrom('case_parties')
        .select('id')
        .where('case_id', '=', kase.id)
        .where('person_id', '=', person.id)
        .where('role', '=', input.role)
        .executeTakeFirst();
      if (existing) throw new AppError('CONFLICT', DUPLICATE_PARTY_MESSAGE);
      await trx
        .insertInto('case_parties')
        .values({
          id,
          organization_id: actor.organizationId,
          case_id: kase.id,
          person_id: person.id,
          role: input.role,
          notes: input.notes ?? null,
          added_by: actor.userId,
          added_at: nowIso(),
        })
        .execute();
      await appendCaseEvent(trx, {
        organizationId: actor.organizationId,
        caseId: kase.id,
        actorId: actor.userId,
        kind: 'party.added',
        summary: `Added ${person.full_name} as ${roleInSentence(input.role)}`,
        details: { partyId: id, personId: person.id, role: input.role },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', DUPLICATE_PARTY_MESSAGE);
    throw error;
  }
  return toParty(await selectParties(db, actor.organizationId).where('p.id', '=', id).executeTakeFirstOrThrow(), actor);
}

export async function removeCaseParty(db: Kysely<DB>, actor: TenantActor, input: TRemoveCasePartyInput): Promise<TCaseParty> {
  const kase = await requireCaseAccess(db, actor, input.id);
  return db.transaction().execute(async (trx) => {
    const row = await selectParties(trx, actor.organizationId).where('p.case_id', '=', kase.id).where('p.id', '=', input.partyId).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Party not found on this case');
    const party = toParty(row, actor);
    await trx.deleteFrom('case_parties').where('id', '=', party.id).execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'party.removed',
      summary: `Removed ${party.name} as ${roleInSentence(party.role)}`,
      details: { partyId: party.id, personId: party.personId, role: party.role },
    });
    return party;
  });
}
