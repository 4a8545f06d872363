import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TAssignBedInput, TBed, TBedAssignment } from '../../../shared/domain/beds';
import { requireCaseReference } from '../cases/case-references';
import { fullName } from '../../../shared/format';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import type { TenantActor } from '../../auth/actor';
import { appendCaseEvent } from '../timeline/case-events';
import { closeOpenAssignment, currentStatus, findBed } from './bed-queries';

// Assign and release (SPEC §2.11, §4): the only ways into and out of Occupied, each kept as a
// bed_assignments row with who and when. Both run in a transaction around a conditional UPDATE,
// so of two simultaneous calls on one bed only one wins and the other gets a 409.

const HISTORY_LIMIT = 500;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Available → Occupied with the patient; the conditional UPDATE lets only one of two concurrent assigns win. */
export async function assignPatientToBed(db: Kysely<DB>, actor: TenantActor, input: TAssignBedInput): Promise<TBed> {
  await db.transaction().execute(async (trx) => {
    const bed = await currentStatus(trx, actor, input.id);
    if (input.caseId) await requireCaseReference(trx, actor.organizationId, input.caseId, 'caseId');
    const now = nowIso();
    const result = await trx
      .updateTable('beds')
      .set({ status: 'Occupied', patient_id: input.patientId, updated_at: now })
      .where('id', '=', input.id)
      .where('organization_id', '=', actor.organizationId)
      .where('status', '=', 'Available')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const latest = await currentStatus(trx, actor, input.id);
      throw new AppError('CONFLICT', `Bed ${latest.bed_number} is ${latest.status}; only an Available bed can be assigned`);
    }
    await trx
      .insertInto('bed_assignments')
      .values({
        id: randomUUID(),
        organization_id: actor.organizationId,
        bed_id: input.id,
        patient_id: input.patientId,
        case_id: input.caseId,
        assigned_by: actor.userId,
        assigned_at: now,
        released_by: null,
        released_at: null,
      })
      .execute();
    if (input.caseId) {
      await appendCaseEvent(trx, {
        organizationId: actor.organizationId,
        caseId: input.caseId,
        actorId: actor.userId,
        kind: 'bed.assigned',
        summary: `Assigned to bed ${bed.bed_number}${bed.ward ? ` (${bed.ward})` : ''}`,
        details: { bedId: input.id },
        at: now,
      });
    }
  });
  return findBed(db, actor, input.id);
}

/** Occupied → Available; the patient's stay is closed with who released it and when. */
export async function releaseBed(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TBed> {
  await db.transaction().execute(async (trx) => {
    const bed = await currentStatus(trx, actor, id);
    // Releasing a bed ends its stay (and an admission): for a restricted case, its team's to do.
    const stay = await trx.selectFrom('bed_assignments').select('case_id').where('bed_id', '=', id).where('organization_id', '=', actor.organizationId).where('released_at', 'is', null).executeTakeFirst();
    if (stay?.case_id) await requireCaseAccess(trx, actor, stay.case_id);
    const now = nowIso();
    const result = await trx
      .updateTable('beds')
      .set({ status: 'Available', patient_id: null, updated_at: now })
      .where('id', '=', id)
      .where('organization_id', '=', actor.organizationId)
      .where('status', '=', 'Occupied')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const latest = await currentStatus(trx, actor, id);
      throw new AppError('CONFLICT', `Bed ${latest.bed_number} is ${latest.status}; only an Occupied bed can be released`);
    }
    await closeOpenAssignment(trx, actor, id, bed.bed_number, now);
  });
  return findBed(db, actor, id);
}

/** Every stay in the bed, newest first, with who assigned and released it. */
export async function bedHistory(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TBedAssignment[]> {
  await currentStatus(db, actor, id);
  const rows = await db
    .selectFrom('bed_assignments as a')
    .leftJoin('users as assigner', 'assigner.id', 'a.assigned_by')
    .leftJoin('users as releaser', 'releaser.id', 'a.released_by')
    .selectAll('a')
    .select([
      'assigner.first_name as assigner_first_name',
      'assigner.last_name as assigner_last_name',
      'releaser.first_name as releaser_first_name',
      'releaser.last_name as releaser_last_name',
    ])
    .where('a.bed_id', '=', id)
    .where('a.organization_id', '=', actor.organizationId)
    .orderBy('a.assigned_at', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  // Two stays can start in the same millisecond; then the one still open, else the later released, is the newer.
  rows.sort(
    (x, y) =>
      compareText(y.assigned_at, x.assigned_at) ||
      Number(x.released_at !== null) - Number(y.released_at !== null) ||
      compareText(y.released_at ?? '', x.released_at ?? ''),
  );
  return rows.map((row) => ({
    id: row.id,
    bedId: row.bed_id,
    patientId: row.patient_id,
    caseId: row.case_id,
    assignedAt: row.assigned_at,
    assignedById: row.assigned_by,
    assignedBy: fullName(row.assigner_first_name, row.assigner_last_name),
    releasedAt: row.released_at,
    releasedById: row.released_by,
    releasedBy: fullName(row.releaser_first_name, row.releaser_last_name),
  }));
}
