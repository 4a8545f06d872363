import { randomUUID } from 'node:crypto';
import { type Expression, type ExpressionBuilder, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { containsAny } from '../../../../db/search';
import { isUniqueViolation } from '../../../../db/unique-violation';
import { nowIso } from '../../../../db/time';
import {
  idNumberTaken,
  personConsistencyIssues,
  personFullName,
  type TCreatePersonInput,
  type TPerson,
  type TPersonDetail,
  type TPersonList,
  type TPersonListInput,
  type TUpdatePersonInput,
} from '../../../shared/domain/people';
import { can } from '../../../shared/roles';
import { checkSaIdNumber } from '../../../shared/sa/sa-id-number';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { seesIdNumbers } from './id-number-visibility';
import { casesOfPeople, personCaseOf, toPerson } from './person-cases';

// The person registry of an organisation (issue 19): list and search, the person page, create and
// edit. An SA ID number is checked by the shared schema (400 naming idNumber with the reason); a
// record left without date of birth or sex takes them from the number; a stored record whose values
// no longer agree after an edit is refused the same way. Edits name the version they saw (409).

export const PERSON_CHANGED_MESSAGE = 'This person was changed by someone else. Reload to see the record as it is now, then make your change again.';

/** Shortest term the trigram index answers; shorter ones use the plain LIKE. */
const TRIGRAM_MIN_LENGTH = 3;

const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

function isPostgres(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * People whose name holds the term, ignoring case: on SQLite through the FTS5 trigram table of
 * migration 0013 (narrowing to rows holding the term's trigrams) with the LIKE as the exact check; on
 * Postgres the LIKE alone, which the pg_trgm GIN index on lower(full_name) serves.
 */
export function personNameMatches(eb: ExpressionBuilder<DB, 'people'>, term: string, postgres: boolean): Expression<SqlBool> {
  const exact = containsAny(eb, ['people.full_name'], term);
  if (postgres || term.length < TRIGRAM_MIN_LENGTH) return exact;
  return eb.and([sql<SqlBool>`people.rowid in (select rowid from people_search where people_search match ${ftsPhrase(term)})`, exact]);
}

/** A term of digits (spaces allowed) is an ID number or its start. */
const idNumberPrefix = (term: string) => (/^[\d\s]+$/.test(term) ? term.replace(/\s+/g, '') : null);

export async function listPeople(db: Kysely<DB>, actor: TenantActor, input: TPersonListInput): Promise<TPersonList> {
  const postgres = isPostgres(db);
  const term = input.search?.trim();
  // A role that sees masked numbers finds nobody by ID number: a digits-only term matches no one,
  // rather than confirming the hidden digits of a guess (decision 0042).
  const digits = term ? idNumberPrefix(term) : null;
  if (digits && !seesIdNumbers(actor)) return { items: [], total: 0, page: input.page, pageSize: input.pageSize };
  const filtered = (eb: ExpressionBuilder<DB, 'people'>) => {
    const conditions: Expression<SqlBool>[] = [eb('people.organization_id', '=', actor.organizationId), eb('people.merged_into_id', 'is', null)];
    if (input.kind) conditions.push(eb('people.kind', '=', input.kind));
    if (digits) conditions.push(sql<SqlBool>`people.id_number like ${`${digits}%`}`);
    else if (term) conditions.push(personNameMatches(eb, term, postgres));
    return eb.and(conditions);
  };
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('people')
      .selectAll()
      .where(filtered)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('n')).where(filtered).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => toPerson(row, actor)), total: Number(counted.n), page: input.page, pageSize: input.pageSize };
}

/**
 * One person of the actor's organisation (merged-away records included), or NOT_FOUND; as the actor
 * may read it, or (`stored`) as stored — for an edit, which must never write a masked number back.
 */
