import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { containsAny } from '../../../../db/search';
import { nowIso } from '../../../../db/time';
import {
  MESSAGE_TYPES,
  type TListMessagesInput,
  type TMessage,
  type TMessageType,
  type TReplyMessageInput,
  type TSendMessageInput,
  type TUnreadCount,
  replySubject,
} from '../../../shared/domain/messages';
import { requireCaseReference } from '../cases/case-references';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// Messages are broadcasts to the sender's organisation (SPEC §5). Read state lives per person in
// message_recipients, so one member reading a broadcast leaves it unread for everyone else. A message
// about a case (patientCaseId) is part of that case: its thread on the case page, and an entry on its
// timeline. The timeline says that a message was sent, not what it says: the subject can name more
// than the case's readers should see, and de-identification rewrites messages, not the timeline.

const PATIENT_ROLE = 'Patient';

// Rows per multi-row INSERT: keeps a large organisation's broadcast under SQLite's bound-parameter limit.
const RECIPIENT_BATCH = 500;

/** The messages the caller can see: received (a recipient row of theirs) or sent by them. */
function selectVisibleMessages(db: Kysely<DB>, actor: TenantActor) {
  return db
    .selectFrom('messages')
    .leftJoin('message_recipients as mine', (join) =>
      join.onRef('mine.message_id', '=', 'messages.id').on('mine.user_id', '=', actor.userId),
    )
    .leftJoin('users as sender', 'sender.id', 'messages.sender_id')
    .select([
      'messages.id',
      'messages.sender_id',
      'messages.recipient_id',
      'messages.subject',
      'messages.content',
      'messages.message_type',
      'messages.patient_case_id',
      'messages.created_at',
      'messages.thread_id',
      'messages.parent_id',
      'messages.audience',
      'messages.audience_label',
      'mine.user_id as my_user_id',
      'mine.read_at as my_read_at',
      'sender.first_name as sender_first_name',
      'sender.last_name as sender_last_name',
    ])
    .where('messages.organization_id', '=', actor.organizationId)
    .where((eb) => eb.or([eb('mine.user_id', 'is not', null), eb('messages.sender_id', '=', actor.userId)]));
}

type VisibleMessageRow = Awaited<ReturnType<ReturnType<typeof selectVisibleMessages>['executeTakeFirstOrThrow']>>;

function toMessage(row: VisibleMessageRow): TMessage {
  const senderName = [row.sender_first_name, row.sender_last_name].filter(Boolean).join(' ').trim();
  return {
    id: row.id,
    senderId: row.sender_id,
    senderName: senderName || null,
    recipientId: row.recipient_id,
    subject: row.subject,
    content: row.content,
    // Received: the caller's own recipient row decides. Sent only: the sender has read it.
    isRead: row.my_user_id !== null ? row.my_read_at !== null : true,
    messageType: (MESSAGE_TYPES as readonly string[]).includes(row.message_type) ? (row.message_type as TMessageType) : 'broadcast',
    createdAt: row.created_at,
    patientCaseId: row.patient_case_id,
    threadId: row.thread_id ?? row.id,
    parentId: row.parent_id,
    audience: row.audience,
    audienceLabel: row.audience_label,
  };
}

export async function listMessages(db: Kysely<DB>, actor: TenantActor, input: TListMessagesInput): Promise<TMessage[]> {
  let query = selectVisibleMessages(db, actor);
  if (input.caseId) {
    const kase = await requireCaseAccess(db, actor, input.caseId);
    query = query.where('messages.patient_case_id', '=', kase.id);
  }
  const term = input.search?.trim();
  if (term) query = query.where((eb) => containsAny(eb, ['messages.subject', 'messages.content'], term));
  const rows = await query.orderBy('messages.created_at', 'desc').orderBy('messages.id', 'desc').limit(input.limit).execute();
  return rows.map(toMessage);
}

export async function countUnreadMessages(db: Kysely<DB>, actor: TenantActor): Promise<TUnreadCount> {
  const row = await db
    .selectFrom('message_recipients')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', actor.userId)
    .where('organization_id', '=', actor.organizationId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0) };
}

