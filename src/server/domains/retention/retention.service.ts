import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { type TDeidentifyResult, type TRetentionOverview, retainedUntil } from '../../../shared/domain/retention';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// The retention rule (issue 8) in one place: what is held, what may go, and de-identification.

const CLOSED = 'Completed';
const ELIGIBLE_LIST_LIMIT = 200;

/** The cut-off: a case closed before this moment has served its retention period. */
function cutoff(years: number, now: Date = new Date()): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString();
}

const dateOnly = (iso: string) => iso.slice(0, 10);

/**
 * When the hold starts: the FIRST completion (issue 16). Reopening a case clears completed_at and
 * closing it again moves it, so it cannot anchor the hold; first_completed_at never changes. Rows
 * written before 0009 or by other means (seed, bench, tests) without it fall back to completed_at.
 */
const holdStartOf = (row: { first_completed_at: string | null; completed_at: string | null }) => row.first_completed_at ?? row.completed_at;

const holdStart = (eb: ExpressionBuilder<DB, 'cases'>) => eb.fn.coalesce('first_completed_at', 'completed_at');

/**
 * Refuses (409) to delete a record of a case that was ever closed and is still inside its retention
 * period, reopened or not: reopening does not lift the hold. Records of a case never closed are
 * ordinary work and may be deleted.
 */
