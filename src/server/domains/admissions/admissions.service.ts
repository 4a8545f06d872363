import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { isUniqueViolation } from '../../../../db/unique-violation';
import {
  ADMISSION_CASE_TYPE,
  ZAdmitInput,
  DISPOSITION_LABELS,
  ZDischargeInput,
  ZTransferInput,
  saCalendarDay,
  type TAdmission,
  type TDischargeDisposition,
  type TAdmitInput,
  type TDischargeInput,
  type TTransferInput,
} from '../../../shared/domain/admissions';
import { ZCreateCaseInput } from '../../../shared/domain/cases';
import { PATIENT_ID_MAX } from '../../../shared/domain/beds';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { currentStatus } from '../beds/bed-queries';
import { requireCaseAccess } from '../cases/case-access';
import { joinCaseTeam } from '../case-team/join-case-team';
import { insertCase } from '../cases/cases.service';
import { appendCaseEvent } from '../timeline/case-events';
import { dischargeSummaryPdf } from './discharge-summary-pdf';
import { dischargeLetterFacts } from './discharge-letter-facts';
import { reviewMedications } from './discharge-medication-review';

// Admit, transfer, discharge (issue 22). Each runs in one transaction around the same conditional
// bed UPDATE as quick Assign (bed-assignments.service.ts): of two admits to one bed only one wins,
// the other is a 409. Every stay is a bed_assignments row carrying the admission, so the census and
// its occupancy history read one table for admissions and quick-Assign stays alike.
//
// A transfer leaves the old bed Cleaning: a ward cleans a bed a patient has left before the next one
// goes in, and the board shows it as such until someone edits it back to Available. A discharge asks.

const selectAdmissions = (db: Kysely<DB>, organizationId: string) =>
  db
    .selectFrom('admissions as a')
    .innerJoin('people as p', 'p.id', 'a.person_id')
    .innerJoin('cases as c', 'c.id', 'a.case_id')
    .leftJoin('beds as b', 'b.id', 'a.bed_id')
    .selectAll('a')
    .select(['p.full_name as person_name', 'c.reference as case_reference', 'b.bed_number', 'b.ward'])
    .where('a.organization_id', '=', organizationId);

type AdmissionRow = Awaited<ReturnType<ReturnType<typeof selectAdmissions>['executeTakeFirstOrThrow']>>;

function toAdmission(row: AdmissionRow): TAdmission {
  return {
    id: row.id,
    personId: row.person_id,
    personName: row.person_name,
    caseId: row.case_id,
    caseReference: row.case_reference,
    bedId: row.bed_id,
    bedNumber: row.bed_number ?? null,
    ward: row.ward ?? null,
    admittedAt: row.admitted_at,
    estimatedDischarge: row.estimated_discharge,
    dischargedAt: row.discharged_at,
    disposition: (row.disposition as TDischargeDisposition | null) ?? null,
    summaryDocumentId: row.summary_document_id,
    version: Number(row.version),
  };
}

export async function findAdmission(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TAdmission> {
  const row = await selectAdmissions(db, actor.organizationId).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Admission not found');
  return toAdmission(row);
}

/** The people in beds now, for the bed board's Transfer and Discharge. */
export async function listOpenAdmissions(db: Kysely<DB>, actor: TenantActor): Promise<TAdmission[]> {
  const rows = await selectAdmissions(db, actor.organizationId).where('a.discharged_at', 'is', null).orderBy('a.admitted_at').execute();
  return rows.map(toAdmission);
}

/** What a bed shows as its patient: the person's name, cut to the bed's patient field. */
const bedPatientLabel = (name: string) => name.slice(0, PATIENT_ID_MAX);

/** Available → Occupied, or a 409 naming the bed's status (the conditional UPDATE decides a race). */
async function occupyBed(trx: Kysely<DB>, actor: TenantActor, bedId: string, patient: string, now: string) {
  const bed = await currentStatus(trx, actor, bedId);
  const result = await trx
    .updateTable('beds')
    .set({ status: 'Occupied', patient_id: bedPatientLabel(patient), updated_at: now })
    .where('id', '=', bedId)
    .where('organization_id', '=', actor.organizationId)
    .where('status', '=', 'Available')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const latest = await currentStatus(trx, actor, bedId);
    throw new AppError('CONFLICT', `Bed ${latest.bed_number} is ${latest.status}; only an Available bed can take a patient`, { bedId: `Bed ${latest.bed_number} is ${latest.status}` });
  }
  return bed;
}

