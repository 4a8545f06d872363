import { openCase } from './case-file-state';
import {
  type TMessage,
  ZListMessagesInput,
  ZMarkMessageReadInput,
  ZReplyMessageInput,
  ZSendMessageInput,
  replySubject,
} from '../../../shared/domain/messages';
import { type DemoContext, myName, nameOf } from '../context';
import { badRequest, notFound } from '../demo-error';
import { demoMessages } from '../fixtures/messages';
import { type DemoProcedures, procedure } from '../procedure';
import { requireCase } from './appointments';

export function allMessages(ctx: DemoContext): TMessage[] {
  return ctx.overlay
    .merge('messages', demoMessages(ctx.platform, ctx.anchor, ctx.me.id, (id) => nameOf(ctx, id)))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

export const messagesProcedures = {
  'messages.list': procedure({
    input: ZListMessagesInput,
    capability: 'messages.use',
    run(ctx, input) {
      const term = input.search?.trim().toLowerCase();
      // ?caseId= (issue 18): the case's thread, through need to know as on the server.
      const caseId = input.caseId ? openCase(ctx, input.caseId).id : null;
      return allMessages(ctx)
        .filter((m) => !caseId || m.patientCaseId === caseId)
        .filter((m) => !term || m.subject.toLowerCase().includes(term) || m.content.toLowerCase().includes(term))
        .slice(0, input.limit);
    },
  }),

  'messages.unreadCount': procedure({
    input: null,
    capability: 'messages.use',
    run: (ctx) => ({ count: allMessages(ctx).filter((m) => !m.isRead).length }),
  }),

  'messages.send': procedure({
    input: ZSendMessageInput,
    capability: 'messages.use',
    run(ctx, input) {
      requireCase(ctx, input.patientCaseId, 'patientCaseId');
      // As the server: every message goes out as a broadcast, and the sender has read their own.
      const id = ctx.newId();
      return ctx.overlay.put<TMessage>('messages', {
        id,
        senderId: ctx.me.id,
        senderName: myName(ctx),
        recipientId: null,
        subject: input.subject,
        content: input.content,
        isRead: true,
        messageType: 'broadcast',
        createdAt: ctx.nowIso(),
        patientCaseId: input.patientCaseId,
        threadId: id,
        parentId: null,
        audience: 'broadcast',
        audienceLabel: null,
      });
    },
  }),

  'messages.markRead': procedure({
    input: ZMarkMessageReadInput,
    capability: 'messages.use',
    run(ctx, input) {
      const message = allMessages(ctx).find((m) => m.id === input.id);
      if (!message) throw notFound('Message');
      return message.isRead ? message : ctx.overlay.put('messages', { ...message, isRead: true });
    },
  }),

  'messages.reply': procedure({
    input: ZReplyMessageInput,
    capability: 'messages.use',
    run(ctx, input) {
      const original = allMessages(ctx).find((m) => m.id === input.id);
      if (!original) throw notFound('Message');
      if (original.senderId === null || original.senderId === ctx.me.id) {
        throw badRequest('You can only reply to a message someone sent you', { id: 'You can only reply to a message someone sent you' });
      }
      // As the server: a direct message to the sender alone, about the same case.
      return ctx.overlay.put<TMessage>('messages', {
        id: ctx.newId(),
        senderId: ctx.me.id,
        senderName: myName(ctx),
        recipientId: original.senderId,
        subject: replySubject(original.subject),
        content: input.content,
        isRead: true,
        messageType: 'direct',
        createdAt: ctx.nowIso(),
        patientCaseId: original.patientCaseId,
        threadId: original.threadId,
        parentId: original.id,
        audience: 'people',
        audienceLabel: original.senderName,
      });
    },
  }),
} satisfies Partial<DemoProcedures>;