export async function assertDeletableRecordOf(db: Kysely<DB>, organizationId: string, caseId: string, years: number): Promise<void> {
  const found = await db
    .selectFrom('cases')
    .select(['status', 'completed_at', 'first_completed_at'])
    .where('id', '=', caseId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  const start = found ? holdStartOf(found) : null;
  if (!found || !start) return;
  const until = retainedUntil(start, years);
  if (until > nowIso()) {
    const state = found.status === CLOSED ? 'This case is closed' : `This case was closed on ${dateOnly(start)}`;
    throw new AppError('CONFLICT', `${state} and its records are kept until ${dateOnly(until)} under the retention policy (${years} years); they cannot be deleted before then.`);
  }
}

export async function retentionOverview(db: Kysely<DB>, actor: TenantActor, years: number): Promise<TRetentionOverview> {
  const before = cutoff(years);
  const everClosed = db.selectFrom('cases').where('organization_id', '=', actor.organizationId).where((eb) => holdStart(eb), 'is not', null);
  const [held, deidentified, eligible] = await Promise.all([
    // Held: every case closed inside the period, also one reopened since (its records are held too).
    everClosed.select((eb) => eb.fn.countAll<number>().as('n')).where((eb) => holdStart(eb), '>', before).executeTakeFirstOrThrow(),
    db.selectFrom('cases').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', actor.organizationId).where('deidentified_at', 'is not', null).executeTakeFirstOrThrow(),
    everClosed
      .select((eb) => ['id', 'patient_name', 'case_type', holdStart(eb).as('hold_start')])
      .where('status', '=', CLOSED)
      .where((eb) => holdStart(eb), '<=', before)
      .where('deidentified_at', 'is', null)
      .orderBy('hold_start')
      .orderBy('id')
      .limit(ELIGIBLE_LIST_LIMIT)
      .execute(),
  ]);
  return {
    retentionYears: years,
    heldCount: Number(held.n),
    deidentifiedCount: Number(deidentified.n),
    eligible: eligible.map((c) => ({
      id: c.id, patientName: c.patient_name, caseType: c.case_type, completedAt: c.hold_start!, retainedUntil: retainedUntil(c.hold_start!, years),
    })),
  };
}

const REMOVED = 'Removed when the case was de-identified after its retention period.';

/**
 * De-identifies one closed case past retention, in one transaction: the person's name and every
 * free text that could name them go; the case, its dates, costs and hours stay (statistics, the
 * organisation's finances). The audit trail is untouched — it never held names.
 */
export async function deidentifyCase(db: Kysely<DB>, actor: TenantActor, id: string, years: number): Promise<TDeidentifyResult> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('cases').select(['id', 'status', 'completed_at', 'first_completed_at', 'deidentified_at', 'person_id']).where('id', '=', id).where('organization_id', '=', actor.organizationId).executeTakeFirst();
    if (!found) throw new AppError('NOT_FOUND', 'Case not found.');
    if (found.deidentified_at) throw new AppError('CONFLICT', 'This case was already de-identified.');
    const start = holdStartOf(found);
    if (found.status !== CLOSED || !start) throw new AppError('CONFLICT', 'Only a closed (Completed) case can be de-identified.');
    const until = retainedUntil(start, years);
    if (until > nowIso()) throw new AppError('CONFLICT', `This case is kept until ${dateOnly(until)} under the retention policy (${years} years).`);

    const now = nowIso();
    const org = actor.organizationId;
    const patientName = `De-identified case ${id.slice(0, 8)}`;
    await trx
      .updateTable('cases')
      .set({ patient_name: patientName, patient_user_id: null, description: null, notes: null, treatment_plan: null, bed_number: null, urgent_flags: '[]', deidentified_at: now, updated_at: now })
      .where('id', '=', id).where('organization_id', '=', org)
      .execute();
    const count = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0);
    const messages = await trx.updateTable('messages').set({ subject: 'De-identified', content: REMOVED }).where('patient_case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
    const appointments = await trx.updateTable('appointments').set({ title: 'De-identified appointment', description: null, location: null, updated_at: now }).where('case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
    const documentIds = (await trx.selectFrom('documents').select('id').where('case_id', '=', id).where('organization_id', '=', org).execute()).map((d) => d.id);
    if (documentIds.length > 0) {
      await trx.deleteFrom('document_contents').where('document_id', 'in', documentIds).execute();
      await trx.deleteFrom('documents').where('id', 'in', documentIds).execute();
    }
    const testResults = await trx.updateTable('test_results').set({ result_summary: REMOVED, reference_range: null }).where('case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
    const medications = await trx.updateTable('medications').set({ instructions: null }).where('case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
    // Issue 31: a dose not given says why, in words.
    await trx.updateTable('medication_administrations').set({ not_given_reason: null }).where('case_id', '=', id).where('organization_id', '=', org).where('not_given_reason', 'is not', null).execute();
    const timeEntries = await trx.updateTable('time_entries').set({ description: null }).where('case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
    const bedAssignments = await trx.updateTable('bed_assignments').set({ patient_id: 'DE-IDENTIFIED' }).where('case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
    // The case file's free text. Notes are append-only while the record is kept; past retention the
    // law asks for the person to go, so this is the one change made to a note in place. The rows stay
    // (who wrote when: the shape of the work), their words do not.
    const notes = await trx.updateTable('case_notes').set({ body: REMOVED }).where('case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
    const tasks = await trx.updateTable('tasks').set({ title: 'De-identified task', updated_at: now }).where('case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
    // Issue 32: the conflict check attached at intake names the parties searched for and found, and a
    // deadline marked not applicable says why in words.
    const checkIds = (await trx.selectFrom('conflict_checks').select('id').where('case_id', '=', id).where('organization_id', '=', org).execute()).map((c) => c.id);
    if (checkIds.length > 0) {
      await trx.updateTable('conflict_checks').set({ parties: '[]' }).where('id', 'in', checkIds).execute();
      await trx.updateTable('conflict_check_hits').set({ party_name: REMOVED, name: REMOVED, resolution_note: null }).where('check_id', 'in', checkIds).execute();
    }
    await trx.updateTable('deadline_outcomes').set({ reason: null }).where('case_id', '=', id).where('organization_id', '=', org).where('reason', 'is not', null).execute();
    const timelineEntries = await trx.updateTable('case_events').set({ summary: 'De-identified entry', details: '{}' }).where('case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
    await deidentifyPersonWhenDone(trx, org, found.person_id, now);
    return {
      id,
      patientName,
      messages: count(messages),
      appointments: count(appointments),
      documents: documentIds.length,
      testResults: count(testResults),
      medications: count(medications),
      timeEntries: count(timeEntries),
      bedAssignments: count(bedAssignments),
      notes: count(notes),
      tasks: count(tasks),
      timelineEntries: count(timelineEntries),
    };
  });
}

/**
 * The person of a de-identified case (issue 19) goes too once nothing of theirs is kept: every case
 * of theirs is de-identified and they are a party on no case still kept. Records merged into them
 * hold the same details, so they go with them. The rows stay (the cases point at them).
 */
async function deidentifyPersonWhenDone(trx: Kysely<DB>, organizationId: string, personId: string | null, now: string): Promise<void> {
  if (!personId) return;
  const kept = await trx
    .selectFrom('cases')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('deidentified_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('person_id', '=', personId),
        eb('id', 'in', eb.selectFrom('case_parties').select('case_parties.case_id').where('case_parties.organization_id', '=', organizationId).where('case_parties.person_id', '=', personId)),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (kept) return;
  const records = await trx
    .selectFrom('people')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('id', '=', personId), eb('merged_into_id', '=', personId)]))
    .execute();
  for (const { id } of records) {
    const name = `De-identified person ${id.slice(0, 8)}`;
    await trx
      .updateTable('people')
      .set((eb) => ({
        first_name: null, last_name: name, full_name: name, id_number: null, passport_number: null, passport_country: null,
        date_of_birth: null, sex: null, phone: null, email: null, address: null, preferred_language: null,
        medical_aid_scheme: null, medical_aid_number: null, medical_aid_main_member: null, notes: null, user_id: null, folder_number: null,
        version: eb('version', '+', 1), updated_at: now,
      }))
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .execute();
    // Issue 31: the allergies' reactions are the person's words about their body; the substance and
    // severity stay as the shape of the record.
    await trx.updateTable('allergies').set({ reaction: null, entered_in_error_reason: null }).where('person_id', '=', id).where('organization_id', '=', organizationId).execute();
  }
}
