import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AppointmentsTable, DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  APPOINTMENT_MAX_DURATION_MS,
  APPOINTMENT_TOO_LONG_MESSAGE,
  APPOINTMENT_TYPES_BY_PLATFORM,
  FINISHED_APPOINTMENT_STATUSES,
  type TAppointment,
  type TAppointmentConflict,
  type TAppointmentConflictsInput,
  type TAppointmentType,
  type TAppointmentWrite,
  type TCreateAppointmentInput,
  type TListAppointmentsInput,
  type TScheduleItem,
  type TUpdateAppointmentInput,
  UPCOMING_APPOINTMENTS_LIMIT,
} from '../../../shared/domain/appointments';
import { formatSaDateTime } from '../../../shared/format';
import { requireCaseReference } from '../cases/case-references';
import { hearingsOnSchedule } from '../court/hearings.service';
import { requireCaseAccess } from '../cases/case-access';
import { WITHHELD_LABEL, needToKnowOf } from '../cases/case-visibility';
import { appendCaseEvent } from '../timeline/case-events';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';
import { attendeesOf, requireAttendees, replaceAttendees, type Attendee } from './appointment-attendees';
import { findConflicts } from './appointment-conflicts';
import { notifyAttendees } from './appointment-notifications';

// Appointments of the caller's organisation (the Schedule screen and its calendar), and of one case
// (its page). An appointment of a case lands on the case's timeline when booked and when it changes.
// On a platform with court cases the schedule also holds the hearings (issue 20), shaped as
// appointments of type 'Hearing' and merged by start time; they are made and changed on the case.
// Issue 21: attendees, a version (stale write → 409), a range read, and the double-booking check —
// an overlap for an attendee or the room is answered as `conflicts`, never silently accepted.

const WITHHELD_APPOINTMENT_TITLE = WITHHELD_LABEL;
const CHANGED_MESSAGE = 'This appointment was changed by someone else. Reload to see it as it is now.';

type AppointmentRow = Selectable<AppointmentsTable> & { need_to_know: number };

/**
 * An appointment of a restricted case shows, to someone without need to know, as a busy slot:
 * when, what kind, its status — "Restricted" for its title, nothing of its description or place.
 */
function toAppointment(row: AppointmentRow, attendees: Attendee[]): TAppointment {
  const withheld = !Number(row.need_to_know);
  return {
    id: row.id,
    title: withheld ? WITHHELD_APPOINTMENT_TITLE : row.title,
    description: withheld ? null : row.description,
    startTime: row.start_time,
    endTime: row.end_time,
    appointmentType: row.appointment_type as TAppointmentType,
    location: withheld ? null : row.location,
    status: row.status as TAppointment['status'],
    caseId: row.case_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    attendees,
  };
}

async function withAttendees(db: Kysely<DB>, actor: TenantActor, rows: AppointmentRow[]): Promise<TAppointment[]> {
  const attendees = await attendeesOf(db, actor.organizationId, rows.map((row) => row.id));
  return rows.map((row) => toAppointment(row, attendees.get(row.id) ?? []));
}

function ofOrganization(db: Kysely<DB>, actor: TenantActor) {
  return db.selectFrom('appointments').selectAll().select(needToKnowOf(actor, 'appointments.case_id')).where('organization_id', '=', actor.organizationId);
}