export async function findPerson(db: Kysely<DB>, actor: TenantActor, id: string, as: 'shown' | 'stored' = 'shown'): Promise<TPerson> {
  const row = await db.selectFrom('people').selectAll().where('id', '=', id).where('organization_id', '=', actor.organizationId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Person not found');
  return as === 'stored' ? { ...toPerson(row, actor), idNumber: row.id_number } : toPerson(row, actor);
}

/**
 * The person page: the person, every case they are in (their own, and as a party), and the
 * appointments and documents of those cases. A restricted case the actor has no need to know of is
 * listed (reference, status, restricted) but its appointments and documents are left out; so are
 * appointments and documents for a role that may not read them at all.
 */
export async function getPersonDetail(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TPersonDetail> {
  const person = await findPerson(db, actor, id);
  const cases = await casesOfPeople(db, actor, [id]);
  const readableIds = [...new Set(cases.filter((c) => c.readable).map((c) => c.id))];
  const mayReadAppointments = can(actor, 'appointments.view');
  const mayReadDocuments = can(actor, 'caseFile.view') || can(actor, 'legalDocuments.view');
  const [appointments, documents] = await Promise.all([
    mayReadAppointments && readableIds.length > 0
      ? db
          .selectFrom('appointments')
          .select(['id', 'case_id', 'title', 'start_time', 'status'])
          .where('organization_id', '=', actor.organizationId)
          .where('case_id', 'in', readableIds)
          .orderBy('start_time', 'desc')
          .limit(500)
          .execute()
      : [],
    mayReadDocuments && readableIds.length > 0
      ? db
          .selectFrom('documents')
          .select(['id', 'case_id', 'file_name', 'created_at'])
          .where('organization_id', '=', actor.organizationId)
          .where('case_id', 'in', readableIds)
          .orderBy('created_at', 'desc')
          .limit(500)
          .execute()
      : [],
  ]);
  // One line per case and role: a person who is the client and also a witness on one case shows twice.
  return {
    ...person,
    cases: cases.map(personCaseOf),
    appointments: appointments.map((a) => ({ id: a.id, caseId: a.case_id, title: a.title, startTime: a.start_time, status: a.status })),
    documents: documents.map((d) => ({ id: d.id, caseId: d.case_id, fileName: d.file_name, uploadedAt: d.created_at })),
  };
}

/** Date of birth and sex as the record will hold them: given, else read from the ID number. */
function factsFromIdNumber(idNumber: string | null, dateOfBirth: string | null, sex: 'female' | 'male' | null) {
  if (!idNumber) return { dateOfBirth, sex };
  const check = checkSaIdNumber(idNumber);
  if (!check.ok) throw new AppError('BAD_REQUEST', check.reason, { idNumber: check.reason });
  return { dateOfBirth: dateOfBirth ?? check.facts.dateOfBirth, sex: sex ?? check.facts.sex };
}

/** The 409 of an SA ID number another live record of the organisation holds (issue 32). */
function idNumberTakenError(holder: { id: string; full_name: string }): AppError {
  const taken = idNumberTaken(holder.full_name);
  return new AppError('CONFLICT', taken.message, { idNumber: taken.field }, { existing: { id: holder.id, name: holder.full_name } });
}

/**
 * An SA ID number is one person's, per organisation (issue 32): another live record holding it is a
 * 409 naming that person. A record merged away keeps its number and names its survivor, so it is
 * not counted. The unique index of migration 0024 holds the same rule against two writers at once.
 */
async function refuseTakenIdNumber(db: Kysely<DB>, actor: TenantActor, idNumber: string | null, exceptId?: string): Promise<void> {
  if (!idNumber) return;
  let holders = db
    .selectFrom('people')
    .select(['id', 'full_name'])
    .where('organization_id', '=', actor.organizationId)
    .where('id_number', '=', idNumber)
    .where('merged_into_id', 'is', null);
  if (exceptId) holders = holders.where('id', '!=', exceptId);
  const holder = await holders.orderBy('created_at').limit(1).executeTakeFirst();
  if (holder) throw idNumberTakenError(holder);
}

/** Runs a people write; the unique index refusing the ID number (a concurrent writer won) is the same 409. */
async function writingIdNumber<T>(db: Kysely<DB>, actor: TenantActor, idNumber: string | null, exceptId: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) await refuseTakenIdNumber(db, actor, idNumber, exceptId);
    throw error;
  }
}

function refuseIssues(issues: { path: string; message: string }[]): void {
  if (issues.length === 0) return;
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path] ??= issue.message;
  throw new AppError('BAD_REQUEST', issues[0]!.message, fields);
}

