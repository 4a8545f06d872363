import { randomUUID } from 'node:crypto';
import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { CasesTable, DB } from '../../../../db/schema';
import { containsAny, planCaseSearch } from '../../../../db/search';
import { nowIso } from '../../../../db/time';
import {
  STAFF_ONLY_CASE_FIELDS,
  type TCase,
  type TCaseShown,
  type TCaseList,
  type TCaseListInput,
  type TCasePriority,
  type TCaseStatus,
  type TCreateCaseInput,
  withheldCase,
} from '../../../shared/domain/cases';
import { fullName } from '../../../shared/format';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { AppError } from '../../errors';
import { slotTeamRows } from '../case-team/case-team.service';
import { CASE_TEAM_ROLES } from '../../../shared/domain/case-team';
import { notifyCaseAssigned } from '../notifications/notification-triggers';
import { appendCaseEvent } from '../timeline/case-events';
import { attachConflictCheck, requireAttachableConflictCheck } from '../conflict-checks/conflict-checks.service';
import { linkPersonToPatient, resolveCasePerson } from '../people/case-person';
import { requireCaseAccess } from './case-access';
import { isWithheld, needToKnowColumn, readableCaseOf } from './case-visibility';
import { nextCaseReference } from './case-reference-numbers';
import type { TenantActor } from '../../auth/actor';

// Cases of the caller's organisation. A Patient user is a member of the organisation too, but may
// only ever see the case linked to their own user id: for them every other case does not exist.

const PATIENT_ROLE = 'Patient';

type CaseRow = Selectable<CasesTable> & {
  doctor_first_name: string | null;
  doctor_last_name: string | null;
  nurse_first_name: string | null;
  nurse_last_name: string | null;
  manager_first_name: string | null;
  manager_last_name: string | null;
};


export function parseFlags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toCase(row: CaseRow): TCase {
  return {
    id: row.id,
    patientName: row.patient_name,
    patientUserId: row.patient_user_id,
    caseType: row.case_type,
    description: row.description,
    priority: row.priority as TCasePriority,
    status: row.status as TCaseStatus,
    scheduledDate: row.scheduled_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    assignedDoctorId: row.assigned_doctor_id,
    assignedDoctor: fullName(row.doctor_first_name, row.doctor_last_name),
    assignedNurseId: row.assigned_nurse_id,
    assignedNurse: fullName(row.nurse_first_name, row.nurse_last_name),
    caseManagerId: row.case_manager_id,
    caseManager: fullName(row.manager_first_name, row.manager_last_name),
    department: row.department,
    admissionDate: row.admission_date,
    estimatedDischarge: row.estimated_discharge,
    progressPercentage: Number(row.progress_percentage),
    bedNumber: row.bed_number,
    treatmentPlan: row.treatment_plan,
    notes: row.notes,
    urgentFlags: parseFlags(row.urgent_flags),
    completedAt: row.completed_at,
    version: Number(row.version),
    reference: row.reference,
    restricted: Number(row.restricted) === 1,
    personId: row.person_id,
  };
}

/** A case row selected with needToKnowColumn, as this actor may see it in a list. */
export function listedCase(row: CaseRow & { need_to_know: number }): TCase {
  const kase = toCase(row);
  return isWithheld(row.restricted, row.need_to_know) ? withheldCase(kase) : kase;
}

/** A Patient's own case without the staff-only fields (what the portal shows); staff get it whole. */
export function caseFor(actor: TenantActor, kase: TCase): TCaseShown {
  if (actor.role !== PATIENT_ROLE) return kase;
  const shown: TCaseShown = { ...kase };
  for (const field of STAFF_ONLY_CASE_FIELDS) delete shown[field];
  return shown;
}

/** The cases this actor may see at all: their organisation's, and for a Patient only their own. */
function visibleTo(actor: TenantActor) {
  return (eb: ExpressionBuilder<DB, 'cases'>) =>
    actor.role === PATIENT_ROLE
      ? eb.and([eb('cases.organization_id', '=', actor.organizationId), eb('cases.patient_user_id', '=', actor.userId)])
      : eb('cases.organization_id', '=', actor.organizationId);
}

