import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { fullName } from '../../../shared/format';
import { AppError } from '../../errors';

// Who attends an appointment (issue 21): active members of the organisation — staff, and the case's
// person when they have a portal account. Names are read with the rows, for the calendar's columns.

export type Attendee = { userId: string; name: string };

export async function attendeesOf(db: Kysely<DB>, organizationId: string, appointmentIds: readonly string[]): Promise<Map<string, Attendee[]>> {
  const byAppointment = new Map<string, Attendee[]>();
  if (appointmentIds.length === 0) return byAppointment;
  const rows = await db
    .selectFrom('appointment_attendees as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.appointment_id', 'a.user_id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('a.organization_id', '=', organizationId)
    .where('a.appointment_id', 'in', [...new Set(appointmentIds)])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
  for (const row of rows) {
    const list = byAppointment.get(row.appointment_id) ?? [];
    list.push({ userId: row.user_id, name: fullName(row.first_name, row.last_name) ?? row.email });
    byAppointment.set(row.appointment_id, list);
  }
  return byAppointment;
}

/** Refuses (400 on attendeeIds) anyone who is not an active member of the organisation. */
export async function requireAttendees(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('memberships.user_id')
    .where('memberships.organization_id', '=', organizationId)
    .where('memberships.status', '=', 'active')
    .where('users.is_active', '=', 1)
    .where('memberships.user_id', 'in', [...ids])
    .execute();
  if (rows.length !== new Set(ids).size) {
    const message = 'Every attendee must be an active member of your organisation';
    throw new AppError('BAD_REQUEST', message, { attendeeIds: message });
  }
}

export async function replaceAttendees(db: Kysely<DB>, organizationId: string, appointmentId: string, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('appointment_attendees').where('organization_id', '=', organizationId).where('appointment_id', '=', appointmentId).execute();
  if (ids.length === 0) return;
  await db
    .insertInto('appointment_attendees')
    .values(ids.map((userId) => ({ appointment_id: appointmentId, user_id: userId, organization_id: organizationId })))
    .execute();
}
