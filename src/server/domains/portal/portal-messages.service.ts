import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  APPOINTMENT_REQUEST_SUBJECT,
  PORTAL_MESSAGE_LIMIT,
  type TPortalMessage,
  type TPortalSendMessageInput,
  type TRequestAppointmentInput,
  type TRequestRescheduleInput,
  rescheduleRequestSubject,
} from '../../../shared/domain/portal';
import { formatDateTime, fullName } from '../../../shared/format';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';
import { notifyPortalRequest } from '../notifications/notification-triggers';
import { requireOwnCase } from './own-cases';
import { isReschedulable } from './portal-records.service';

// A Patient's conversation with their care team: direct messages only (message_type 'direct',
// recipient_id set, one message_recipients row for the recipient). Staff broadcasts are internal
// and never reach a Patient. A message the patient sends lands in the staff member's /messages
// inbox through that recipient row, unread until they open it.

type CareTeamCase = Awaited<ReturnType<typeof requireOwnCase>>;

/** The assigned doctor, else the nurse, else the case manager — whoever is still an active member. */
async function careTeamContact(db: Kysely<DB>, actor: TenantActor, kase: CareTeamCase): Promise<string> {
  const candidates = [kase.assigned_doctor_id, kase.assigned_nurse_id, kase.case_manager_id].filter((id): id is string => id !== null);
  if (candidates.length > 0) {
    const active = await db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('memberships.user_id')
      .where('memberships.organization_id', '=', actor.organizationId)
      .where('memberships.status', '=', 'active')
      .where('users.is_active', '=', 1)
      .where('memberships.user_id', 'in', candidates)
      .execute();
    const ids = new Set(active.map((a) => a.user_id));
    const first = candidates.find((id) => ids.has(id));
    if (first) return first;
  }
  const message = 'Nobody on your care team can receive messages for this case yet. Please phone the hospital.';
  throw new AppError('CONFLICT', message, { caseId: message });
}

function selectPortalMessages(db: Kysely<DB>, actor: TenantActor) {
  return db
    .selectFrom('messages')
    .leftJoin('users as sender', 'sender.id', 'messages.sender_id')
    .leftJoin('users as recipient', 'recipient.id', 'messages.recipient_id')
    .leftJoin('message_recipients as mine', (join) =>
      join.onRef('mine.message_id', '=', 'messages.id').on('mine.user_id', '=', actor.userId),
    )
    .select([
      'messages.id', 'messages.sender_id', 'messages.patient_case_id', 'messages.subject', 'messages.content', 'messages.created_at',
      'sender.first_name as sender_first', 'sender.last_name as sender_last',
      'recipient.first_name as recipient_first', 'recipient.last_name as recipient_last',
      'mine.read_at as my_read_at',
    ])
    .where('messages.organization_id', '=', actor.organizationId)
    .where('messages.message_type', '=', 'direct')
    .where((eb) => eb.or([eb('messages.sender_id', '=', actor.userId), eb('messages.recipient_id', '=', actor.userId)]));
}

type PortalMessageRow = Awaited<ReturnType<ReturnType<typeof selectPortalMessages>['executeTakeFirstOrThrow']>>;

function toPortalMessage(row: PortalMessageRow, actor: TenantActor): TPortalMessage {
  const sent = row.sender_id === actor.userId;
  return {
    id: row.id,
    caseId: row.patient_case_id,
    subject: row.subject,
    content: row.content,
    createdAt: row.created_at,
    direction: sent ? 'sent' : 'received',
    otherPartyName: sent ? fullName(row.recipient_first, row.recipient_last) : fullName(row.sender_first, row.sender_last),
    isRead: sent ? true : row.my_read_at !== null,
  };
}

export async function portalMessages(db: Kysely<DB>, actor: TenantActor): Promise<TPortalMessage[]> {
  const rows = await selectPortalMessages(db, actor)
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(PORTAL_MESSAGE_LIMIT)
    .execute();
  return rows.map((r) => toPortalMessage(r, actor));
}

async function sendToCareTeam(db: Kysely<DB>, actor: TenantActor, caseId: string, subject: string, content: string): Promise<TPortalMessage> {
  const id = randomUUID();
  const createdAt = nowIso();
  await db.transaction().execute(async (trx) => {
    const kase = await requireOwnCase(trx, actor, caseId);
    const recipientId = await careTeamContact(trx, actor, kase);
    await trx
      .insertInto('messages')
      .values({
        id,
        organization_id: actor.organizationId,
        sender_id: actor.userId,
        recipient_id: recipientId,
        subject,
        content,
        message_type: 'direct',
        patient_case_id: kase.id,
        created_at: createdAt,
      })
      .execute();
    await trx.insertInto('message_recipients').values({ message_id: id, user_id: recipientId, organization_id: actor.organizationId, read_at: null, created_at: createdAt }).execute();
    // Issue 21: the case's team (else the Administrators) sees the request in the bell.
    await notifyPortalRequest(trx, actor, kase.id, subject);
  });
  const row = await selectPortalMessages(db, actor).where('messages.id', '=', id).executeTakeFirstOrThrow();
  return toPortalMessage(row, actor);
}

export function sendPortalMessage(db: Kysely<DB>, actor: TenantActor, input: TPortalSendMessageInput): Promise<TPortalMessage> {
  return sendToCareTeam(db, actor, input.caseId, input.subject, input.content);
}

/** '2026-12-01' → 'Tuesday, 1 December 2026': the care team reads the request, not a timestamp. */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-ZA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00.000Z`));
}

/** '28 Nov 2026, 08:30' in SA time, as every date the product shows (issue 32). */
function localDateTime(iso: string): string {
  return formatDateTime(iso);
}

export function requestAppointment(db: Kysely<DB>, actor: TenantActor, input: TRequestAppointmentInput): Promise<TPortalMessage> {
  const content = `Preferred date: ${longDate(input.preferredDate)}\n\nReason: ${input.reason}`;
  return sendToCareTeam(db, actor, input.caseId, APPOINTMENT_REQUEST_SUBJECT, content);
}

export async function requestReschedule(db: Kysely<DB>, actor: TenantActor, input: TRequestRescheduleInput): Promise<TPortalMessage> {
  const appointment = await db
    .selectFrom('appointments')
    .innerJoin('cases', 'cases.id', 'appointments.case_id')
    .select(['appointments.id', 'appointments.case_id', 'appointments.title', 'appointments.start_time', 'appointments.status'])
    .where('appointments.organization_id', '=', actor.organizationId)
    .where('cases.organization_id', '=', actor.organizationId)
    .where('cases.patient_user_id', '=', actor.userId)
    .where('appointments.id', '=', input.appointmentId)
    .executeTakeFirst();
  if (!appointment) throw new AppError('NOT_FOUND', 'Appointment not found');
  if (!isReschedulable(appointment.status, appointment.start_time)) {
    const message = 'This appointment has already taken place or been cancelled';
    throw new AppError('CONFLICT', message, { appointmentId: message });
  }
  const content = [
    `Current booking: ${localDateTime(appointment.start_time)}`,
    `Preferred date: ${longDate(input.preferredDate)}`,
    '',
    `Reason: ${input.reason}`,
  ].join('\n');
  return sendToCareTeam(db, actor, appointment.case_id!, rescheduleRequestSubject(appointment.title), content);
}
