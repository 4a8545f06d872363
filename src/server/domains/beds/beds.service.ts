import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TBed, TBedStatus, TCreateBedInput, TListBedsInput, TUpdateBedInput } from '../../../shared/domain/beds';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';
import { closeOpenAssignment, findBed, selectBeds, toBed } from './bed-queries';
import { isUniqueViolation } from '../../../../db/unique-violation';

// Beds of the caller's organisation (SPEC §2.11, §4). The router restricts these to healthcare
// organisations; every query here is scoped by actor.organizationId.
//
// Status rules: Assign is the only way into Occupied and Release (or an edit to another status)
// the only way out, so every stay of a patient in a bed has exactly one bed_assignments row with
// who assigned and released it and when (see bed-assignments.service.ts).

export async function listBeds(db: Kysely<DB>, actor: TenantActor, input: TListBedsInput): Promise<TBed[]> {
  let query = selectBeds(db, actor.organizationId);
  if (input?.ward) query = query.where('beds.ward', '=', input.ward);
  const rows = await query.orderBy('beds.ward').orderBy('beds.bed_number').execute();
  return rows.map(toBed);
}

/** SPEC §5: the nurse picker offers the organisation's users with role Nurse. */
async function assertNurseOfOrganization(db: Kysely<DB>, actor: TenantActor, nurseId: string): Promise<void> {
  const membership = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('memberships.id')
    .where('memberships.organization_id', '=', actor.organizationId)
    .where('memberships.user_id', '=', nurseId)
    .where('memberships.status', '=', 'active')
    .where('memberships.role', '=', 'Nurse')
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
  if (!membership) {
    const message = 'Choose a nurse of your organisation, or no assignment';
    throw new AppError('BAD_REQUEST', message, { assignedNurseId: message });
  }
}

async function assertBedNumberFree(db: Kysely<DB>, actor: TenantActor, bedNumber: string, exceptBedId?: string): Promise<void> {
  let query = db
    .selectFrom('beds')
    .select('id')
    .where('organization_id', '=', actor.organizationId)
    .where((eb) => eb(eb.fn('lower', ['bed_number']), '=', bedNumber.toLowerCase()));
  if (exceptBedId) query = query.where('id', '!=', exceptBedId);
  if (await query.executeTakeFirst()) throw bedNumberTaken(bedNumber);
}

function bedNumberTaken(bedNumber: string): AppError {
  const message = `Bed ${bedNumber} already exists in your organisation`;
  return new AppError('CONFLICT', message, { bedNumber: message });
}

export async function createBed(db: Kysely<DB>, actor: TenantActor, input: TCreateBedInput): Promise<TBed> {
  if (input.status === 'Occupied') {
    // An Occupied bed without an assignment would be history nobody recorded.
    const message = 'A new bed cannot start Occupied: add it, then use Assign to place a patient';
    throw new AppError('BAD_REQUEST', message, { status: message });
  }
  const assignedNurseId = input.assignedNurseId ?? null;
  if (assignedNurseId) await assertNurseOfOrganization(db, actor, assignedNurseId);
  await assertBedNumberFree(db, actor, input.bedNumber);
  const id = randomUUID();
  const now = nowIso();
  try {
    await db
      .insertInto('beds')
      .values({
        id,
        organization_id: actor.organizationId,
        bed_number: input.bedNumber,
        ward: input.ward,
        bed_type: input.bedType,
        status: input.status,
        assigned_nurse_id: assignedNurseId,
        patient_id: null,
        notes: input.notes ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch (error) {
    // Two creates of the same number at once: the database's unique constraint decides.
    if (isUniqueViolation(error)) throw bedNumberTaken(input.bedNumber);
    throw error;
  }
  return findBed(db, actor, id);
}

export async function updateBed(db: Kysely<DB>, actor: TenantActor, input: TUpdateBedInput): Promise<TBed> {
  const bedNumber = input.bedNumber;
  try {
    await db.transaction().execute(async (trx) => {
      const bed = await trx
        .selectFrom('beds')
        .selectAll()
        .where('id', '=', input.id)
        .where('organization_id', '=', actor.organizationId)
        .executeTakeFirst();
      if (!bed) throw new AppError('NOT_FOUND', 'Bed not found');

      const status = input.status ?? (bed.status as TBedStatus);
      const leavesOccupied = bed.status === 'Occupied' && status !== 'Occupied';
      if (status === 'Occupied' && bed.status !== 'Occupied') {
        throw new AppError('CONFLICT', 'Use Assign to place a patient in a bed');
      }
      if (input.assignedNurseId && input.assignedNurseId !== bed.assigned_nurse_id) {
        await assertNurseOfOrganization(trx, actor, input.assignedNurseId);
      }
      if (bedNumber !== undefined && bedNumber.toLowerCase() !== bed.bed_number.toLowerCase()) {
        await assertBedNumberFree(trx, actor, bedNumber, bed.id);
      }

      const now = nowIso();
      const result = await trx
        .updateTable('beds')
        .set({
          ...(bedNumber !== undefined ? { bed_number: bedNumber } : {}),
          ...(input.ward !== undefined ? { ward: input.ward } : {}),
          ...(input.bedType !== undefined ? { bed_type: input.bedType } : {}),
          ...(input.assignedNurseId !== undefined ? { assigned_nurse_id: input.assignedNurseId } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
          status,
          ...(leavesOccupied ? { patient_id: null } : {}),
          updated_at: now,
        })
        .where('id', '=', bed.id)
        .where('organization_id', '=', actor.organizationId)
        // Only if nobody assigned or released the bed since it was read.
        .where('status', '=', bed.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new AppError('CONFLICT', 'This bed changed while you were editing it; reload and try again');
      }
      // Taking an Occupied bed out of use (Available, Maintenance, Reserved) ends the patient's stay.
      if (leavesOccupied) await closeOpenAssignment(trx, actor, bed.id, bed.bed_number, now);
    });
  } catch (error) {
    if (bedNumber !== undefined && isUniqueViolation(error)) throw bedNumberTaken(bedNumber);
    throw error;
  }
  return findBed(db, actor, input.id);
}