async function findVisibleMessage(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TMessage> {
  const row = await selectVisibleMessages(db, actor).where('messages.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Message not found');
  return toMessage(row);
}

/** SPEC §5: every message goes out as a broadcast to all active staff members of the sender's organisation. */
export async function sendMessage(db: Kysely<DB>, actor: TenantActor, input: TSendMessageInput): Promise<TMessage> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    if (input.patientCaseId) {
      await requireCaseReference(trx, actor.organizationId, input.patientCaseId, 'patientCaseId');
      await requireCaseAccess(trx, actor, input.patientCaseId); // writing about a restricted case needs need to know
    }
    const recipients = await trx
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('memberships.user_id')
      .where('memberships.organization_id', '=', actor.organizationId)
      .where('memberships.status', '=', 'active')
      .where('users.is_active', '=', 1)
      .where('memberships.user_id', '!=', actor.userId)
      // Broadcasts are internal staff messages: a Patient member hears from their care team only
      // through direct messages (the patient portal).
      .where('memberships.role', '!=', PATIENT_ROLE)
      .execute();
    await trx
      .insertInto('messages')
      .values({
        id,
        organization_id: actor.organizationId,
        sender_id: actor.userId,
        recipient_id: null,
        subject: input.subject,
        content: input.content,
        message_type: 'broadcast',
        patient_case_id: input.patientCaseId,
        created_at: nowIso(),
      })
      .execute();
    if (input.patientCaseId) await messageOnTimeline(trx, actor, input.patientCaseId, id, 'broadcast');
    for (let i = 0; i < recipients.length; i += RECIPIENT_BATCH) {
      const batch = recipients.slice(i, i + RECIPIENT_BATCH);
      await trx
        .insertInto('message_recipients')
        .values(batch.map((r) => ({ message_id: id, user_id: r.user_id, organization_id: actor.organizationId, read_at: null })))
        .execute();
    }
  });
  return findVisibleMessage(db, actor, id);
}

async function messageOnTimeline(trx: Kysely<DB>, actor: TenantActor, caseId: string, messageId: string, type: 'broadcast' | 'direct'): Promise<void> {
  await appendCaseEvent(trx, {
    organizationId: actor.organizationId,
    caseId,
    actorId: actor.userId,
    kind: 'message.sent',
    summary: type === 'direct' ? 'Reply sent about this case' : 'Message sent to the team about this case',
    details: { messageId },
  });
}

/** Marks the caller's own copy read; the first read time is kept when it is marked again. */
export async function markMessageRead(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TMessage> {
  const mine = await db
    .selectFrom('message_recipients')
    .select('read_at')
    .where('message_id', '=', id)
    .where('user_id', '=', actor.userId)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!mine) throw new AppError('NOT_FOUND', 'Message not found');
  if (mine.read_at === null) {
    await db
      .updateTable('message_recipients')
      .set({ read_at: nowIso() })
      .where('message_id', '=', id)
      .where('user_id', '=', actor.userId)
      .where('organization_id', '=', actor.organizationId)
      .where('read_at', 'is', null)
      .execute();
  }
  return findVisibleMessage(db, actor, id);
}

/**
 * A direct reply to the sender of a message the caller received: the only way staff answer a
 * patient's portal message, so it keeps the message's case. Only that sender receives it.
 */
export async function replyToMessage(db: Kysely<DB>, actor: TenantActor, input: TReplyMessageInput): Promise<TMessage> {
  const original = await findVisibleMessage(db, actor, input.id);
  if (original.senderId === null || original.senderId === actor.userId) {
    const message = 'You can only reply to a message someone sent you';
    throw new AppError('BAD_REQUEST', message, { id: message });
  }
  const sender = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.id')
    .where('memberships.organization_id', '=', actor.organizationId)
    .where('memberships.user_id', '=', original.senderId)
    .where('memberships.status', '=', 'active')
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
  if (!sender) {
    const message = 'The sender is no longer a member of your organisation';
    throw new AppError('CONFLICT', message, { id: message });
  }
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('messages')
      .values({
        id,
        organization_id: actor.organizationId,
        sender_id: actor.userId,
        recipient_id: sender.id,
        subject: replySubject(original.subject),
        content: input.content,
        message_type: 'direct',
        patient_case_id: original.patientCaseId,
        created_at: nowIso(),
      })
      .execute();
    if (original.patientCaseId) await messageOnTimeline(trx, actor, original.patientCaseId, id, 'direct');
    await trx.insertInto('message_recipients').values({ message_id: id, user_id: sender.id, organization_id: actor.organizationId, read_at: null }).execute();
  });
  return findVisibleMessage(db, actor, id);
}
