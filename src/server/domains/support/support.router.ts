import { z } from 'zod';
import {
  ZChatMessage,
  ZCreateSupportChatInput,
  ZListChatMessagesInput,
  ZListSupportChatsInput,
  ZOpenBellResult,
  ZSendChatMessageInput,
  ZSupportBell,
  ZSupportChat,
  ZUpdateSupportChatStatusInput,
} from '../../../shared/domain/support';
import { authedProcedure, router } from '../../trpc';
import { openSupportBell, supportBell } from './support-bell.service';
import {
  createSupportChat,
  listChatMessages,
  listSupportChats,
  sendChatMessage,
  updateSupportChatStatus,
} from './support.service';

// authedProcedure, not tenantProcedure: a Super Admin has no organisation yet answers every
// organisation's chats. The service scopes everything by the actor.

export const supportRouter = router({
  listChats: authedProcedure
    .meta({ capability: 'support.use', openapi: { method: 'GET', path: '/support-chats', tags: ['support'], summary: "Support chats: the caller's own, or all for a Super Admin; newest first" } })
    .input(ZListSupportChatsInput)
    .output(z.array(ZSupportChat))
    .query(({ ctx, input }) => listSupportChats(ctx.db, ctx.actor, input)),

  createChat: authedProcedure
    .meta({ capability: 'support.use', openapi: { method: 'POST', path: '/support-chats', tags: ['support'], summary: 'Open a support chat with its first message' } })
    .input(ZCreateSupportChatInput)
    .output(ZSupportChat)
    .mutation(({ ctx, input }) => createSupportChat(ctx.db, ctx.actor, input)),

  updateChatStatus: authedProcedure
    .meta({ capability: 'support.manage', openapi: { method: 'PATCH', path: '/support-chats/{id}', tags: ['support'], summary: 'Move a support chat forward, or reopen it (Super Admin)' } })
    .input(ZUpdateSupportChatStatusInput)
    .output(ZSupportChat)
    .mutation(({ ctx, input }) => updateSupportChatStatus(ctx.db, ctx.actor, input)),

  listMessages: authedProcedure
    .meta({ capability: 'support.use', openapi: { method: 'GET', path: '/chat-messages/{chatId}', tags: ['support'], summary: 'Messages of a support chat, oldest first; only newer ones with ?after=' } })
    .input(ZListChatMessagesInput)
    .output(z.array(ZChatMessage))
    .query(({ ctx, input }) => listChatMessages(ctx.db, ctx.actor, input)),

  sendMessage: authedProcedure
    .meta({ capability: 'support.use', openapi: { method: 'POST', path: '/chat-messages', tags: ['support'], summary: 'Write in a support chat' } })
    .input(ZSendChatMessageInput)
    .output(ZChatMessage)
    .mutation(({ ctx, input }) => sendChatMessage(ctx.db, ctx.actor, input)),

  bell: authedProcedure
    .meta({ capability: 'support.manage', openapi: { method: 'GET', path: '/support-chats/bell', tags: ['support'], summary: 'Super Admin bell: up to 3 urgent/high and 5 recent open chats, and the unseen Open count' } })
    .input(z.void())
    .output(ZSupportBell)
    .query(({ ctx }) => supportBell(ctx.db, ctx.actor)),

  openBell: authedProcedure
    .meta({ capability: 'support.manage', openapi: { method: 'POST', path: '/support-chats/bell/open', tags: ['support'], summary: 'Mark the bell opened now, clearing its badge (Super Admin)' } })
    .input(z.void())
    .output(ZOpenBellResult)
    .mutation(({ ctx }) => openSupportBell(ctx.db, ctx.actor)),
});
