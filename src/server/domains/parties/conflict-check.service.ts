import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { similarNameCandidates } from '../../../../db/search';
import { nowIso } from '../../../../db/time';
import {
  ADVERSE_PARTY_ROLES,
  CONFLICT_CHECK_RESULTS,
  type TConflictCheck,
  type TConflictCheckRecord,
  type TConflictHit,
  type TRecordConflictCheckInput,
} from '../../../shared/domain/case-parties';
import type { TPersonCase } from '../../../shared/domain/people';
import { fullName } from '../../../shared/format';
import { NAME_SIMILARITY_THRESHOLD, nameSimilarity } from '../../../shared/name-similarity';
import type { TenantActor } from '../../auth/actor';
import { requireCaseAccess } from '../cases/case-access';
import { readableCaseOf } from '../cases/case-visibility';
import { appendCaseEvent } from '../timeline/case-events';

// The conflict check (issue 19): before a firm takes a matter it must know whether anyone of it —
// the client, the other side, their attorney — appears in its other matters, above all on the other
// side of one. For the case's person and each party this finds: the same person in other cases (as
// the client there or as a party), other records with the same ID number, and records with a similar
// name (the trigram index finds candidates, nameSimilarity decides; a different date of birth rules
// a name out). A restricted case the caller may not read is still a hit — the check must see it —
// but shows its reference and status only.

const UNKNOWN_USER = 'Former member';
const RESTRICTED_NAME = 'Restricted case';

/** The case's own person is the patient (healthcare) or the client (legal, medicolegal). */
export function ownRoleOf(actor: TenantActor): string {
  return actor.platform === 'healthcare' ? 'patient' : 'client';
}

const CLIENT_SIDE = new Set(['client', 'patient', 'plaintiff']);
const ADVERSE = new Set<string>(ADVERSE_PARTY_ROLES);

/** One side is our client (or plaintiff) and the other is on the other side of a matter. */
export function isAdverse(roleHere: string, roleThere: string): boolean {
  return (CLIENT_SIDE.has(roleHere) && ADVERSE.has(roleThere)) || (ADVERSE.has(roleHere) && CLIENT_SIDE.has(roleThere));
}

interface Subject {
  personId: string;
  name: string;
  roleHere: string;
  idNumber: string | null;
  dateOfBirth: string | null;
}

interface PersonRow {
  id: string;
  full_name: string;
  id_number: string | null;
  date_of_birth: string | null;
}

/** A person's appearance in a case: as its own person, or as a party in a role. */
export interface Appearance {
  personId: string;
  role: string;
  kase: TPersonCase;
}

/** Every case (but `exceptCaseId`) in which these people appear, with their role; unreadable restricted cases blanked. */
export async function appearancesOf(db: Kysely<DB>, actor: TenantActor, personIds: string[], exceptCaseId: string): Promise<Appearance[]> {
  if (personIds.length === 0) return [];
  const readable = readableCaseOf(actor);
  const caseColumns = (eb: any) => [
    'cases.id',
    'cases.reference',
    'cases.patient_name',
    'cases.case_type',
    'cases.status',
    'cases.created_at',
    'cases.restricted',
    eb.case().when(readable(eb)).then(1).else(0).end().as('readable'),
  ];
  const asOwnPerson = await db
    .selectFrom('cases')
    .select((eb) => [...caseColumns(eb), 'cases.person_id as person_id', sql<string>`${ownRoleOf(actor)}`.as('role')])
    .where('cases.organization_id', '=', actor.organizationId)
    .where('cases.person_id', 'in', personIds)
    .where('cases.id', '!=', exceptCaseId)
    .execute();
  const asParty = await db
    .selectFrom('case_parties')
    .innerJoin('cases', 'cases.id', 'case_parties.case_id')
    .select((eb) => [...caseColumns(eb), 'case_parties.person_id as person_id', 'case_parties.role as role'])
    .where('case_parties.organization_id', '=', actor.organizationId)
    .where('cases.organization_id', '=', actor.organizationId)
    .where('case_parties.person_id', 'in', personIds)
    .where('case_parties.case_id', '!=', exceptCaseId)
    .execute();
  return [...asOwnPerson, ...asParty].map((row: any) => {
    const shown = Number(row.readable) === 1;
    return {
      personId: row.person_id as string,
      role: String(row.role),
      kase: {
        id: row.id,
        reference: row.reference,
        patientName: shown ? row.patient_name : RESTRICTED_NAME,
        caseType: shown ? row.case_type : '',
        status: row.status,
        createdAt: row.created_at,
        role: String(row.role),
        restricted: Number(row.restricted) === 1,
      },
    };
  });
}

