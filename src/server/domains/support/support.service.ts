import { randomUUID } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  type TChatMessage,
  type TCreateSupportChatInput,
  type TListChatMessagesInput,
  type TListSupportChatsInput,
  type TSendChatMessageInput,
  type TSupportChat,
  type TSupportStatus,
  type TUpdateSupportChatStatusInput,
  canMoveSupportChat,
} from '../../../shared/domain/support';
import { fullName } from '../../../shared/format';
import { AppError } from '../../errors';
import type { Actor } from '../../auth/actor';

// Live-support chats (SPEC §2.14). Not a plain tenant domain: a member sees and writes only the chats
// they started in their organisation, while a Super Admin — who may belong to no organisation —
// answers every organisation's chats. Identity always comes from the actor, never from the input.

/** Chats older than this many messages are paged by the caller's `after` cursor. */
const MESSAGE_PAGE_SIZE = 500;

function chatNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Support chat not found');
}

/** The chats this actor may see: everything for a Super Admin, else their own in their organisation. */
function scopeChats<O>(query: SelectQueryBuilder<DB, 'support_chats', O>, actor: Actor): SelectQueryBuilder<DB, 'support_chats', O> {
  if (actor.isSuperAdmin) return query;
  const own = query.where('support_chats.initiator_id', '=', actor.userId);
  return actor.organizationId === null
    ? own.where('support_chats.organization_id', 'is', null)
    : own.where('support_chats.organization_id', '=', actor.organizationId);
}

export function selectChats(db: Kysely<DB>, actor: Actor) {
  return scopeChats(db.selectFrom('support_chats'), actor)
    .innerJoin('users', 'users.id', 'support_chats.initiator_id')
    .leftJoin('organizations', 'organizations.id', 'support_chats.organization_id')
    .selectAll('support_chats')
    .select(['users.first_name', 'users.last_name', 'organizations.name as organization_name'])
    .select((eb) =>
      eb
        .selectFrom('chat_messages')
        .select((m) => m.fn.max('chat_messages.created_at').as('last'))
        .whereRef('chat_messages.chat_id', '=', 'support_chats.id')
        .as('last_message_at'),
    );
}

type ChatRow = Awaited<ReturnType<ReturnType<typeof selectChats>['executeTakeFirstOrThrow']>>;

export function toSupportChat(row: ChatRow): TSupportChat {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    priority: row.priority,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    initiatorId: row.initiator_id,
    initiatorName: nameOf(row.first_name, row.last_name),
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    lastMessageAt: row.last_message_at ?? null,
  };
}

const nameOf = (first: string, last: string): string => fullName(first, last) ?? '';

async function findChat(db: Kysely<DB>, actor: Actor, id: string): Promise<TSupportChat> {
  const row = await selectChats(db, actor).where('support_chats.id', '=', id).executeTakeFirst();
  if (!row) throw chatNotFound();
  return toSupportChat(row);
}

export async function listSupportChats(db: Kysely<DB>, actor: Actor, input: TListSupportChatsInput): Promise<TSupportChat[]> {
  let query = selectChats(db, actor);
  if (input.status) query = query.where('support_chats.status', '=', input.status);
  const rows = await query
    .orderBy('support_chats.created_at', 'desc')
    .orderBy('support_chats.id')
    .limit(input.limit)
    .execute();
  return rows.map(toSupportChat);
}

