import {
  type TMessage,
  ZListMessagesInput,
  ZMarkMessageReadInput,
  ZSendMessageInput,
} from '../../../shared/domain/messages';
import { type DemoContext, myName, nameOf } from '../context';
import { notFound } from '../demo-error';
import { demoMessages } from '../fixtures/messages';
import { type DemoProcedures, procedure } from '../procedure';
import { requireCase } from './appointments';

function allMessages(ctx: DemoContext): TMessage[] {
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
      return allMessages(ctx)
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
      return ctx.overlay.put<TMessage>('messages', {
        id: ctx.newId(),
        senderId: ctx.me.id,
        senderName: myName(ctx),
        recipientId: null,
        subject: input.subject,
        content: input.content,
        isRead: true,
        messageType: 'broadcast',
        createdAt: ctx.nowIso(),
        patientCaseId: input.patientCaseId,
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
} satisfies Partial<DemoProcedures>;