export async function createPerson(db: Kysely<DB>, actor: TenantActor, input: TCreatePersonInput): Promise<TPerson> {
  const facts = factsFromIdNumber(input.idNumber, input.dateOfBirth, input.sex);
  refuseIssues(personConsistencyIssues({ ...input, ...facts }));
  await refuseTakenIdNumber(db, actor, input.idNumber);
  const now = nowIso();
  const id = randomUUID();
  const organization = input.kind === 'organization';
  await writingIdNumber(db, actor, input.idNumber, undefined, () => db
    .insertInto('people')
    .values({
      id,
      organization_id: actor.organizationId,
      kind: input.kind,
      first_name: organization ? null : input.firstName,
      last_name: input.lastName,
      full_name: personFullName({ kind: input.kind, firstName: organization ? null : input.firstName, lastName: input.lastName }),
      id_number: input.idNumber,
      passport_number: input.passportNumber,
      passport_country: input.passportCountry,
      date_of_birth: facts.dateOfBirth,
      sex: facts.sex,
      phone: input.phone,
      email: input.email,
      address: input.address,
      preferred_language: input.preferredLanguage,
      medical_aid_scheme: input.medicalAid?.scheme ?? null,
      medical_aid_number: input.medicalAid?.number ?? null,
      medical_aid_main_member: input.medicalAid?.mainMember ?? null,
      notes: input.notes,
      user_id: null,
      merged_into_id: null,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    })
    .execute());
  return findPerson(db, actor, id);
}

const conflict = (current: TPerson) => new AppError('CONFLICT', PERSON_CHANGED_MESSAGE, undefined, { current });

export async function updatePerson(db: Kysely<DB>, actor: TenantActor, input: TUpdatePersonInput): Promise<TPerson> {
  const before = await findPerson(db, actor, input.id, 'stored');
  if (before.mergedIntoId) {
    const survivor = await db.selectFrom('people').select('full_name').where('id', '=', before.mergedIntoId).executeTakeFirst();
    throw new AppError('CONFLICT', `This record was merged into ${survivor?.full_name ?? 'another person'}; edit that record instead.`, undefined, { current: await findPerson(db, actor, input.id) });
  }
  if (input.expectedVersion !== before.version) throw conflict(await findPerson(db, actor, input.id));

  const pick = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
  const organization = before.kind === 'organization';
  const firstName = organization ? null : pick(input.firstName, before.firstName);
  const lastName = pick(input.lastName, before.lastName);
  const idNumber = pick(input.idNumber, before.idNumber);
  const medicalAid = pick(input.medicalAid, before.medicalAid);
  // A new ID number fills a date of birth or sex the record does not hold yet.
  const facts = factsFromIdNumber(input.idNumber ?? null, pick(input.dateOfBirth, before.dateOfBirth), pick(input.sex, before.sex));
  const merged = {
    kind: before.kind,
    firstName,
    idNumber,
    passportNumber: pick(input.passportNumber, before.passportNumber),
    passportCountry: pick(input.passportCountry, before.passportCountry),
    dateOfBirth: facts.dateOfBirth,
    sex: facts.sex,
  };
  refuseIssues(personConsistencyIssues(merged));
  if (idNumber !== before.idNumber) await refuseTakenIdNumber(db, actor, idNumber, input.id);

  const now = nowIso();
  const updated = await writingIdNumber(db, actor, idNumber, input.id, () => db
    .updateTable('people')
    .set((eb) => ({
      first_name: firstName,
      last_name: lastName,
      full_name: personFullName({ kind: before.kind, firstName, lastName }),
      id_number: idNumber,
      passport_number: merged.passportNumber,
      passport_country: merged.passportCountry,
      date_of_birth: merged.dateOfBirth,
      sex: merged.sex,
      phone: pick(input.phone, before.phone),
      email: pick(input.email, before.email),
      address: pick(input.address, before.address),
      preferred_language: pick(input.preferredLanguage, before.preferredLanguage),
      medical_aid_scheme: medicalAid?.scheme ?? null,
      medical_aid_number: medicalAid?.number ?? null,
      medical_aid_main_member: medicalAid?.mainMember ?? null,
      notes: pick(input.notes, before.notes),
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', input.id)
    .where('organization_id', '=', actor.organizationId)
    .where('version', '=', before.version)
    .where('merged_into_id', 'is', null)
    .executeTakeFirst());
  // Another edit landed between the read and the write: of two editors exactly one wins.
  if (Number(updated.numUpdatedRows) === 0) throw conflict(await findPerson(db, actor, input.id));
  return findPerson(db, actor, input.id);
}
