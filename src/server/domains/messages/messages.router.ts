import { z } from 'zod';
import { ZListMessagesInput, ZMarkMessageReadInput, ZMessage, ZReplyMessageInput, ZSendMessageInput, ZUnreadCount } from '../../../shared/domain/messages';
import { router, tenantProcedure } from '../../trpc';
import { countUnreadMessages, listMessages, markMessageRead, replyToMessage, sendMessage } from './messages.service';

export const messagesRouter = router({
  list: tenantProcedure
    .meta({ capability: 'messages.use', openapi: { method: 'GET', path: '/messages', tags: ['messages'], summary: "The caller's messages, received and sent, newest first; ?caseId= for one case's messages, ?threadId= for one thread" } })
    .input(ZListMessagesInput)
    .output(z.array(ZMessage))
    .query(({ ctx, input }) => listMessages(ctx.db, ctx.actor, input)),

  unreadCount: tenantProcedure
    .meta({ capability: 'messages.use', openapi: { method: 'GET', path: '/messages/unread-count', tags: ['messages'], summary: "How many of the caller's messages are unread" } })
    .input(z.void())
    .output(ZUnreadCount)
    .query(({ ctx }) => countUnreadMessages(ctx.db, ctx.actor)),

  send: tenantProcedure
    .meta({ capability: 'messages.use', openapi: { method: 'POST', path: '/messages', tags: ['messages'], summary: 'Send a message to everybody of the organisation (no recipients), to named people (recipientIds), a role (recipientRole) or the case team (toCaseTeam)' } })
    .input(ZSendMessageInput)
    .output(ZMessage)
    .mutation(({ ctx, input }) => sendMessage(ctx.db, ctx.actor, input)),

  markRead: tenantProcedure
    .meta({ capability: 'messages.use', openapi: { method: 'PATCH', path: '/messages/{id}/read', tags: ['messages'], summary: "Mark a message read for the caller" } })
    .input(ZMarkMessageReadInput)
    .output(ZMessage)
    .mutation(({ ctx, input }) => markMessageRead(ctx.db, ctx.actor, input.id)),

  reply: tenantProcedure
    .meta({ capability: 'messages.use', openapi: { method: 'POST', path: '/messages/{id}/reply', tags: ['messages'], summary: 'Reply to the sender of a message (replyAll: and its other recipients); the reply threads under it' } })
    .input(ZReplyMessageInput)
    .output(ZMessage)
    .mutation(({ ctx, input }) => replyToMessage(ctx.db, ctx.actor, input)),
});
