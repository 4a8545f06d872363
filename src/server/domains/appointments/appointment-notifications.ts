import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { formatSaDateTime } from '../../../shared/format';
import type { TNotificationKind } from '../../../shared/domain/notifications';
import type { TenantActor } from '../../auth/actor';
import { notify } from '../notifications/notify';

// What an appointment's attendees are told (issue 21): booked with them, moved, cancelled. The
// person who made the change is not told about their own change. Staff follow the link to the
// schedule; a Patient attending has no schedule screen, so theirs opens the portal.

const TITLES = {
  'appointment.booked': 'Appointment booked',
  'appointment.moved': 'Appointment moved',
  'appointment.cancelled': 'Appointment cancelled',
} as const satisfies Partial<Record<TNotificationKind, string>>;

export async function notifyAttendees(
  db: Kysely<DB>,
  actor: TenantActor,
  appointment: { id: string; title: string; startTime: string; caseId: string | null },
  userIds: readonly string[],
  kind: keyof typeof TITLES,
  at: string,
): Promise<void> {
  const when = formatSaDateTime(appointment.startTime);
  const message =
    kind === 'appointment.cancelled' ? `${appointment.title} on ${when} is cancelled` : kind === 'appointment.moved' ? `${appointment.title} is now on ${when}` : `${appointment.title} on ${when}`;
  if (userIds.length === 0) return;
  const patients = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('organization_id', '=', actor.organizationId)
    .where('role', '=', 'Patient')
    .where('user_id', 'in', [...userIds])
    .execute();
  const patientIds = new Set(patients.map((row) => row.user_id));
  const draft = { kind, title: TITLES[kind], message, caseId: appointment.caseId };
  const staff = userIds.filter((id) => !patientIds.has(id));
  await notify(db, actor.organizationId, staff, { ...draft, href: `/schedule?appointmentId=${encodeURIComponent(appointment.id)}` }, { exceptUserId: actor.userId, at });
  await notify(db, actor.organizationId, [...patientIds], { ...draft, href: '/' }, { exceptUserId: actor.userId, at });
}
