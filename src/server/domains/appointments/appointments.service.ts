import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AppointmentsTable, DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  FINISHED_APPOINTMENT_STATUSES,
  type TAppointment,
  type TScheduleItem,
  type TAppointmentStatus,
  type TAppointmentType,
  type TCreateAppointmentInput,
  type TListAppointmentsInput,
  type TUpdateAppointmentStatusInput,
  UPCOMING_APPOINTMENTS_LIMIT,
} from '../../../shared/domain/appointments';
import { requireCaseReference } from '../cases/case-references';
import { hearingsOnSchedule } from '../court/hearings.service';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';
import { formatSaDateTime } from '../../../shared/format';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// Appointments of the caller's organisation (the Schedule screen), and of one case (its page). An
// appointment of a case lands on the case's timeline when booked and when its status changes.
// On a platform with court cases the schedule also holds the hearings (issue 20), shaped as
// appointments of type 'Hearing' and merged by start time; they are made and changed on the case.

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

export async function listAppointments(db: Kysely<DB>, actor: TenantActor, input: TListAppointmentsInput = {}): Promise<TScheduleItem[]> {
  // One case's list is part of that case: need to know applies (the whole schedule stays as it was).
  const caseId = input.caseId ? (await requireCaseAccess(db, actor, input.caseId)).id : null;
  const rows = await ofOrganization(db, actor)
    .$if(caseId !== null, (q) => q.where('case_id', '=', caseId))
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  return byStart([...rows.map(toAppointment), ...(await hearingsOnSchedule(db, actor, { caseId }))]);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** As the database orders them: by start, then id. */
const byStart = (items: TScheduleItem[]) => items.sort((a, b) => compare(a.startTime, b.startTime) || compare(a.id, b.id));

/** SPEC §2.10 / §9: from now on, still to happen, soonest first, at most 5. */
export async function listUpcomingAppointments(db: Kysely<DB>, actor: TenantActor, now: string = nowIso()): Promise<TScheduleItem[]> {
  const rows = await ofOrganization(db, actor)
    .where('start_time', '>=', now)
    .where('status', 'not in', FINISHED_APPOINTMENT_STATUSES)
    .orderBy('start_time')
    .orderBy('id')
    .limit(UPCOMING_APPOINTMENTS_LIMIT)
    .execute();
  // A hearing from now on has not happened yet: it is Scheduled whatever its notes say.
  const hearings = await hearingsOnSchedule(db, actor, { from: now, now, limit: UPCOMING_APPOINTMENTS_LIMIT });
  return byStart([...rows.map(toAppointment), ...hearings]).slice(0, UPCOMING_APPOINTMENTS_LIMIT);
}

export async function createAppointment(db: Kysely<DB>, actor: TenantActor, input: TCreateAppointmentInput): Promise<TAppointment> {
  // The schema checks this too; the service keeps the rule for callers that skip the schema.
  if (input.endTime <= input.startTime) {
    throw new AppError('BAD_REQUEST', 'End time must be after the start time', { endTime: 'End time must be after the start time' });
  }
  if (input.caseId !== null) {
    await requireCaseReference(db, actor.organizationId, input.caseId, 'caseId');
    await requireCaseAccess(db, actor, input.caseId); // booking for a restricted case needs need to know
  }
  const now = nowIso();
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
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
    if (input.caseId === null) return;
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: input.caseId,
      actorId: actor.userId,
      kind: 'appointment.booked',
      summary: `${input.appointmentType} booked for ${formatSaDateTime(input.startTime)}: ${input.title}`,
      details: { appointmentId: id, startTime: input.startTime },
      at: now,
    });
  });
  return findAppointment(db, actor, id);
}

/** SPEC §4: any of the four statuses to any other. */
export async function updateAppointmentStatus(
  db: Kysely<DB>,
  actor: TenantActor,
  input: TUpdateAppointmentStatusInput,
): Promise<TAppointment> {
  await db.transaction().execute(async (trx) => {
    const before = await ofOrganization(trx, actor).where('id', '=', input.id).executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND', 'Appointment not found');
    const now = nowIso();
    await trx
      .updateTable('appointments')
      .set({ status: input.status, updated_at: now })
      .where('organization_id', '=', actor.organizationId)
      .where('id', '=', input.id)
      .execute();
    if (!before.case_id || before.status === input.status) return;
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: before.case_id,
      actorId: actor.userId,
      kind: 'appointment.changed',
      summary: `Appointment "${before.title}" ${before.status} → ${input.status}`,
      changes: [{ field: 'status', label: 'Status', from: before.status, to: input.status }],
      details: { appointmentId: before.id },
      at: now,
    });
  });
  return findAppointment(db, actor, input.id);
}
