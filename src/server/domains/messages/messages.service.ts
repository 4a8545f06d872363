import { randomUUID } from 'node:crypto';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
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
import { type CaseAccess, requireCaseAccess } from '../cases/case-access';
import { aboutReadableCase } from '../cases/case-visibility';
import { notify } from '../notifications/notify';
import { fullName } from '../../../shared/format';
import { namesLabel, resolveAudience } from './message-audience';
import { appendCaseEvent } from '../timeline/case-events';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// Messages go to the sender's organisation (SPEC §5's broadcast) or to named people, a role or a
// case team (issue 21; message-audience.ts). Read state lives per person in
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
    .leftJoin('users as recipient', 'recipient.id', 'messages.recipient_id')
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
      'recipient.first_name as recipient_first_name',
      'recipient.last_name as recipient_last_name',
    ])
    .where('messages.organization_id', '=', actor.organizationId)
    .where((eb) => eb.or([eb('mine.user_id', 'is not', null), eb('messages.sender_id', '=', actor.userId)]))
    // A message about a case reaches only those who may read that case (issue 28; case-visibility.ts).
    .where((eb) => eb.or([eb('messages.sender_id', '=', actor.userId), aboutReadableCase(actor, 'messages.patient_case_id')(eb)]));
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
    ...audienceOf(row),
  };
}

/**
 * A portal message and a reply written before issue 21 went to one person (recipient_id) but carry
 * the column's default audience, 'broadcast': they are shown as sent to that person.
 */
function audienceOf(row: VisibleMessageRow): Pick<TMessage, 'audience' | 'audienceLabel'> {
  if (row.audience === 'broadcast' && row.recipient_id !== null) {
    return { audience: 'people', audienceLabel: fullName(row.recipient_first_name, row.recipient_last_name) };
  }
  return { audience: row.audience, audienceLabel: row.audience_label };
}

export async function listMessages(db: Kysely<DB>, actor: TenantActor, input: TListMessagesInput): Promise<TMessage[]> {
  const term = input.search?.trim();
  const conditions: ((eb: ExpressionBuilder<DB, 'messages'>) => Expression<SqlBool>)[] = [];
  if (input.caseId) {
    const kase = await requireCaseAccess(db, actor, input.caseId);
    conditions.push((eb) => eb('messages.patient_case_id', '=', kase.id));
  }
  if (input.threadId) conditions.push((eb) => eb.or([eb('messages.thread_id', '=', input.threadId!), eb('messages.id', '=', input.threadId!)]));
  if (term) conditions.push((eb) => containsAny(eb, ['messages.subject', 'messages.content'], term));
  const matching = (eb: ExpressionBuilder<DB, 'messages'>) => eb.and(conditions.map((condition) => condition(eb)));

  let query = selectVisibleMessages(db, actor).where(matching);
  // A case's or a thread's messages are found by their own index. The whole list is the caller's
  // newest: the newest `limit` they received (their recipient rows by time, migration 0018) and the
  // newest `limit` they sent, each matching and readable; the newest `limit` of those are the answer.
  if (!input.caseId && !input.threadId) {
    const received = db
      .selectFrom('message_recipients as to_me')
      .innerJoin('messages', 'messages.id', 'to_me.message_id')
      .select('messages.id')
      .where('to_me.user_id', '=', actor.userId)
      .where('to_me.organization_id', '=', actor.organizationId)
      .where(matching)
      .where(aboutReadableCase(actor, 'messages.patient_case_id'))
      .orderBy('to_me.created_at', 'desc')
      .orderBy('to_me.message_id', 'desc')
      .limit(input.limit);
    const sent = db
      .selectFrom('messages')
      .select('messages.id')
      .where('messages.organization_id', '=', actor.organizationId)
      .where('messages.sender_id', '=', actor.userId)
      .where(matching)
      .orderBy('messages.created_at', 'desc')
      .orderBy('messages.id', 'desc')
      .limit(input.limit);
    query = query.where('messages.id', 'in', db.selectFrom(received.as('r')).select('r.id').unionAll(db.selectFrom(sent.as('s')).select('s.id')));
  }
  const rows = await query.orderBy('messages.created_at', 'desc').orderBy('messages.id', 'desc').limit(input.limit).execute();
  return rows.map(toMessage);
}

