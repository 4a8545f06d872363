import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  ALREADY_RELEASED_MESSAGE,
  ALREADY_STOPPED_MESSAGE,
  type TReleaseResultInput,
  type TCaseMedication,
  type TCaseMedicationList,
  type TCaseResult,
  type TCaseResultList,
  type TCreateMedicationValues,
  type TCreateResultValues,
  type TResultFlag,
  type TStopMedicationInput,
  categoryOfTest,
  routeWords,
} from '../../../shared/domain/clinical-results';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';
import { notify } from '../notifications/notify';
import { can } from '../../../shared/roles';
import { allergyMatches, allergyWarning } from '../../../shared/domain/allergy-match';

// Results and medications of a case, as the case page reads and clinicians enter them (issue 22).
// Both are clinical records: a row entered here is never edited or deleted; a medication is stopped
// (its stop date, who and when kept). The case is opened through requireCaseAccess, so restricted
// cases and the tenant are checked as for notes.

/** Entry is on the hospital's platform; a medicolegal unit reads the records its cases rest on. */
export function requireEntryPlatform(actor: TenantActor): void {
  if (actor.platform !== 'healthcare') throw new AppError('FORBIDDEN', 'Results and medications are entered on the healthcare platform.');
}

function selectResults(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('test_results as r')
    .leftJoin('users as by', (j) => j.on((eb) => eb('by.id', '=', eb.fn.coalesce('r.entered_by', 'r.ordered_by'))))
    .leftJoin('users as releaser', 'releaser.id', 'r.released_by')
    .leftJoin('documents as d', (j) => j.onRef('d.id', '=', 'r.report_document_id').on('d.organization_id', '=', organizationId))
    .select([
      'r.id', 'r.case_id', 'r.test_name', 'r.category', 'r.value', 'r.unit', 'r.result_summary', 'r.reference_range', 'r.flag', 'r.status',
      'r.ordered_at', 'r.resulted_at', 'by.first_name', 'by.last_name', 'd.id as report_id', 'd.file_name as report_file_name',
      'r.released_at', 'releaser.first_name as releaser_first', 'releaser.last_name as releaser_last',
    ])
    .where('r.organization_id', '=', organizationId);
}

type ResultRow = Awaited<ReturnType<ReturnType<typeof selectResults>['executeTakeFirstOrThrow']>>;

function toResult(r: ResultRow): TCaseResult {
  return {
    id: r.id,
    caseId: r.case_id,
    test: r.test_name,
    category: r.category,
    value: r.value,
    unit: r.unit,
    summary: r.result_summary,
    referenceRange: r.reference_range,
    flag: (r.flag as TResultFlag | null) ?? null,
    status: r.status,
    at: r.resulted_at ?? r.ordered_at,
    byName: fullName(r.first_name, r.last_name),
    report: r.report_id && r.report_file_name ? { id: r.report_id, fileName: r.report_file_name } : null,
    releasedAt: r.released_at,
    releasedByName: r.released_at ? fullName(r.releaser_first, r.releaser_last) : null,
  };
}

export async function listCaseResults(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TCaseResultList> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectResults(db, actor.organizationId)
    .where('r.case_id', '=', kase.id)
    .orderBy((eb) => eb.fn.coalesce('r.resulted_at', 'r.ordered_at'), 'desc')
    .orderBy('r.id')
    .execute();
  return { items: rows.map(toResult) };
}

/** The report must be a PDF already uploaded to this very case; anything else is a 400 on the field. */
async function requireReportOfCase(db: Kysely<DB>, actor: TenantActor, caseId: string, documentId: string): Promise<void> {
  const doc = await db
    .selectFrom('documents')
    .select(['case_id', 'content_type'])
    .where('id', '=', documentId)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!doc || doc.case_id !== caseId) {
    throw new AppError('BAD_REQUEST', 'The report is not a document of this case', { reportDocumentId: 'The report is not a document of this case' });
  }
  if (!doc.content_type.startsWith('application/pdf')) {
    throw new AppError('BAD_REQUEST', 'The report must be a PDF', { reportDocumentId: 'The report must be a PDF' });
  }
}

