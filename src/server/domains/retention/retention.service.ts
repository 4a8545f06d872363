import type { Kysely } from 'kysely';
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
 * Refuses (409) to delete a record of a closed case still inside its retention period. Records of
 * open cases are ordinary work and may be deleted; a closed case's are kept until retention ends.
 */
export async function assertDeletableRecordOf(db: Kysely<DB>, organizationId: string, caseId: string, years: number): Promise<void> {
  const found = await db.selectFrom('cases').select(['status', 'completed_at']).where('id', '=', caseId).where('organization_id', '=', organizationId).executeTakeFirst();
  if (!found || found.status !== CLOSED || !found.completed_at) return;
  const until = retainedUntil(found.completed_at, years);
  if (until > nowIso()) {
    throw new AppError('CONFLICT', `This case is closed and its records are kept until ${dateOnly(until)} under the retention policy (${years} years); it cannot be deleted before then.`);
  }
}

export async function retentionOverview(db: Kysely<DB>, actor: TenantActor, years: number): Promise<TRetentionOverview> {
  const before = cutoff(years);
  const closed = db.selectFrom('cases').where('organization_id', '=', actor.organizationId).where('status', '=', CLOSED).where('completed_at', 'is not', null);
  const [held, deidentified, eligible] = await Promise.all([
    closed.select((eb) => eb.fn.countAll<number>().as('n')).where('completed_at', '>', before).executeTakeFirstOrThrow(),
    db.selectFrom('cases').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', actor.organizationId).where('deidentified_at', 'is not', null).executeTakeFirstOrThrow(),
    closed
      .select(['id', 'patient_name', 'case_type', 'completed_at'])
      .where('completed_at', '<=', before)
      .where('deidentified_at', 'is', null)
      .orderBy('completed_at')
      .limit(ELIGIBLE_LIST_LIMIT)
      .execute(),
  ]);
  return {
    retentionYears: years,
    heldCount: Number(held.n),
    deidentifiedCount: Number(deidentified.n),
    eligible: eligible.map((c) => ({
      id: c.id, patientName: c.patient_name, caseType: c.case_type, completedAt: c.completed_at!, retainedUntil: retainedUntil(c.completed_at!, years),
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
    const found = await trx.selectFrom('cases').select(['id', 'status', 'completed_at', 'deidentified_at']).where('id', '=', id).where('organization_id', '=', actor.organizationId).executeTakeFirst();
    if (!found) throw new AppError('NOT_FOUND', 'Case not found.');
    if (found.deidentified_at) throw new AppError('CONFLICT', 'This case was already de-identified.');
    if (found.status !== CLOSED || !found.completed_at) throw new AppError('CONFLICT', 'Only a closed (Completed) case can be de-identified.');
    const until = retainedUntil(found.completed_at, years);
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
    const timeEntries = await trx.updateTable('time_entries').set({ description: null }).where('case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
    const bedAssignments = await trx.updateTable('bed_assignments').set({ patient_id: 'DE-IDENTIFIED' }).where('case_id', '=', id).where('organization_id', '=', org).executeTakeFirst();
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
    };
  });
}