export async function countUnreadMessages(db: Kysely<DB>, actor: TenantActor): Promise<TUnreadCount> {
  const row = await db
    .selectFrom('message_recipients')
    .innerJoin('messages', 'messages.id', 'message_recipients.message_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('message_recipients.user_id', '=', actor.userId)
    .where('message_recipients.organization_id', '=', actor.organizationId)
    .where('message_recipients.read_at', 'is', null)
    .where(aboutReadableCase(actor, 'messages.patient_case_id'))
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0) };
}

async function findVisibleMessage(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TMessage> {
  const row = await selectVisibleMessages(db, actor).where('messages.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Message not found');
  return toMessage(row);
}

/**
 * SPEC §5 and issue 21: a message goes to everybody (the broadcast), to named people, to a role or to
 * the case team (message-audience.ts). A message to people is listed only for its sender and its
 * recipients (their recipient rows), and notifies each of them once; a broadcast does not notify
 * (the messages badge counts it).
 */
export async function sendMessage(db: Kysely<DB>, actor: TenantActor, input: TSendMessageInput): Promise<TMessage> {
  const id = randomUUID();
  const createdAt = nowIso();
  await db.transaction().execute(async (trx) => {
    let kase: (CaseAccess & { patientUserId: string | null }) | null = null;
    if (input.patientCaseId) {
      await requireCaseReference(trx, actor.organizationId, input.patientCaseId, 'patientCaseId');
      const access = await requireCaseAccess(trx, actor, input.patientCaseId); // writing about a restricted case needs need to know
      const row = await trx.selectFrom('cases').select('patient_user_id').where('id', '=', access.id).executeTakeFirstOrThrow();
      kase = { ...access, patientUserId: row.patient_user_id };
    }
    const to = await resolveAudience(trx, actor, input, kase);
    await trx
      .insertInto('messages')
      .values({
        id,
        organization_id: actor.organizationId,
        sender_id: actor.userId,
        recipient_id: to.recipientId,
        subject: input.subject,
        content: input.content,
        message_type: to.audience === 'broadcast' ? 'broadcast' : 'direct',
        patient_case_id: input.patientCaseId,
        created_at: createdAt,
        thread_id: id,
        parent_id: null,
        audience: to.audience,
        audience_label: to.label,
      })
      .execute();
    if (input.patientCaseId) await messageOnTimeline(trx, actor, input.patientCaseId, id, to.audience === 'team' ? 'team' : 'people');
    await insertRecipients(trx, actor, id, createdAt, to.recipientIds);
    if (to.audience !== 'broadcast') await notifyRecipients(trx, actor, id, input.subject, to.recipientIds, to.patientIds);
  });
  return findVisibleMessage(db, actor, id);
}

/** A message's recipient rows carry its time (migration 0018): each person's list is an index walk. */
async function insertRecipients(trx: Kysely<DB>, actor: TenantActor, messageId: string, createdAt: string, userIds: readonly string[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += RECIPIENT_BATCH) {
    const batch = userIds.slice(i, i + RECIPIENT_BATCH);
    await trx
      .insertInto('message_recipients')
      .values(batch.map((userId) => ({ message_id: messageId, user_id: userId, organization_id: actor.organizationId, read_at: null, created_at: createdAt })))
      .execute();
  }
}

/** "Message from <sender>": staff open it on /messages, a Patient in the portal. */
async function notifyRecipients(
  trx: Kysely<DB>,
  actor: TenantActor,
  messageId: string,
  subject: string,
  userIds: readonly string[],
  patientIds: ReadonlySet<string>,
): Promise<void> {
  const sender = await trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', actor.userId).executeTakeFirst();
  const draft = {
    kind: 'message.direct' as const,
    title: `Message from ${fullName(sender?.first_name, sender?.last_name) ?? 'a colleague'}`,
    message: subject,
    dedupeKey: `message:${messageId}`,
  };
  const staff = userIds.filter((id) => !patientIds.has(id));
  const patients = userIds.filter((id) => patientIds.has(id));
  await notify(trx, actor.organizationId, staff, { ...draft, href: `/messages?messageId=${encodeURIComponent(messageId)}` }, { exceptUserId: actor.userId });
  await notify(trx, actor.organizationId, patients, { ...draft, href: '/' }, { exceptUserId: actor.userId });
}

async function messageOnTimeline(
  trx: Kysely<DB>,
  actor: TenantActor,
  caseId: string,
  messageId: string,
  type: 'team' | 'people' | 'reply',
): Promise<void> {
  const summary = {
    team: 'Message sent to the team about this case',
    people: 'Message sent about this case',
    reply: 'Reply sent about this case',
  }[type];
  await appendCaseEvent(trx, {
    organizationId: actor.organizationId,
    caseId,
    actorId: actor.userId,
    kind: 'message.sent',
    summary,
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
 * patient's portal message, so it keeps the message's case. Only that sender receives it — or, with
 * replyAll, the sender and the message's other recipients who are still active, the caller left out.
 * The reply threads under the message (its thread, parent = the message) and notifies its recipients.
 */
export async function replyToMessage(db: Kysely<DB>, actor: TenantActor, input: TReplyMessageInput): Promise<TMessage> {
  const original = await findVisibleMessage(db, actor, input.id);
  if (original.senderId === null || (original.senderId === actor.userId && !input.replyAll)) {
    const message = 'You can only reply to a message someone sent you';
    throw new AppError('BAD_REQUEST', message, { id: message });
  }
  if (input.replyAll && original.audience === 'broadcast') {
    const message = 'A message to everybody is answered to its sender: send a new message to reach everybody';
    throw new AppError('BAD_REQUEST', message, { replyAll: message });
  }
  const wanted = [original.senderId];
  if (input.replyAll) {
    const others = await db.selectFrom('message_recipients').select('user_id').where('message_id', '=', original.id).where('organization_id', '=', actor.organizationId).execute();
    wanted.push(...others.map((r) => r.user_id));
  }
  const candidates = [...new Set(wanted)].filter((id) => id !== actor.userId);
  const active = candidates.length === 0 ? [] : await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'memberships.role'])
    .where('memberships.organization_id', '=', actor.organizationId)
    .where('memberships.user_id', 'in', candidates)
    .where('memberships.status', '=', 'active')
    .where('users.is_active', '=', 1)
    .execute();
  const activeIds = new Set(active.map((r) => r.id));
  const recipients = candidates.filter((id) => activeIds.has(id));
  if (!activeIds.has(original.senderId) && !input.replyAll) {
    const message = 'The sender is no longer a member of your organisation';
    throw new AppError('CONFLICT', message, { id: message });
  }
  if (recipients.length === 0) {
    const message = 'Nobody who got this message is still a member of your organisation';
    throw new AppError('CONFLICT', message, { id: message });
  }
  const patientIds = new Set(active.filter((r) => r.role === PATIENT_ROLE).map((r) => r.id));
  const label = await namesLabel(db, recipients);
  const id = randomUUID();
  const createdAt = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('messages')
      .values({
        id,
        organization_id: actor.organizationId,
        sender_id: actor.userId,
        recipient_id: recipients.length === 1 ? recipients[0]! : ([...patientIds][0] ?? null),
        subject: replySubject(original.subject),
        content: input.content,
        message_type: 'direct',
        patient_case_id: original.patientCaseId,
        created_at: createdAt,
        thread_id: original.threadId,
        parent_id: original.id,
        audience: 'people',
        audience_label: label,
      })
      .execute();
    if (original.patientCaseId) await messageOnTimeline(trx, actor, original.patientCaseId, id, 'reply');
    await insertRecipients(trx, actor, id, createdAt, recipients);
    await notifyRecipients(trx, actor, id, replySubject(original.subject), recipients, patientIds);
  });
  return findVisibleMessage(db, actor, id);
}