async function subjectsOf(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<Subject[]> {
  const own = await db
    .selectFrom('cases')
    .innerJoin('people', 'people.id', 'cases.person_id')
    .select(['people.id', 'people.full_name', 'people.id_number', 'people.date_of_birth'])
    .where('cases.id', '=', caseId)
    .where('cases.organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  const parties = await db
    .selectFrom('case_parties')
    .innerJoin('people', 'people.id', 'case_parties.person_id')
    .select(['people.id', 'people.full_name', 'people.id_number', 'people.date_of_birth', 'case_parties.role'])
    .where('case_parties.case_id', '=', caseId)
    .where('case_parties.organization_id', '=', actor.organizationId)
    .orderBy('case_parties.added_at')
    .execute();
  const subject = (p: PersonRow, roleHere: string): Subject => ({ personId: p.id, name: p.full_name, roleHere, idNumber: p.id_number, dateOfBirth: p.date_of_birth });
  return [...(own ? [subject(own, ownRoleOf(actor))] : []), ...parties.map((p) => subject(p, p.role))];
}

/** Today's hits for the case: who of it appears elsewhere, how they were matched, and whether it is adverse. */
async function findHits(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TConflictHit[]> {
  const subjects = await subjectsOf(db, actor, caseId);
  const ownIds = new Set(subjects.map((s) => s.personId));
  // Other records that may be the same person: same ID number, or a similar name (and no other birth date).
  const related = new Map<string, { subject: Subject; reason: 'idNumber' | 'name'; name: string }[]>();
  const relate = (id: string, entry: { subject: Subject; reason: 'idNumber' | 'name'; name: string }) => {
    if (ownIds.has(id) && id === entry.subject.personId) return;
    related.set(id, [...(related.get(id) ?? []), entry]);
  };
  for (const subject of subjects) {
    if (subject.idNumber) {
      const same = await db
        .selectFrom('people')
        .select(['id', 'full_name'])
        .where('organization_id', '=', actor.organizationId)
        .where('id_number', '=', subject.idNumber)
        .where('merged_into_id', 'is', null)
        .where('id', '!=', subject.personId)
        .execute();
      for (const p of same) relate(p.id, { subject, reason: 'idNumber', name: p.full_name });
    }
    const candidateIds = (await similarNameCandidates(db, actor.organizationId, subject.name)).filter((id) => id !== subject.personId);
    if (candidateIds.length === 0) continue;
    const candidates = await db.selectFrom('people').select(['id', 'full_name', 'id_number', 'date_of_birth']).where('id', 'in', candidateIds).execute();
    for (const c of candidates) {
      if (subject.idNumber && c.id_number === subject.idNumber) continue; // already an idNumber match
      if (subject.dateOfBirth && c.date_of_birth && subject.dateOfBirth !== c.date_of_birth) continue;
      if (nameSimilarity(subject.name, c.full_name) >= NAME_SIMILARITY_THRESHOLD) relate(c.id, { subject, reason: 'name', name: c.full_name });
    }
  }

  const appearances = await appearancesOf(db, actor, [...new Set([...ownIds, ...related.keys()])], caseId);
  const hits = new Map<string, TConflictHit>();
  const add = (hit: TConflictHit) => {
    const key = `${hit.personId}|${hit.roleHere}|${hit.otherCase.id}|${hit.otherCase.role}`;
    if (!hits.has(key)) hits.set(key, hit);
  };
  for (const a of appearances) {
    for (const subject of subjects.filter((s) => s.personId === a.personId)) {
      add({ personId: a.personId, name: subject.name, roleHere: subject.roleHere, reason: 'same-person', otherCase: a.kase, adverse: isAdverse(subject.roleHere, a.role) });
    }
    for (const r of related.get(a.personId) ?? []) {
      add({ personId: a.personId, name: r.name, roleHere: r.subject.roleHere, reason: r.reason, otherCase: a.kase, adverse: isAdverse(r.subject.roleHere, a.role) });
    }
  }
  const reasonOrder = { 'same-person': 0, idNumber: 1, name: 2 } as const;
  return [...hits.values()].sort(
    (a, b) =>
      Number(b.adverse) - Number(a.adverse) ||
      reasonOrder[a.reason] - reasonOrder[b.reason] ||
      a.name.localeCompare(b.name) ||
      (a.otherCase.reference ?? '').localeCompare(b.otherCase.reference ?? ''),
  );
}

function selectRecords(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('case_conflict_checks as c')
    .leftJoin('users as checker', 'checker.id', 'c.checked_by')
    .select(['c.id', 'c.result', 'c.note', 'c.checked_by', 'c.checked_at', 'checker.first_name', 'checker.last_name'])
    .where('c.organization_id', '=', organizationId);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>['executeTakeFirstOrThrow']>>;

function toRecord(row: RecordRow): TConflictCheckRecord {
  return {
    id: row.id,
    result: row.result,
    note: row.note,
    checkedById: row.checked_by,
    checkedByName: fullName(row.first_name, row.last_name) ?? UNKNOWN_USER,
    checkedAt: row.checked_at,
  };
}

/** GET …/conflict-check: today's hits, and the recorded results newest first. */
export async function conflictCheck(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TConflictCheck> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const hits = await findHits(db, actor, kase.id);
  const history = (await selectRecords(db, actor.organizationId).where('c.case_id', '=', kase.id).orderBy('c.checked_at', 'desc').orderBy('c.id', 'desc').execute()).map(toRecord);
  return { hits, latest: history[0] ?? null, history };
}

/** POST …/conflict-check: the result, with the hits weighed, by whom and when; on the timeline. */
export async function recordConflictCheck(db: Kysely<DB>, actor: TenantActor, input: TRecordConflictCheckInput): Promise<TConflictCheckRecord> {
  const kase = await requireCaseAccess(db, actor, input.id);
  const hits = await findHits(db, actor, kase.id);
  const id = randomUUID();
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('case_conflict_checks')
      .values({ id, organization_id: actor.organizationId, case_id: kase.id, result: input.result, note: input.note ?? null, hits: JSON.stringify(hits), checked_by: actor.userId, checked_at: at })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'conflict.checked',
      summary: input.result === 'clear' ? `Conflict check: ${CONFLICT_CHECK_RESULTS.clear}` : `${CONFLICT_CHECK_RESULTS['conflict-noted']}: ${input.note ?? ''}`,
      details: { checkId: id, result: input.result, hits: hits.length, adverse: hits.filter((h) => h.adverse).length },
      at,
    });
  });
  const row = await selectRecords(db, actor.organizationId).where('c.id', '=', id).executeTakeFirstOrThrow();
  return toRecord(row);
}
