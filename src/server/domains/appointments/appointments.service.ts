import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AppointmentsTable, DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  FINISHED_APPOINTMENT_STATUSES,
  type TAppointment,
  type TAppointmentStatus,
  type TAppointmentType,
  type TCreateAppointmentInput,
  type TUpdateAppointmentStatusInput,
  UPCOMING_APPOINTMENTS_LIMIT,
} from '../../../shared/domain/appointments';
import { requireCaseReference } from '../cases/case-references';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// Appointments of the caller's organisation (the Schedule screen).

function toAppointment(row: Selectable<AppointmentsTable>): TAppointment {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startTime: row.start_time,
    endTime: row.end_time,
    appointmentType: row.appointment_type as TAppointmentType,
    location: row.location,
    status: row.status as TAppointmentStatus,
    caseId: row.case_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function ofOrganization(db: Kysely<DB>, actor: TenantActor) {
  return db.selectFrom('appointments').selectAll().where('organization_id', '=', actor.organizationId);
}

async function findAppointment(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TAppointment> {
  const row = await ofOrganization(db, actor).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Appointment not found');
  return toAppointment(row);
}

export async function listAppointments(db: Kysely<DB>, actor: TenantActor): Promise<TAppointment[]> {
  const rows = await ofOrganization(db, actor).orderBy('start_time').orderBy('id').execute();
  return rows.map(toAppointment);
}

/** SPEC §2.10 / §9: from now on, still to happen, soonest first, at most 5. */
export async function listUpcomingAppointments(db: Kysely<DB>, actor: TenantActor, now: string = nowIso()): Promise<TAppointment[]> {
  const rows = await ofOrganization(db, actor)
    .where('start_time', '>=', now)
    .where('status', 'not in', FINISHED_APPOINTMENT_STATUSES)
    .orderBy('start_time')
    .orderBy('id')
    .limit(UPCOMING_APPOINTMENTS_LIMIT)
    .execute();
  return rows.map(toAppointment);
}

export async function createAppointment(db: Kysely<DB>, actor: TenantActor, input: TCreateAppointmentInput): Promise<TAppointment> {
  // The schema checks this too; the service keeps the rule for callers that skip the schema.
  if (input.endTime <= input.startTime) {
    throw new AppError('BAD_REQUEST', 'End time must be after the start time', { endTime: 'End time must be after the start time' });
  }
  if (input.caseId !== null) await requireCaseReference(db, actor.organizationId, input.caseId, 'caseId');
  const now = nowIso();
  const id = randomUUID();
  await db
    .insertInto('appointments')
    .values({
      id,
      organization_id: actor.organizationId,
      case_id: input.caseId,
      title: input.title,
      description: input.description,
      start_time: input.startTime,
      end_time: input.endTime,
      appointment_type: input.appointmentType,
      location: input.location,
      status: 'Scheduled',
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return findAppointment(db, actor, id);
}

/** SPEC §4: any of the four statuses to any other. */
export async function updateAppointmentStatus(
  db: Kysely<DB>,
  actor: TenantActor,
  input: TUpdateAppointmentStatusInput,
): Promise<TAppointment> {
  const result = await db
    .updateTable('appointments')
    .set({ status: input.status, updated_at: nowIso() })
    .where('organization_id', '=', actor.organizationId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'Appointment not found');
  return findAppointment(db, actor, input.id);
}