async function findAppointment(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TAppointment> {
  const row = await ofOrganization(db, actor).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Appointment not found');
  return (await withAttendees(db, actor, [row]))[0]!;
}

export async function listAppointments(db: Kysely<DB>, actor: TenantActor, input: TListAppointmentsInput = {}): Promise<TScheduleItem[]> {
  // One case's list is part of that case: need to know applies (the whole schedule stays as it was).
  const caseId = input.caseId ? (await requireCaseAccess(db, actor, input.caseId)).id : null;
  const { from, to, userId } = input;
  const rows = await ofOrganization(db, actor)
    .$if(caseId !== null, (q) => q.where('case_id', '=', caseId))
    .$if(from !== undefined && to !== undefined, (q) =>
      q
        .where('start_time', '<', to!)
        // No appointment lasts longer, so the scan of the start index has a lower bound too.
        .where('start_time', '>', new Date(Date.parse(from!) - APPOINTMENT_MAX_DURATION_MS).toISOString())
        .where('end_time', '>', from!),
    )
    .$if(userId !== undefined, (q) =>
      q.where('id', 'in', (eb) =>
        eb.selectFrom('appointment_attendees').select('appointment_id').where('organization_id', '=', actor.organizationId).where('user_id', '=', userId!),
      ),
    )
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  // Hearings have no attendees: a person's own calendar (userId) shows appointments only.
  const hearings = userId !== undefined ? [] : await hearingsOnSchedule(db, actor, { caseId });
  const inRange = from !== undefined && to !== undefined ? hearings.filter((h) => h.startTime < to && h.endTime > from) : hearings;
  return byStart([...(await withAttendees(db, actor, rows)), ...inRange]);
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
  return byStart([...(await withAttendees(db, actor, rows)), ...hearings]).slice(0, UPCOMING_APPOINTMENTS_LIMIT);
}

/** GET /api/appointments/conflicts: what this time would double-book, before anything is saved. */
export async function checkAppointmentConflicts(db: Kysely<DB>, actor: TenantActor, input: TAppointmentConflictsInput): Promise<{ conflicts: TAppointmentConflict[] }> {
  return { conflicts: await findConflicts(db, actor, input) };
}

function requirePlatformType(actor: TenantActor, type: TAppointmentType): void {
  const offered = APPOINTMENT_TYPES_BY_PLATFORM[actor.platform];
  if (!offered.includes(type)) {
    const message = `Appointment type must be one of: ${offered.join(', ')}`;
    throw new AppError('BAD_REQUEST', message, { appointmentType: message });
  }
}

async function requireCaseOfAppointment(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<void> {
  await requireCaseReference(db, actor.organizationId, caseId, 'caseId');
  await requireCaseAccess(db, actor, caseId); // booking for a restricted case needs need to know
}

export async function createAppointment(db: Kysely<DB>, actor: TenantActor, input: TCreateAppointmentInput): Promise<TAppointmentWrite> {
  // The schema checks this too; the service keeps the rule for callers that skip the schema.
  if (input.endTime <= input.startTime) {
    throw new AppError('BAD_REQUEST', 'End time must be after the start time', { endTime: 'End time must be after the start time' });
  }
  requirePlatformType(actor, input.appointmentType);
  if (input.caseId !== null) await requireCaseOfAppointment(db, actor, input.caseId);
  await requireAttendees(db, actor.organizationId, input.attendeeIds);
  const now = nowIso();
  const id = randomUUID();
  const conflicts = await db.transaction().execute(async (trx) => {
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
    await replaceAttendees(trx, actor.organizationId, id, input.attendeeIds);
    await notifyAttendees(trx, actor, { id, title: input.title, startTime: input.startTime, caseId: input.caseId }, input.attendeeIds, 'appointment.booked', now);
    if (input.caseId !== null) {
      await appendCaseEvent(trx, {
        organizationId: actor.organizationId,
        caseId: input.caseId,
        actorId: actor.userId,
        kind: 'appointment.booked',
        summary: `${input.appointmentType} booked for ${formatSaDateTime(input.startTime)}: ${input.title}`,
        details: { appointmentId: id, startTime: input.startTime },
        at: now,
      });
    }
    return findConflicts(trx, actor, { ...input, excludeId: id });
  });
  return { ...(await findAppointment(db, actor, id)), conflicts };
}

const FIELD_LABELS = {
  title: 'Title', description: 'Description', startTime: 'Start', endTime: 'End', appointmentType: 'Type',
  location: 'Location', status: 'Status', caseId: 'Case',
} as const;
type EditableField = keyof typeof FIELD_LABELS;

/**
 * PATCH /api/appointments/{id}: any subset of the fields (SPEC §4: the status moves freely among the
 * four). The version check and the write are one statement, so of two people who saw the same version
 * one wins and the other gets 409 with the appointment as it is now.
 */
export async function updateAppointment(db: Kysely<DB>, actor: TenantActor, input: TUpdateAppointmentInput): Promise<TAppointmentWrite> {
  if (input.appointmentType !== undefined) requirePlatformType(actor, input.appointmentType);
  if (input.attendeeIds !== undefined) await requireAttendees(db, actor.organizationId, input.attendeeIds);
  return db.transaction().execute(async (trx) => {
    const before = await ofOrganization(trx, actor).where('id', '=', input.id).executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND', 'Appointment not found');
    // Changing an appointment of a restricted case (its time, its attendees) needs need to know.
    if (before.case_id) await requireCaseAccess(trx, actor, before.case_id);
    const stale = async () => new AppError('CONFLICT', CHANGED_MESSAGE, undefined, { current: await findAppointment(trx, actor, input.id) });
    if (input.expectedVersion !== undefined && input.expectedVersion !== before.version) throw await stale();
    if (input.caseId !== undefined && input.caseId !== null && input.caseId !== before.case_id) await requireCaseOfAppointment(trx, actor, input.caseId);

    const current: Record<EditableField, string | null> = {
      title: before.title, description: before.description, startTime: before.start_time, endTime: before.end_time,
      appointmentType: before.appointment_type, location: before.location, status: before.status, caseId: before.case_id,
    };
    const after = { ...current };
    for (const field of Object.keys(FIELD_LABELS) as EditableField[]) {
      if (input[field] !== undefined) after[field] = input[field] as string | null;
    }
    if (after.endTime! <= after.startTime!) {
      throw new AppError('BAD_REQUEST', 'End time must be after the start time', { endTime: 'End time must be after the start time' });
    }
    if (Date.parse(after.endTime!) - Date.parse(after.startTime!) > APPOINTMENT_MAX_DURATION_MS) {
      throw new AppError('BAD_REQUEST', APPOINTMENT_TOO_LONG_MESSAGE, { endTime: APPOINTMENT_TOO_LONG_MESSAGE });
    }
    const changed = (Object.keys(FIELD_LABELS) as EditableField[]).filter((f) => after[f] !== current[f]);
    const oldAttendees = (await attendeesOf(trx, actor.organizationId, [before.id])).get(before.id) ?? [];
    const oldIds = new Set(oldAttendees.map((a) => a.userId));
    const attendeeIds = input.attendeeIds ?? [...oldIds];
    const attendeesChanged = input.attendeeIds !== undefined && (attendeeIds.length !== oldIds.size || attendeeIds.some((id) => !oldIds.has(id)));
    const now = nowIso();

    if (changed.length > 0 || attendeesChanged) {
      const claimed = await trx
        .updateTable('appointments')
        .set((eb) => ({
          title: after.title!, description: after.description, start_time: after.startTime!, end_time: after.endTime!,
          appointment_type: after.appointmentType!, location: after.location, status: after.status!, case_id: after.caseId,
          version: eb('version', '+', 1), updated_at: now,
        }))
        .where('organization_id', '=', actor.organizationId)
        .where('id', '=', input.id)
        .where('version', '=', before.version)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) throw await stale();
      if (attendeesChanged) await replaceAttendees(trx, actor.organizationId, before.id, attendeeIds);

      const moved = changed.includes('startTime') || changed.includes('endTime');
      const cancelled = changed.includes('status') && after.status === 'Cancelled';
      const subject = { id: before.id, title: after.title!, startTime: after.startTime!, caseId: after.caseId };
      const stayed = attendeeIds.filter((id) => oldIds.has(id));
      if (cancelled) await notifyAttendees(trx, actor, subject, attendeeIds, 'appointment.cancelled', now);
      else if (moved) await notifyAttendees(trx, actor, subject, stayed, 'appointment.moved', now);
      await notifyAttendees(trx, actor, subject, attendeeIds.filter((id) => !oldIds.has(id)), cancelled ? 'appointment.cancelled' : 'appointment.booked', now);

      const caseId = after.caseId ?? before.case_id;
      if (caseId && changed.length > 0) {
        const shown = (f: EditableField, v: string | null) => (v === null ? '—' : f === 'startTime' || f === 'endTime' ? formatSaDateTime(v) : v);
        await appendCaseEvent(trx, {
          organizationId: actor.organizationId,
          caseId,
          actorId: actor.userId,
          kind: 'appointment.changed',
          summary:
            changed.length === 1 && changed[0] === 'status'
              ? `Appointment "${before.title}" ${current.status} → ${after.status}`
              : `Appointment "${before.title}": ${changed.map((f) => `${FIELD_LABELS[f]} ${shown(f, current[f])} → ${shown(f, after[f])}`).join('; ')}`,
          changes: changed.map((f) => ({ field: f, label: FIELD_LABELS[f], from: current[f], to: after[f] })),
          details: { appointmentId: before.id },
          at: now,
        });
      }
    }
    const conflicts =
      after.status === 'Cancelled' || after.status === 'Completed'
        ? []
        : await findConflicts(trx, actor, { startTime: after.startTime!, endTime: after.endTime!, attendeeIds, location: after.location, excludeId: before.id });
    return { ...(await findAppointment(trx, actor, input.id)), conflicts };
  });
}
