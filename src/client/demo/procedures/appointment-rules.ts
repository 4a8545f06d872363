import {
  APPOINTMENT_TYPES_BY_PLATFORM,
  FINISHED_APPOINTMENT_STATUSES,
  type TAppointment,
  type TAppointmentConflict,
  type TAppointmentType,
} from '../../../shared/domain/appointments';
import { type DemoContext, nameOf } from '../context';
import { badRequest } from '../demo-error';

// The server's appointment rules in demo mode (issue 21): the platform's types, attendees who are
// staff of the organisation, and the double-booking check (an overlap that shares an attendee or the
// room; back-to-back is not an overlap; a cancelled or completed appointment frees its slot).

export function requirePlatformType(ctx: DemoContext, type: TAppointmentType): void {
  const offered = APPOINTMENT_TYPES_BY_PLATFORM[ctx.platform];
  if (offered.includes(type)) return;
  const message = `Appointment type must be one of: ${offered.join(', ')}`;
  throw badRequest(message, { appointmentType: message });
}

/** Attendees with their names; a 400 on attendeeIds for anyone who is not a member. */
export function attendeesFor(ctx: DemoContext, ids: readonly string[]): TAppointment['attendees'] {
  const attendees = ids.map((userId) => ({ userId, name: nameOf(ctx, userId) }));
  if (attendees.some((a) => a.name === null)) {
    const message = 'Every attendee must be an active member of your organisation';
    throw badRequest(message, { attendeeIds: message });
  }
  return attendees.map((a) => ({ userId: a.userId, name: a.name! })).sort((a, b) => a.name.localeCompare(b.name));
}

const roomKey = (location: string | null | undefined) => (location ?? '').trim().toLowerCase();

export interface DemoConflictQuery {
  startTime: string;
  endTime: string;
  attendeeIds: readonly string[];
  location?: string | null;
  excludeId?: string | null;
}

export function findDemoConflicts(appointments: readonly TAppointment[], query: DemoConflictQuery): TAppointmentConflict[] {
  const room = roomKey(query.location);
  if (query.attendeeIds.length === 0 && room === '') return [];
  const finished: readonly string[] = FINISHED_APPOINTMENT_STATUSES;
  const overlapping = appointments.filter(
    (a) => a.id !== query.excludeId && !finished.includes(a.status) && a.startTime < query.endTime && a.endTime > query.startTime,
  );
  const shape = (a: TAppointment, userId: string | null): TAppointmentConflict => ({ appointmentId: a.id, userId, title: a.title, startTime: a.startTime, endTime: a.endTime });
  const wanted = new Set(query.attendeeIds);
  const byAttendee = overlapping.flatMap((a) => a.attendees.filter((p) => wanted.has(p.userId)).map((p) => shape(a, p.userId)));
  const byRoom = room === '' ? [] : overlapping.filter((a) => roomKey(a.location) === room).map((a) => shape(a, null));
  return [...byAttendee, ...byRoom];
}
