import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { type TDischargeMedicationAction, saCalendarDay } from '../../../shared/domain/admissions';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { appendCaseEvent } from '../timeline/case-events';

/**
 * Issue 31: every active medication of the case is reviewed at discharge — continue (it goes on the
 * GP letter) or stop (stopped on the discharge day, as a stop from the medications tab would). One
 * not listed, or listed and not an active medication of this case, is a 400 naming it.
 */
export async function reviewMedications(trx: Kysely<DB>, actor: TenantActor, caseId: string, reviewed: readonly { medicationId: string; action: TDischargeMedicationAction }[], now: string) {
  const active = await trx.selectFrom('medications').select(['id', 'name', 'start_date']).where('organization_id', '=', actor.organizationId).where('case_id', '=', caseId).where('status', '=', 'Active').execute();
  const byId = new Map(active.map((m) => [m.id, m]));
  const strangers = reviewed.filter((r) => !byId.has(r.medicationId));
  if (strangers.length > 0) throw new AppError('BAD_REQUEST', 'A reviewed medication is not an active medication of this case', { medications: 'Review only the active medications of this case' });
  const missing = active.filter((m) => !reviewed.some((r) => r.medicationId === m.id));
  if (missing.length > 0) {
    const message = `Review every active medication (continue or stop): ${missing.map((m) => m.name).join(', ')}`;
    throw new AppError('BAD_REQUEST', message, { medications: message });
  }
  const day = saCalendarDay(now);
  for (const { medicationId, action } of reviewed) {
    const medication = byId.get(medicationId)!;
    if (action === 'continue') {
      await trx.updateTable('medications').set({ discharge_action: 'continue' }).where('id', '=', medicationId).execute();
      continue;
    }
    const stopDate = day < medication.start_date ? medication.start_date : day;
    const result = await trx
      .updateTable('medications')
      .set({ end_date: stopDate, status: 'Stopped', stopped_by: actor.userId, stopped_at: now, discharge_action: 'stop' })
      .where('id', '=', medicationId)
      .where('status', '=', 'Active')
      .where('stopped_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONFLICT', `${medication.name} was stopped meanwhile; review the medications again`);
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId, caseId, actorId: actor.userId, kind: 'medication.stopped', at: now,
      summary: `Medication stopped at discharge: ${medication.name} on ${stopDate}`, details: { medicationId, stopDate },
    });
  }
}
