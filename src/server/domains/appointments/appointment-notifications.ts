import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { formatSaDateTime } from '../../../shared/format';
import type { TNotificationKind } from '../../../shared/domain/notifications';
import type { TenantActor } from '../../auth/actor';
import { notify } from '../notifications/notify';

// What an appointment's attendees are told (issue 21): booked with them, moved, cancelled. The
// person who made the change is not told about their own change.

const TITLES = {
  'appointment.booked': 'Appointment booked',
  'appointment.moved': 'Appointment moved',
  'appointment.cancelled': 'Appointment cancelled',
} as const satisfies Partial<Record<TNotificationKind, string>>;

export async function notifyAttendees(
  db: Kysely<DB>,
  actor: TenantActor,
  appointment: { id: string; title: string; startTime: string },
  userIds: readonly string[],
  kind: keyof typeof TITLES,
  at: string,
): Promise<void> {
  const when = formatSaDateTime(appointment.startTime);
  const message =
    kind === 'appointment.cancelled' ? `${appointment.title} on ${when} is cancelled` : kind === 'appointment.moved' ? `${appointment.title} is now on ${when}` : `${appointment.title} on ${when}`;
  await notify(db, actor.organizationId, userIds, { kind, title: TITLES[kind], message, href: `/schedule?appointmentId=${encodeURIComponent(appointment.id)}` }, { exceptUserId: actor.userId, at });
}
