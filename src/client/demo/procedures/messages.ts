import { openCase, teamMembersOf } from './case-file-state';
import {
  type TMessage,
  type TMessageAudience,
  type TSendMessageInput,
  ZListMessagesInput,
  ZMarkMessageReadInput,
  ZReplyMessageInput,
  ZSendMessageInput,
  replySubject,
} from '../../../shared/domain/messages';
import { rolesOfPlatform } from '../../../shared/roles';
import { type DemoContext, myName, nameOf } from '../context';
import { badRequest, notFound } from '../demo-error';
import { demoMessages } from '../fixtures/messages';
import { type DemoProcedures, procedure } from '../procedure';
import { requireCase } from './appointments';

type DemoMessage = TMessage & { sentTo?: string[] };

export function allMessages(ctx: DemoContext): TMessage[] {
  return ctx.overlay
    .merge<DemoMessage>('messages', demoMessages(ctx.platform, ctx.anchor, ctx.me.id, (id) => nameOf(ctx, id)))
    .map(({ sentTo: _sentTo, ...message }) => message)
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
        .filter((m) => !input.threadId || m.threadId === input.threadId || m.id === input.threadId)
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
      // As the server: the visitor sent it and has read it; the list shows it to the visitor only,
      // as the message they sent (the colleagues it went to are fixtures).
      const to = resolveAudience(ctx, input);
      const id = ctx.newId();
      const { sentTo: _sentTo, ...message } = ctx.overlay.put<DemoMessage>('messages', {
        id,
        sentTo: to.recipientIds,
        senderId: ctx.me.id,
        senderName: myName(ctx),
        recipientId: to.recipientIds.length === 1 && to.audience !== 'broadcast' ? to.recipientIds[0]! : null,
        subject: input.subject,
        content: input.content,
        isRead: true,
        messageType: to.audience === 'broadcast' ? 'broadcast' : 'direct',
        createdAt: ctx.nowIso(),
        patientCaseId: input.patientCaseId,
        threadId: id,
        parentId: null,
        audience: to.audience,
        audienceLabel: to.label,
      });
      return message;
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
      if (original.senderId === null || (original.senderId === ctx.me.id && !input.replyAll)) {
        throw badRequest('You can only reply to a message someone sent you', { id: 'You can only reply to a message someone sent you' });
      }
      if (input.replyAll && original.audience === 'broadcast') {
        const message = 'A message to everybody is answered to its sender: send a new message to reach everybody';
        throw badRequest(message, { replyAll: message });
      }
      // As the server: to the sender (with replyAll, and the others it went to), about the same case,
      // threaded under the original. The demo knows a fixture's recipients only as the visitor.
      const others = input.replyAll && original.senderId === ctx.me.id ? sentTo(ctx, original) : [];
      const recipients = [...new Set([original.senderId, ...others])].filter((id) => id !== ctx.me.id);
      const { sentTo: _sentTo, ...reply } = ctx.overlay.put<DemoMessage>('messages', {
        id: ctx.newId(),
        sentTo: recipients,
        senderId: ctx.me.id,
        senderName: myName(ctx),
        recipientId: recipients.length === 1 ? recipients[0]! : null,
        subject: replySubject(original.subject),
        content: input.content,
        isRead: true,
        messageType: 'direct',
        createdAt: ctx.nowIso(),
        patientCaseId: original.patientCaseId,
        threadId: original.threadId,
        parentId: original.id,
        audience: 'people',
        audienceLabel: recipients.map((id) => nameOf(ctx, id) ?? id).join(', '),
      });
      return reply;
    },
  }),
} satisfies Partial<DemoProcedures>;

// ---- whom a message goes to, as message-audience.ts on the server ---------------------------------

const PATIENT = 'Patient';

/** Whom a message the visitor sent went to (kept on the overlay row, never answered). */
function sentTo(ctx: DemoContext, message: TMessage): string[] {
  return ctx.overlay.rows<DemoMessage>('messages').find((m) => m.id === message.id)?.sentTo ?? [];
}

function refuse(field: string, message: string): never {
  throw badRequest(message, { [field]: message });
}

function resolveAudience(ctx: DemoContext, input: TSendMessageInput): { audience: TMessageAudience; label: string | null; recipientIds: string[] } {
  const others = ctx.members.filter((m) => m.id !== ctx.me.id);
  const named = (ids: readonly string[]) => ids.map((id) => nameOf(ctx, id) ?? id).join(', ');
  if (input.recipientIds.length > 0) {
    const wanted = input.recipientIds.filter((id) => id !== ctx.me.id);
    if (wanted.length === 0) refuse('recipientIds', 'Choose someone other than yourself');
    for (const id of wanted) {
      const member = others.find((m) => m.id === id);
      if (!member) refuse('recipientIds', 'Choose active members of your organisation');
      if (member.role === PATIENT) {
        const kase = input.patientCaseId ? openCase(ctx, input.patientCaseId) : null;
        if (kase?.patientUserId !== id) refuse('recipientIds', 'A patient can only be sent a message about their own case: choose the case first');
      }
    }
    return { audience: 'people', label: named(wanted), recipientIds: wanted };
  }
  if (input.recipientRole !== null) {
    const role = input.recipientRole;
    if (role === PATIENT || !(rolesOfPlatform(ctx.platform) as readonly string[]).includes(role)) refuse('recipientRole', "Choose one of your organisation's staff roles");
    const holders = others.filter((m) => m.role === role).map((m) => m.id);
    if (holders.length === 0) refuse('recipientRole', `Nobody else holds the role ${role}`);
    return { audience: 'role', label: `Role: ${role}`, recipientIds: holders };
  }
  if (input.toCaseTeam) {
    if (!input.patientCaseId) refuse('toCaseTeam', 'Choose the case whose team gets the message');
    const kase = openCase(ctx, input.patientCaseId);
    const team = [...new Set(teamMembersOf(ctx, kase).map((m) => m.userId))].filter((id) => id !== ctx.me.id && others.some((m) => m.id === id && m.role !== PATIENT));
    if (team.length === 0) refuse('toCaseTeam', 'This case has nobody else on its team yet');
    return { audience: 'team', label: `Team of ${kase.reference ?? kase.patientName}`, recipientIds: team };
  }
  // A broadcast carries no case (issues 28 and 32): everybody includes those who read no case file.
  if (input.patientCaseId) refuse('patientCaseId', "A message to everybody cannot be about a case: send it to the case's team or to people who work on it");
  return { audience: 'broadcast', label: null, recipientIds: others.filter((m) => m.role !== PATIENT).map((m) => m.id) };
}