/** Occupied → `status`, and the open stay in it closed. */
async function vacateBed(trx: Kysely<DB>, actor: TenantActor, bedId: string, status: 'Available' | 'Cleaning', now: string) {
  await trx
    .updateTable('beds')
    .set({ status, patient_id: null, updated_at: now })
    .where('id', '=', bedId)
    .where('organization_id', '=', actor.organizationId)
    .where('status', '=', 'Occupied')
    .execute();
  await trx
    .updateTable('bed_assignments')
    .set({ released_by: actor.userId, released_at: now })
    .where('bed_id', '=', bedId)
    .where('organization_id', '=', actor.organizationId)
    .where('released_at', 'is', null)
    .execute();
}

async function insertStay(trx: Kysely<DB>, actor: TenantActor, stay: { bedId: string; patient: string; caseId: string; admissionId: string }, now: string) {
  await trx
    .insertInto('bed_assignments')
    .values({
      id: randomUUID(),
      organization_id: actor.organizationId,
      bed_id: stay.bedId,
      patient_id: bedPatientLabel(stay.patient),
      case_id: stay.caseId,
      admission_id: stay.admissionId,
      assigned_by: actor.userId,
      assigned_at: now,
      released_by: null,
      released_at: null,
    })
    .execute();
}

/** The person's newest case that is not Completed, if any. */
async function openCaseOf(trx: Kysely<DB>, actor: TenantActor, personId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('cases')
    .select('id')
    .where('organization_id', '=', actor.organizationId)
    .where('person_id', '=', personId)
    .where('status', '!=', 'Completed')
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

const alreadyAdmitted = () => new AppError('CONFLICT', 'This person is already admitted; transfer or discharge them first', { personId: 'This person is already admitted' });

export async function admitPerson(db: Kysely<DB>, actor: TenantActor, raw: TAdmitInput): Promise<TAdmission> {
  const input = ZAdmitInput.parse(raw);
  const id = randomUUID();
  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      const person = await trx
        .selectFrom('people')
        .select(['id', 'full_name', 'merged_into_id'])
        .where('id', '=', input.personId)
        .where('organization_id', '=', actor.organizationId)
        .executeTakeFirst();
      if (!person) throw new AppError('BAD_REQUEST', 'Person not found in this organisation', { personId: 'Person not found in this organisation' });
      if (person.merged_into_id) throw new AppError('BAD_REQUEST', 'This record was merged into another person', { personId: 'This record was merged into another person; choose that one' });
      const open = await trx.selectFrom('admissions').select('id').where('organization_id', '=', actor.organizationId).where('person_id', '=', person.id).where('discharged_at', 'is', null).executeTakeFirst();
      if (open) throw alreadyAdmitted();

      const bed = await occupyBed(trx, actor, input.bedId, person.full_name, now);

      // Issue 31: without a case named, the person's open case (the newest) takes the stay; a new
      // case is only opened when there is none, or when asked for.
      let caseId = input.caseId ?? (input.newCase ? null : await openCaseOf(trx, actor, person.id));
      if (caseId) {
        // Another organisation's case is "not found"; a restricted one without need to know is 403.
        await requireCaseAccess(trx, actor, caseId);
        const kase = await trx.selectFrom('cases').select('person_id').where('id', '=', caseId).executeTakeFirstOrThrow();
        if (kase.person_id !== person.id) throw new AppError('BAD_REQUEST', "That case is not this person's", { caseId: "Choose a case of this person, or none to open one" });
      } else {
        caseId = randomUUID();
        const caseInput = ZCreateCaseInput.parse({ personId: person.id, caseType: ADMISSION_CASE_TYPE, department: bed.ward, admissionDate: now });
        await insertCase(trx, actor, caseInput, caseId, now);
      }

      await trx
        .updateTable('cases')
        .set((eb) => ({
          admission_date: now,
          estimated_discharge: input.estimatedDischarge,
          bed_number: bed.bed_number,
          // An admitted patient's case is running; a Completed one stays as its team left it.
          status: eb.case().when('status', '=', 'Scheduled').then('In Progress').else(eb.ref('status')).end(),
          version: eb('version', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', caseId)
        .where('organization_id', '=', actor.organizationId)
        .execute();
      await joinCaseTeam(trx, actor, caseId, now, 'admitted the patient');

      await trx
        .insertInto('admissions')
        .values({
          id,
          organization_id: actor.organizationId,
          person_id: person.id,
          case_id: caseId,
          bed_id: input.bedId,
          admitted_at: now,
          admitted_by: actor.userId,
          estimated_discharge: input.estimatedDischarge,
          discharged_at: null,
          discharged_by: null,
          summary_document_id: null,
        })
        .execute();
      await insertStay(trx, actor, { bedId: input.bedId, patient: person.full_name, caseId, admissionId: id }, now);
      await appendCaseEvent(trx, {
        organizationId: actor.organizationId,
        caseId,
        actorId: actor.userId,
        kind: 'admission.admitted',
        summary: `${person.full_name} admitted to bed ${bed.bed_number} (${bed.ward})`,
        details: { admissionId: id, bedId: input.bedId },
        at: now,
      });
    });
  } catch (error) {
    // Two admits of one person at once: the partial unique index (0016) lets one through.
    if (isUniqueViolation(error)) throw alreadyAdmitted();
    throw error;
  }
  return findAdmission(db, actor, id);
}

/** The open admission, or 404 (another organisation's, or none) / 409 (already discharged). */
async function openAdmission(trx: Kysely<DB>, actor: TenantActor, id: string) {
  const row = await trx
    .selectFrom('admissions as a')
    .innerJoin('people as p', 'p.id', 'a.person_id')
    .select(['a.id', 'a.case_id', 'a.person_id', 'a.bed_id', 'a.admitted_at', 'a.discharged_at', 'p.full_name'])
    .where('a.id', '=', id)
    .where('a.organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Admission not found');
  // Moving or discharging the patient of a restricted case is for its team (or after breaking the glass).
  await requireCaseAccess(trx, actor, row.case_id);
  if (row.discharged_at || !row.bed_id) throw new AppError('CONFLICT', 'This patient has already been discharged');
  return { ...row, bed_id: row.bed_id };
}

export async function transferPatient(db: Kysely<DB>, actor: TenantActor, raw: TTransferInput): Promise<TAdmission> {
  const input = ZTransferInput.parse(raw);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const admission = await openAdmission(trx, actor, input.id);
    if (admission.bed_id === input.bedId) throw new AppError('BAD_REQUEST', 'The patient is already in this bed', { bedId: 'Choose another bed' });
    const from = await currentStatus(trx, actor, admission.bed_id);
    const to = await occupyBed(trx, actor, input.bedId, admission.full_name, now);
    await vacateBed(trx, actor, admission.bed_id, 'Cleaning', now);
    await insertStay(trx, actor, { bedId: input.bedId, patient: admission.full_name, caseId: admission.case_id, admissionId: admission.id }, now);
    await trx
      .updateTable('admissions')
      .set((eb) => ({ bed_id: input.bedId, version: eb('version', '+', 1) }))
      .where('id', '=', admission.id)
      .where('organization_id', '=', actor.organizationId)
      .execute();
    await trx
      .updateTable('cases')
      .set((eb) => ({
        bed_number: to.bed_number,
        // Issue 31: a case whose department was its ward (an admission opened it) moves with the patient.
        department: eb.case().when('department', '=', from.ward).then(to.ward).else(eb.ref('department')).end(),
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', admission.case_id)
      .where('organization_id', '=', actor.organizationId)
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: admission.case_id,
      actorId: actor.userId,
      kind: 'admission.transferred',
      summary: `Transferred from bed ${from.bed_number} (${from.ward}) to bed ${to.bed_number} (${to.ward}): ${input.reason}`,
      details: { admissionId: admission.id, fromBedId: admission.bed_id, toBedId: input.bedId, reason: input.reason },
      at: now,
    });
  });
  return findAdmission(db, actor, input.id);
}

export async function dischargePatient(db: Kysely<DB>, actor: TenantActor, raw: TDischargeInput): Promise<TAdmission> {
  const input = ZDischargeInput.parse(raw);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const admission = await openAdmission(trx, actor, input.id);
    // Issue 31: a discharge writes the clinical record (medications, the case's completion, the
    // letter): a restricted case needs need to know, as every other write to it does.
    await requireCaseAccess(trx, actor, admission.case_id);
    const bed = await currentStatus(trx, actor, admission.bed_id);
    await reviewMedications(trx, actor, admission.case_id, input.medications, now);
    await vacateBed(trx, actor, admission.bed_id, input.bedStatus, now);

    // The letter a GP can use, always: identity, dates, doctor, diagnoses, medications, follow-up.
    const documentId = randomUUID();
    const facts = await dischargeLetterFacts(trx, actor.organizationId, {
      caseId: admission.case_id, personId: admission.person_id, admittedAt: admission.admitted_at, dischargedAt: now,
      disposition: input.disposition, dischargedBy: actor.userId, summary: input.summary,
    });
    const bytes = await dischargeSummaryPdf(facts);
    const fileName = `Discharge summary ${admission.full_name.replace(/[^\w .-]+/g, '').trim() || 'patient'} ${saCalendarDay(now)}.pdf`;
    await trx
      .insertInto('documents')
      .values({
        id: documentId,
        organization_id: actor.organizationId,
        case_id: admission.case_id,
        file_name: fileName,
        content_type: 'application/pdf',
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploaded_by: actor.userId,
        created_at: now,
        record_type: 'discharge_summary',
      })
      .execute();
    await trx.insertInto('document_contents').values({ document_id: documentId, content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }).execute();

    await trx
      .updateTable('admissions')
      .set((eb) => ({ bed_id: null, discharged_at: now, discharged_by: actor.userId, disposition: input.disposition, summary_document_id: documentId, version: eb('version', '+', 1) }))
      .where('id', '=', admission.id)
      .where('organization_id', '=', actor.organizationId)
      .execute();
    // Issue 31: the discharge ends the stay — the case is completed (off the active lists and the
    // vitals monitor), as a completion from the status menu would (case-edit.service.ts).
    await trx
      .updateTable('cases')
      .set((eb) => ({
        bed_number: null,
        status: 'Completed',
        completed_at: eb.case().when('status', '=', 'Completed').then(eb.ref('completed_at')).else(now).end(),
        progress_percentage: 100,
        first_completed_at: eb.fn.coalesce('first_completed_at', eb.val(now)),
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', admission.case_id)
      .where('organization_id', '=', actor.organizationId)
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: admission.case_id,
      actorId: actor.userId,
      kind: 'admission.discharged',
      summary: `Discharged (${DISPOSITION_LABELS[input.disposition].toLowerCase()}) from ${bed.ward}; case completed; discharge summary added to Documents`,
      details: { admissionId: admission.id, bedId: admission.bed_id, bedStatus: input.bedStatus, disposition: input.disposition, documentId },
      at: now,
    });
  });
  return findAdmission(db, actor, input.id);
}
