import {
  BELL_RECENT_MAX,
  BELL_URGENT_MAX,
  type TChatMessage,
  type TSupportChat,
  type TSupportStatus,
  SUPPORT_STATUSES,
  ZCreateSupportChatInput,
  ZListChatMessagesInput,
  ZListSupportChatsInput,
  ZSendChatMessageInput,
  ZUpdateSupportChatStatusInput,
  canMoveSupportChat,
} from '../../../shared/domain/support';
import type { TPlatform } from '../../../shared/platform';
import { type DemoContext, myName } from '../context';
import { conflict, notFound } from '../demo-error';
import { HOME_ORGANIZATION_ID, demoOrganizations } from '../fixtures/organizations';
import { SUPPORT_AGENT } from '../fixtures/people';
import { demoSupport } from '../fixtures/support';
import { type DemoProcedures, procedure } from '../procedure';

/** As the server: a thread answers at most this many messages per call. */
const MESSAGE_PAGE_SIZE = 200;

function organizationName(ctx: DemoContext, platform: TPlatform): string | null {
  const organizations = ctx.overlay.merge('organizations', demoOrganizations(ctx.anchor));
  return organizations.find((o) => o.id === HOME_ORGANIZATION_ID[platform])?.name ?? null;
}

function fixtures(ctx: DemoContext) {
  const orgName = (platform: TPlatform) => organizationName(ctx, platform);
  const agent = ctx.isSuperAdmin ? { id: ctx.me.id, name: myName(ctx) } : { id: SUPPORT_AGENT.id, name: `${SUPPORT_AGENT.firstName} ${SUPPORT_AGENT.lastName}` };
  const visitor = { id: ctx.me.id, name: myName(ctx), platform: ctx.platform, organizationName: orgName(ctx.platform) };
  return demoSupport(ctx.anchor, visitor, agent, orgName);
}

function allMessages(ctx: DemoContext): TChatMessage[] {
  return ctx.overlay
    .merge('chatMessages', fixtures(ctx).messages)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The chats this visitor may see: all for a Super Admin, else their own; newest first. */
export function visibleChats(ctx: DemoContext): TSupportChat[] {
  const messages = allMessages(ctx);
  return ctx.overlay
    .merge('supportChats', fixtures(ctx).chats)
    .filter((c) => ctx.isSuperAdmin || c.initiatorId === ctx.me.id)
    .map((c) => ({ ...c, lastMessageAt: messages.filter((m) => m.chatId === c.id).at(-1)?.createdAt ?? null }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

function findChat(ctx: DemoContext, id: string): TSupportChat {
  const chat = visibleChats(ctx).find((c) => c.id === id);
  if (!chat) throw notFound('Support chat');
  return chat;
}

function postMessage(ctx: DemoContext, chatId: string, message: string, at: string): TChatMessage {
  return ctx.overlay.put<TChatMessage>('chatMessages', {
    id: ctx.newId(), chatId, senderId: ctx.me.id, senderName: myName(ctx), message, messageType: 'text', createdAt: at,
  });
}

/** The one overlay row remembering when the demo Super Admin last opened the bell. */
interface BellRow {
  id: string;
  openedAt: string;
}
const BELL_ROW_ID = 'bell';

export const supportProcedures = {
  'support.listChats': procedure({
    input: ZListSupportChatsInput,
    capability: 'support.use',
    run: (ctx, input) => visibleChats(ctx).filter((c) => !input.status || c.status === input.status).slice(0, input.limit),
  }),

  'support.createChat': procedure({
    input: ZCreateSupportChatInput,
    capability: 'support.use',
    run(ctx, input) {
      const now = ctx.nowIso();
      const chat = ctx.overlay.put<TSupportChat>('supportChats', {
        id: ctx.newId(),
        title: input.title,
        category: input.category,
        priority: input.priority,
        status: 'Open',
        createdAt: now,
        updatedAt: now,
        initiatorId: ctx.me.id,
        initiatorName: myName(ctx),
        organizationId: ctx.organizationId,
        organizationName: organizationName(ctx, ctx.platform),
        lastMessageAt: now,
      });
      // SPEC §5: the first message is the description, or 'Support request: {title}'.
      postMessage(ctx, chat.id, input.initialMessage ?? input.description ?? `Support request: ${input.title}`, now);
      return chat;
    },
  }),

  'support.updateChatStatus': procedure({
    input: ZUpdateSupportChatStatusInput,
    capability: 'support.manage',
    run(ctx, input) {
      const chat = findChat(ctx, input.id);
      const from = (SUPPORT_STATUSES as readonly string[]).includes(chat.status) ? (chat.status as TSupportStatus) : 'Open';
      if (!canMoveSupportChat(from, input.status)) throw conflict(`A support chat that is ${from} cannot move to ${input.status}.`);
      return ctx.overlay.put('supportChats', { ...chat, status: input.status, updatedAt: ctx.nowIso() });
    },
  }),

  'support.listMessages': procedure({
    input: ZListChatMessagesInput,
    capability: 'support.use',
    run(ctx, input) {
      findChat(ctx, input.chatId);
      const after = input.after ? new Date(input.after).toISOString() : null;
      return allMessages(ctx)
        .filter((m) => m.chatId === input.chatId && (!after || m.createdAt > after))
        .slice(0, MESSAGE_PAGE_SIZE);
    },
  }),

  'support.sendMessage': procedure({
    input: ZSendChatMessageInput,
    capability: 'support.use',
    run(ctx, input) {
      const chat = findChat(ctx, input.chatId);
      if (chat.status === 'Closed') throw conflict('This conversation is closed');
      return postMessage(ctx, chat.id, input.message, ctx.nowIso());
    },
  }),

  // The Super Admin bell (SPEC §2.10), as the server computes it; the opened-at moment is one
  // overlay row, so the badge clears for the rest of the demo tab.
  'support.bell': procedure({
    input: null,
    capability: 'support.manage',
    run(ctx) {
      const openedAt = ctx.overlay.rows<BellRow>('supportBell').find((r) => r.id === BELL_ROW_ID)?.openedAt ?? null;
      const active = visibleChats(ctx).filter((c) => c.status === 'Open' || c.status === 'In Progress');
      const urgent = active
        .filter((c) => c.priority === 'Urgent' || c.priority === 'High')
        .sort((a, b) => Number(b.priority === 'Urgent') - Number(a.priority === 'Urgent'))
        .slice(0, BELL_URGENT_MAX);
      const unseen = active.filter((c) => c.status === 'Open' && (!openedAt || c.createdAt > openedAt)).length;
      return { urgent, recent: active.slice(0, BELL_RECENT_MAX), unseen, openedAt };
    },
  }),

  'support.openBell': procedure({
    input: null,
    capability: 'support.manage',
    run(ctx) {
      const openedAt = ctx.nowIso();
      ctx.overlay.put<BellRow>('supportBell', { id: BELL_ROW_ID, openedAt });
      return { openedAt };
    },
  }),
} satisfies Partial<DemoProcedures>;
