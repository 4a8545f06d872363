import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TBed, TBedStatus, TBedType } from '../../../shared/domain/beds';
import { fullName } from '../../../shared/format';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';
import { appendCaseEvent } from '../timeline/case-events';

// Reads and the one write shared by bed editing and bed assignment; every query is scoped by
// actor.organizationId.

const openStayCase = (eb: ExpressionBuilder<DB, 'beds'>) =>
  eb.selectFrom('bed_assignments as stay').whereRef('stay.bed_id', '=', 'beds.id').where('stay.released_at', 'is', null).limit(1);

export function selectBeds(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('beds')
    .leftJoin('users as nurse', 'nurse.id', 'beds.assigned_nurse_id')
    .selectAll('beds')
    .select(['nurse.first_name as nurse_first_name', 'nurse.last_name as nurse_last_name'])
    // The case of the open stay (at most one: assign closes the previous one), for the card's link,
    // with the patient's name and the case reference the card shows (issue 31: not a hospital number
    // that looks like a reference). Name and reference are what a restricted case shows too (0045).
    .select((eb) => openStayCase(eb).select('stay.case_id').as('stay_case_id'))
    .select((eb) => openStayCase(eb).innerJoin('cases as stay_case', 'stay_case.id', 'stay.case_id').select('stay_case.patient_name').as('stay_patient_name'))
    .select((eb) => openStayCase(eb).innerJoin('cases as stay_case', 'stay_case.id', 'stay.case_id').select('stay_case.reference').as('stay_case_reference'))
    .where('beds.organization_id', '=', organizationId);
}

type BedRowWithNurse = Awaited<ReturnType<ReturnType<typeof selectBeds>['executeTakeFirstOrThrow']>>;


export function toBed(row: BedRowWithNurse): TBed {
  return {
    id: row.id,
    bedNumber: row.bed_number,
    ward: row.ward,
    bedType: row.bed_type as TBedType,
    status: row.status as TBedStatus,
    assignedNurseId: row.assigned_nurse_id,
    assignedNurse: row.assigned_nurse_id ? fullName(row.nurse_first_name, row.nurse_last_name) : null,
    notes: row.notes,
    patientId: row.patient_id,
    caseId: row.stay_case_id ?? null,
    patientName: row.stay_patient_name ?? null,
    caseReference: row.stay_case_reference ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findBed(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TBed> {
  const row = await selectBeds(db, actor.organizationId).where('beds.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Bed not found');
  return toBed(row);
}

/** Ends the bed's open stay; a stay that belonged to a case is recorded on that case's timeline. */
export async function closeOpenAssignment(trx: Kysely<DB>, actor: TenantActor, bedId: string, bedNumber: string, now: string): Promise<void> {
  const open = await trx
    .selectFrom('bed_assignments')
    .select('case_id')
    .where('bed_id', '=', bedId)
    .where('organization_id', '=', actor.organizationId)
    .where('released_at', 'is', null)
    .execute();
  await trx
    .updateTable('bed_assignments')
    .set({ released_by: actor.userId, released_at: now })
    .where('bed_id', '=', bedId)
    .where('organization_id', '=', actor.organizationId)
    .where('released_at', 'is', null)
    .execute();
  // Issue 22: a quick Release (or an edit out of Occupied) of an admitted patient's bed discharges
  // them, so no admission is left pointing at a bed it no longer holds.
  const admitted = await trx
    .updateTable('admissions')
    .set((eb) => ({ bed_id: null, discharged_at: now, discharged_by: actor.userId, version: eb('version', '+', 1) }))
    .where('bed_id', '=', bedId)
    .where('organization_id', '=', actor.organizationId)
    .where('discharged_at', 'is', null)
    .returning('case_id')
    .execute();
  for (const { case_id } of admitted) {
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: case_id,
      actorId: actor.userId,
      kind: 'admission.discharged',
      summary: `Discharged: bed ${bedNumber} released`,
      details: { bedId },
      at: now,
    });
  }
  for (const caseId of new Set(open.map((row) => row.case_id))) {
    if (!caseId) continue;
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId,
      actorId: actor.userId,
      kind: 'bed.released',
      summary: `Bed ${bedNumber} released`,
      details: { bedId },
      at: now,
    });
  }
}

/** The bed's number and status, or 404 when it is not a bed of the caller's organisation. */
export async function currentStatus(trx: Kysely<DB>, actor: TenantActor, bedId: string) {
  const bed = await trx
    .selectFrom('beds')
    .select(['bed_number', 'ward', 'status'])
    .where('id', '=', bedId)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!bed) throw new AppError('NOT_FOUND', 'Bed not found');
  return bed;
}