export async function createCaseResult(db: Kysely<DB>, actor: TenantActor, input: TCreateResultValues): Promise<TCaseResult> {
  requireEntryPlatform(actor);
  // Issue 31: held from the portal by default; releasing at entry is a clinician's explicit choice.
  if (input.releaseToPatient && !can(actor, 'results.release')) {
    throw new AppError('FORBIDDEN', 'Only a clinician who may release results can release one at entry; save it held', { releaseToPatient: 'You may not release results to the patient' });
  }
  const kase = await requireCaseAccess(db, actor, input.id);
  if (input.reportDocumentId) await requireReportOfCase(db, actor, kase.id, input.reportDocumentId);
  const id = randomUUID();
  const now = nowIso();
  const summary = input.unit ? `${input.value} ${input.unit}` : input.value;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('test_results')
      .values({
        id,
        organization_id: actor.organizationId,
        case_id: kase.id,
        test_name: input.test,
        category: input.category ?? categoryOfTest(input.test),
        result_summary: summary,
        reference_range: input.referenceRange,
        // The portal's statuses: a value is in, so Final; flagged out of range, Abnormal.
        status: input.flag && input.flag !== 'Normal' ? 'Abnormal' : 'Final',
        ordered_by: actor.userId,
        ordered_at: now,
        resulted_at: now,
        created_at: now,
        value: input.value,
        unit: input.unit,
        flag: input.flag,
        report_document_id: input.reportDocumentId,
        entered_by: actor.userId,
        released_at: input.releaseToPatient ? now : null,
        released_by: input.releaseToPatient ? actor.userId : null,
      })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'result.recorded',
      summary: `Result recorded: ${input.test} ${summary}${input.flag && input.flag !== 'Normal' ? ` (${input.flag})` : ''}`,
      details: { resultId: id, ...(input.reportDocumentId ? { reportDocumentId: input.reportDocumentId } : {}) },
      at: now,
    });
    if (input.releaseToPatient) await announceRelease(trx, actor, kase.id, input.test, id, now);
  });
  return toResult(await selectResults(db, actor.organizationId).where('r.id', '=', id).executeTakeFirstOrThrow());
}

/** The result was released: on the timeline, and in the patient's bell (no value in the notification). */
async function announceRelease(trx: Kysely<DB>, actor: TenantActor, caseId: string, test: string, resultId: string, at: string): Promise<void> {
  await appendCaseEvent(trx, { organizationId: actor.organizationId, caseId, actorId: actor.userId, kind: 'result.released', summary: `Result released to the patient: ${test}`, details: { resultId }, at });
  const kase = await trx.selectFrom('cases').select('patient_user_id').where('id', '=', caseId).executeTakeFirstOrThrow();
  await notify(trx, actor.organizationId, [kase.patient_user_id], { kind: 'result.released', title: 'A new result is ready', message: 'A new test result is ready to view in your portal.', href: '/' }, { exceptUserId: actor.userId, at });
}

/** Releases a held result to the patient's portal; a second release is 409 (the first one stands). */
export async function releaseCaseResult(db: Kysely<DB>, actor: TenantActor, input: TReleaseResultInput): Promise<TCaseResult> {
  requireEntryPlatform(actor);
  const row = await db.selectFrom('test_results').select(['case_id', 'test_name']).where('id', '=', input.id).where('organization_id', '=', actor.organizationId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Result not found');
  const kase = await requireCaseAccess(db, actor, row.case_id);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('test_results')
      .set({ released_at: now, released_by: actor.userId })
      .where('id', '=', input.id)
      .where('organization_id', '=', actor.organizationId)
      .where('released_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONFLICT', ALREADY_RELEASED_MESSAGE);
    await announceRelease(trx, actor, kase.id, row.test_name, input.id, now);
  });
  return toResult(await selectResults(db, actor.organizationId).where('r.id', '=', input.id).executeTakeFirstOrThrow());
}

export function selectMedications(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('medications as m')
    .leftJoin('users as prescriber', 'prescriber.id', 'm.prescribed_by')
    .leftJoin('users as stopper', 'stopper.id', 'm.stopped_by')
    .select([
      'm.id', 'm.case_id', 'm.name', 'm.dosage', 'm.route', 'm.frequency', 'm.instructions', 'm.start_date', 'm.end_date', 'm.status',
      'm.stopped_at', 'm.prescriber_role', 'm.discharge_action', 'prescriber.first_name as prescriber_first', 'prescriber.last_name as prescriber_last',
      'stopper.first_name as stopper_first', 'stopper.last_name as stopper_last',
    ])
    .where('m.organization_id', '=', organizationId);
}

type MedicationRow = Awaited<ReturnType<ReturnType<typeof selectMedications>['executeTakeFirstOrThrow']>>;

export function toMedication(r: MedicationRow): TCaseMedication {
  return {
    id: r.id,
    caseId: r.case_id,
    name: r.name,
    dose: r.dosage,
    route: r.route,
    frequency: r.frequency,
    instructions: r.instructions,
    startDate: r.start_date,
    stopDate: r.end_date,
    status: r.status === 'Stopped' || r.status === 'Completed' ? r.status : 'Active',
    prescriberName: fullName(r.prescriber_first, r.prescriber_last),
    prescriberRole: r.prescriber_role,
    dischargeAction: r.discharge_action,
    stoppedByName: r.stopped_at ? fullName(r.stopper_first, r.stopper_last) : null,
    stoppedAt: r.stopped_at,
  };
}