/** SPEC §5: a new chat starts Open with its first message — the description, or 'Support request: {title}'. */
export async function createSupportChat(db: Kysely<DB>, actor: Actor, input: TCreateSupportChatInput): Promise<TSupportChat> {
  const now = nowIso();
  const id = randomUUID();
  const firstMessage = input.initialMessage ?? input.description ?? `Support request: ${input.title}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('support_chats')
      .values({
        id,
        organization_id: actor.organizationId,
        initiator_id: actor.userId,
        title: input.title,
        category: input.category,
        priority: input.priority,
        status: 'Open',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('chat_messages')
      .values({
        id: randomUUID(),
        chat_id: id,
        organization_id: actor.organizationId,
        sender_id: actor.userId,
        message: firstMessage,
        message_type: 'text',
        created_at: now,
      })
      .execute();
  });
  return findChat(db, actor, id);
}

/** Open → In Progress → Resolved → Closed, one or more steps forward; any status may go back to Open. */
export async function updateSupportChatStatus(db: Kysely<DB>, actor: Actor, input: TUpdateSupportChatStatusInput): Promise<TSupportChat> {
  if (!actor.isSuperAdmin) throw new AppError('FORBIDDEN', 'Only a Super Admin can change the status of a support chat.');
  await db.transaction().execute(async (trx) => {
    const chat = await trx.selectFrom('support_chats').select('status').where('id', '=', input.id).executeTakeFirst();
    if (!chat) throw chatNotFound();
    const from = chat.status as TSupportStatus;
    if (!canMoveSupportChat(from, input.status)) {
      throw new AppError('CONFLICT', `A support chat that is ${from} cannot move to ${input.status}.`);
    }
    const result = await trx
      .updateTable('support_chats')
      .set({ status: input.status, updated_at: nowIso() })
      .where('id', '=', input.id)
      .where('status', '=', from)
      .executeTakeFirst();
    // Someone else moved it between our read and write: report it rather than skip the check.
    if (Number(result.numUpdatedRows) === 0) throw new AppError('CONFLICT', 'This support chat was changed meanwhile; reload and try again.');
  });
  return findChat(db, actor, input.id);
}

function selectMessages(db: Kysely<DB>) {
  return db
    .selectFrom('chat_messages')
    .innerJoin('users', 'users.id', 'chat_messages.sender_id')
    .select([
      'chat_messages.id',
      'chat_messages.chat_id',
      'chat_messages.sender_id',
      'chat_messages.message',
      'chat_messages.message_type',
      'chat_messages.created_at',
      'users.first_name',
      'users.last_name',
    ]);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['executeTakeFirstOrThrow']>>;

function toChatMessage(row: MessageRow): TChatMessage {
  return {
    id: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    senderName: nameOf(row.first_name, row.last_name),
    message: row.message,
    messageType: row.message_type,
    createdAt: row.created_at,
  };
}

async function assertChatVisible(db: Kysely<DB>, actor: Actor, chatId: string): Promise<{ status: string; organization_id: string | null }> {
  const chat = await scopeChats(db.selectFrom('support_chats'), actor)
    .select(['support_chats.status', 'support_chats.organization_id'])
    .where('support_chats.id', '=', chatId)
    .executeTakeFirst();
  if (!chat) throw chatNotFound();
  return chat;
}

/** Oldest first; with `after`, only what is newer, so the 2-second poll of an idle thread is empty. */
export async function listChatMessages(db: Kysely<DB>, actor: Actor, input: TListChatMessagesInput): Promise<TChatMessage[]> {
  await assertChatVisible(db, actor, input.chatId);
  let query = selectMessages(db).where('chat_messages.chat_id', '=', input.chatId);
  if (input.after) query = query.where('chat_messages.created_at', '>', new Date(input.after).toISOString());
  const rows = await query.orderBy('chat_messages.created_at').orderBy('chat_messages.id').limit(MESSAGE_PAGE_SIZE).execute();
  return rows.map(toChatMessage);
}

export async function sendChatMessage(db: Kysely<DB>, actor: Actor, input: TSendChatMessageInput): Promise<TChatMessage> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    const chat = await assertChatVisible(trx, actor, input.chatId);
    if (chat.status === 'Closed') throw new AppError('CONFLICT', 'This conversation is closed');
    // Keep a thread's timestamps strictly increasing, so a poller passing the newest createdAt it
    // holds as `after` can never miss a message written in that same millisecond.
    const latest = await trx
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.max('created_at').as('last'))
      .where('chat_id', '=', input.chatId)
      .executeTakeFirst();
    const now = nowIso();
    const createdAt = latest?.last && latest.last >= now ? new Date(new Date(latest.last).getTime() + 1).toISOString() : now;
    await trx
      .insertInto('chat_messages')
      .values({
        id,
        chat_id: input.chatId,
        // The message belongs to the conversation's organisation, also when a Super Admin answers.
        organization_id: chat.organization_id,
        sender_id: actor.userId,
        message: input.message,
        message_type: input.messageType,
        created_at: createdAt,
      })
      .execute();
    await trx.updateTable('support_chats').set({ updated_at: createdAt }).where('id', '=', input.chatId).execute();
  });
  const row = await selectMessages(db).where('chat_messages.id', '=', id).executeTakeFirstOrThrow();
  return toChatMessage(row);
}