/** Cases with their team's names (a list adds needToKnowColumn and maps rows with listedCase). */
export function selectCases(db: Kysely<DB>) {
  return db
    .selectFrom('cases')
    .leftJoin('users as doctor', 'doctor.id', 'cases.assigned_doctor_id')
    .leftJoin('users as nurse', 'nurse.id', 'cases.assigned_nurse_id')
    .leftJoin('users as manager', 'manager.id', 'cases.case_manager_id')
    .selectAll('cases')
    .select([
      'doctor.first_name as doctor_first_name',
      'doctor.last_name as doctor_last_name',
      'nurse.first_name as nurse_first_name',
      'nurse.last_name as nurse_last_name',
      'manager.first_name as manager_first_name',
      'manager.last_name as manager_last_name',
    ]);
}

export async function findCase(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TCaseShown> {
  const row = await selectCases(db).where(visibleTo(actor)).where('cases.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Case not found');
  return caseFor(actor, toCase(row));
}

/**
 * Matches a search counts at most: the page asked for and four pages beyond it, plus one to know
 * there are more (decision 0019). Counting every match of a common term in a large organisation
 * costs more than the page itself; past this the list answers a lower bound ("80+ cases match").
 */
function searchCountCap(input: Pick<TCaseListInput, 'page' | 'pageSize'>): number {
  return (input.page - 1) * input.pageSize + 4 * input.pageSize + 1;
}

export async function listCases(db: Kysely<DB>, actor: TenantActor, input: TCaseListInput): Promise<TCaseList> {
  const search = input.search ? await planCaseSearch(db, input.search) : null;
  const filtered = (eb: ExpressionBuilder<DB, 'cases'>) => {
    const conditions: Expression<SqlBool>[] = [visibleTo(actor)(eb)];
    if (input.status) conditions.push(eb('cases.status', '=', input.status));
    if (search) {
      conditions.push(search.matches(eb));
      // A case withheld from the actor is found by its name or reference, never by its type (issue 28).
      conditions.push(eb.or([readableCaseOf(actor)(eb), containsAny(eb, ['cases.patient_name', 'cases.reference'], input.search!)]));
    }
    return eb.and(conditions);
  };
  const offset = (input.page - 1) * input.pageSize;
  const rows = await selectCases(db)
    .select(needToKnowColumn(actor))
    .where(filtered)
    .orderBy('cases.created_at', 'desc')
    .orderBy('cases.id', 'desc')
    .limit(input.pageSize)
    .offset(offset)
    .execute();
  const page = { items: rows.map((row) => caseFor(actor, listedCase(row))), page: input.page, pageSize: input.pageSize };

  if (!search) {
    // Staff without a search: the per-organisation counts the triggers of migration 0007 keep, instead
    // of counting up to 200,000 index entries on every page (decision 0017).
    const counted =
      actor.role !== PATIENT_ROLE
        ? await db
            .selectFrom('case_counts')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
            .where('organization_id', '=', actor.organizationId)
            .$if(Boolean(input.status), (q) => q.where('status', '=', input.status!))
            .executeTakeFirstOrThrow()
        : await db.selectFrom('cases').select((eb) => eb.fn.countAll<number>().as('n')).where(filtered).executeTakeFirstOrThrow();
    return { ...page, total: Number(counted.n), totalIsLowerBound: false };
  }

  // A short page that is not past the end is its own exact total: no count to run. This also spares
  // the worst case of the list-order walk (db/search.ts) from reading the organisation a second time.
  if (rows.length < input.pageSize && (rows.length > 0 || offset === 0)) {
    return { ...page, total: offset + rows.length, totalIsLowerBound: false };
  }
  const cap = searchCountCap(input);
  const counted = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('cases')
        .select(sql<number>`1`.as('one'))
        .where(filtered)
        .$if(search.countInListOrder, (q) => q.orderBy('cases.created_at', 'desc'))
        .limit(cap)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(counted.n);
  return n >= cap ? { ...page, total: cap - 1, totalIsLowerBound: true } : { ...page, total: n, totalIsLowerBound: false };
}

/** One case: through requireCaseAccess, so a restricted case answers RESTRICTED to a non-member. */
export async function getCase(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TCaseShown> {
  await requireCaseAccess(db, actor, id);
  return findCase(db, actor, id);
}

const STAFF_FIELDS = [
  ['assignedDoctorId', 'doctor'],
  ['assignedNurseId', 'nurse'],
  ['caseManagerId', 'caseManager'],
] as const;

type PeopleFields = Partial<Pick<TCreateCaseInput, 'assignedDoctorId' | 'assignedNurseId' | 'caseManagerId' | 'patientUserId'>>;

/**
 * Staff on a case and the patient it is linked to must belong to the caller's organisation. A field
 * left out (an edit of other fields) or null is not checked.
 */
export async function checkPeople(db: Kysely<DB>, actor: TenantActor, input: PeopleFields): Promise<void> {
  const ids = [...STAFF_FIELDS.map(([field]) => input[field]), input.patientUserId].filter((id): id is string => typeof id === 'string');
  if (ids.length === 0) return;
  const members = await db
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('organization_id', '=', actor.organizationId)
    .where('status', '=', 'active')
    .where('user_id', 'in', ids)
    .execute();
  const roleOf = new Map(members.map((m) => [m.user_id, m.role]));
  const fields: Record<string, string> = {};
  // The slot named as the platform names it (a law firm's "Responsible attorney", not "doctor").
  const labels = PLATFORM_CONFIG[actor.platform].teamLabels;
  for (const [field, slot] of STAFF_FIELDS) {
    const id = input[field];
    if (typeof id === 'string' && (!roleOf.has(id) || roleOf.get(id) === PATIENT_ROLE)) fields[field] = `${labels[slot]} is not a staff member of this organisation`;
  }
  if (typeof input.patientUserId === 'string' && roleOf.get(input.patientUserId) !== PATIENT_ROLE) {
    fields.patientUserId = 'Patient user is not a patient of this organisation';
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError('BAD_REQUEST', first, fields);
}

export async function createCase(db: Kysely<DB>, actor: TenantActor, input: TCreateCaseInput): Promise<TCaseShown> {
  await checkPeople(db, actor, input);
  // Issue 32: the intake conflict check it is opened with must be this organisation's and attached to nothing yet.
  const conflictCheckId = input.conflictCheckId;
  if (conflictCheckId) await requireAttachableConflictCheck(db, actor, conflictCheckId);
  const now = nowIso();
  const id = randomUUID();
  // The case, its number, its team and its first timeline line land together or not at all.
  await db.transaction().execute(async (trx) => {
    await insertCase(trx, actor, input, id, now);
    if (conflictCheckId) await attachConflictCheck(trx, actor, conflictCheckId, id, now);
  });
  return findCase(db, actor, id);
}

/**
 * The body of createCase inside the caller's transaction (issue 22: an admission opens its case in
 * the admission's own transaction). The caller has run checkPeople.
 */
export async function insertCase(trx: Kysely<DB>, actor: TenantActor, input: TCreateCaseInput, id: string, now: string): Promise<void> {
  const person = await resolveCasePerson(trx, actor, input, now);
  await linkPersonToPatient(trx, actor.organizationId, person.id, input.patientUserId, now);
  // The reference as late as it can be: taking it locks the organisation's counter row until this
  // transaction ends, and every other new case of the organisation waits that long (issue 30: under
  // load the waits on this row were what held the Postgres pool).
  const reference = await nextCaseReference(trx, actor.organizationId, now);
  await trx
    .insertInto('cases')
    .values({
      id,
      organization_id: actor.organizationId,
      patient_name: input.patientName ?? person.fullName,
      patient_user_id: input.patientUserId,
      person_id: person.id,
      case_type: input.caseType,
      description: input.description,
      priority: input.priority,
      status: 'Scheduled',
      scheduled_date: input.scheduledDate,
      assigned_doctor_id: input.assignedDoctorId,
      assigned_nurse_id: input.assignedNurseId,
      case_manager_id: input.caseManagerId,
      department: input.department,
      admission_date: input.admissionDate,
      estimated_discharge: input.estimatedDischarge,
      completed_at: null,
      progress_percentage: input.progressPercentage,
      bed_number: input.bedNumber,
      treatment_plan: input.treatmentPlan,
      notes: input.notes,
      urgent_flags: JSON.stringify(input.urgentFlags),
      restricted: input.restricted ? 1 : 0,
      reference,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const team = slotTeamRows(actor.platform, { organizationId: actor.organizationId, caseId: id, addedBy: actor.userId, addedAt: now }, input);
  if (team.length > 0) await trx.insertInto('case_team').values(team).execute();
  // Issue 21: the people put on the new case's team hear of it in their bell.
  await notifyCaseAssigned(trx, actor, id, team.map((row) => ({ userId: row.user_id, roleLabel: CASE_TEAM_ROLES[row.role_on_case] })), now);
  await appendCaseEvent(trx, {
    organizationId: actor.organizationId,
    caseId: id,
    actorId: actor.userId,
    kind: 'case.created',
    at: now,
    summary: `Case ${reference} opened (${input.caseType})`,
    details: { reference },
  });
}
