import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TenantActor } from '../../auth/actor';
import { WITHHELD_LABEL, needToKnowOf } from '../cases/case-visibility';
import { APPOINTMENT_MAX_DURATION_MS, FINISHED_APPOINTMENT_STATUSES, type TAppointmentConflict } from '../../../shared/domain/appointments';

// The double-booking check (issue 21): another appointment of the organisation that overlaps in time
// (start < other's end and end > other's start; back-to-back is not an overlap) and shares an
// attendee or the room. A cancelled or completed appointment frees its slot. The answer names each
// clash once per attendee (userId) or once for the room (userId null); the write still happens — the
// calendar asks first and shows the warning, and the write's answer repeats what it overlaps.

export interface ConflictQuery {
  startTime: string;
  endTime: string;
  attendeeIds: readonly string[];
  location?: string | null;
  excludeId?: string | null;
}

/** Rooms compare without case or surrounding spaces: "Theatre 2" and "theatre 2 " are one room. */
export const roomKey = (location: string | null | undefined) => (location ?? '').trim().toLowerCase();

export async function findConflicts(db: Kysely<DB>, actor: TenantActor, query: ConflictQuery): Promise<TAppointmentConflict[]> {
  const organizationId = actor.organizationId;
  // A clash with an appointment of a restricted case is still a clash; its title is not said.
  const titleOf = (row: { title: string; need_to_know: number }) => (Number(row.need_to_know) ? row.title : WITHHELD_LABEL);
  const room = roomKey(query.location);
  if (query.attendeeIds.length === 0 && room === '') return [];
  const overlapping = () =>
    db
      .selectFrom('appointments as o')
      .where('o.organization_id', '=', organizationId)
      .where('o.start_time', '<', query.endTime)
      // No appointment lasts longer, so the index scan on start has a lower bound too.
      .where('o.start_time', '>', new Date(Date.parse(query.startTime) - APPOINTMENT_MAX_DURATION_MS).toISOString())
      .where('o.end_time', '>', query.startTime)
      .where('o.status', 'not in', FINISHED_APPOINTMENT_STATUSES)
      .$if(Boolean(query.excludeId), (q) => q.where('o.id', '!=', query.excludeId!));

  const conflicts: TAppointmentConflict[] = [];
  if (query.attendeeIds.length > 0) {
    const rows = await overlapping()
      .innerJoin('appointment_attendees as a', 'a.appointment_id', 'o.id')
      .select(['o.id', 'o.title', 'o.start_time', 'o.end_time', 'a.user_id', needToKnowOf(actor, 'o.case_id')])
      .where('a.user_id', 'in', [...query.attendeeIds])
      .orderBy('o.start_time')
      .orderBy('o.id')
      .execute();
    for (const row of rows) conflicts.push({ appointmentId: row.id, userId: row.user_id, title: titleOf(row), startTime: row.start_time, endTime: row.end_time });
  }
  if (room !== '') {
    const rows = await overlapping()
      .select(['o.id', 'o.title', 'o.start_time', 'o.end_time', 'o.location', needToKnowOf(actor, 'o.case_id')])
      .where('o.location', 'is not', null)
      .orderBy('o.start_time')
      .orderBy('o.id')
      .execute();
    for (const row of rows) {
      if (roomKey(row.location) === room) conflicts.push({ appointmentId: row.id, userId: null, title: titleOf(row), startTime: row.start_time, endTime: row.end_time });
    }
  }
  return conflicts;
}