/** Active first, then by start date, newest first. */
export async function listCaseMedications(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TCaseMedicationList> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectMedications(db, actor.organizationId)
    .where('m.case_id', '=', kase.id)
    .orderBy('m.start_date', 'desc')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id')
    .execute();
  const items = rows.map(toMedication);
  return { items: [...items.filter((m) => m.status === 'Active'), ...items.filter((m) => m.status !== 'Active')] };
}

/** The active allergies of the case's person (none when the case has no person of the registry). */
async function activeAllergiesOfCase(db: Kysely<DB>, actor: TenantActor, caseId: string) {
  return db
    .selectFrom('allergies')
    .innerJoin('cases', 'cases.person_id', 'allergies.person_id')
    .select(['allergies.substance', 'allergies.severity'])
    .where('cases.id', '=', caseId)
    .where('allergies.organization_id', '=', actor.organizationId)
    .where('allergies.entered_in_error_at', 'is', null)
    .execute();
}

export async function createCaseMedication(db: Kysely<DB>, actor: TenantActor, input: TCreateMedicationValues): Promise<TCaseMedication> {
  requireEntryPlatform(actor);
  const kase = await requireCaseAccess(db, actor, input.id);
  // Issue 31: a recorded allergy the drug matches (by name or drug class) is a 409 naming it, until
  // the prescriber confirms; the confirmation is kept on the timeline.
  const matches = allergyMatches(input.name, await activeAllergiesOfCase(db, actor, kase.id));
  if (matches.length > 0 && !input.allergyAcknowledged) throw new AppError('CONFLICT', allergyWarning(input.name, matches), { name: allergyWarning(input.name, matches) });
  const id = randomUUID();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('medications')
      .values({
        id,
        organization_id: actor.organizationId,
        case_id: kase.id,
        name: input.name,
        dosage: input.dose,
        route: input.route,
        frequency: input.frequency,
        instructions: input.instructions,
        prescribed_by: actor.userId,
        prescriber_role: actor.role,
        start_date: input.startDate,
        end_date: null,
        status: 'Active',
        created_at: now,
      })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'medication.started',
      summary: `Medication started: ${input.name} ${input.dose} ${routeWords(input.route)}, ${input.frequency}, from ${input.startDate}${
        matches.length > 0 ? ` (prescribed despite recorded allergy: ${matches.map((m) => m.substance).join(', ')})` : ''
      }`,
      details: { medicationId: id, ...(matches.length > 0 ? { allergyOverride: matches.map((m) => ({ substance: m.substance, kind: m.kind })) } : {}) },
      at: now,
    });
  });
  return toMedication(await selectMedications(db, actor.organizationId).where('m.id', '=', id).executeTakeFirstOrThrow());
}

export async function stopCaseMedication(db: Kysely<DB>, actor: TenantActor, input: TStopMedicationInput): Promise<TCaseMedication> {
  requireEntryPlatform(actor);
  const row = await db
    .selectFrom('medications')
    .select(['case_id', 'start_date', 'stopped_at', 'status', 'name'])
    .where('id', '=', input.id)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Medication not found');
  const kase = await requireCaseAccess(db, actor, row.case_id);
  // A course that ran out (Completed) or was stopped is over: stopping it again is a conflict.
  if (row.stopped_at || row.status !== 'Active') throw new AppError('CONFLICT', ALREADY_STOPPED_MESSAGE);
  if (input.stopDate < row.start_date) {
    const message = `Stop date must be on or after the start date (${row.start_date})`;
    throw new AppError('BAD_REQUEST', message, { stopDate: message });
  }
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    // Only a row not yet stopped changes: two stops at once, one wins and the other is told (409).
    const result = await trx
      .updateTable('medications')
      .set({ end_date: input.stopDate, status: 'Stopped', stopped_by: actor.userId, stopped_at: now })
      .where('id', '=', input.id)
      .where('organization_id', '=', actor.organizationId)
      .where('stopped_at', 'is', null)
      .where('status', '=', 'Active')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONFLICT', ALREADY_STOPPED_MESSAGE);
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'medication.stopped',
      summary: `Medication stopped: ${row.name} on ${input.stopDate}`,
      details: { medicationId: input.id, stopDate: input.stopDate },
      at: now,
    });
  });
  return toMedication(await selectMedications(db, actor.organizationId).where('m.id', '=', input.id).executeTakeFirstOrThrow());
}
