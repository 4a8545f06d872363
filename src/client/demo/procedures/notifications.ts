import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LIST_LIMIT,
  type TNotification,
  type TNotificationKind,
  ZMarkNotificationReadInput,
  ZNotificationEmailPreferences,
} from '../../../shared/domain/notifications';
import type { DemoContext } from '../context';
import { notFound } from '../demo-error';
import { demoNotifications } from '../fixtures/notifications';
import type { OverlayCollection } from '../overlay';
import { type DemoProcedures, procedure } from '../procedure';
import { allCases } from './cases';

// The bell in demo mode (issue 21): fixtures per platform, read and read-all kept in the session's
// overlay, the e-mail choice too. Like the server, no capability: every demo identity has a bell.

// Their own overlay keys; typed here so the shared list in overlay.ts needs no issue-21 line.
const NOTIFICATIONS = 'notifications' as unknown as OverlayCollection;
const EMAIL_KINDS = 'notificationEmailKinds' as unknown as OverlayCollection;
const EMAIL_ROW = 'email-kinds';

interface EmailKindsRow {
  id: string;
  kinds: TNotificationKind[];
}

export function demoBell(ctx: DemoContext): TNotification[] {
  const caseName = allCases(ctx)[0]?.patientName ?? 'a case';
  const fixtures = demoNotifications(ctx.platform, ctx.anchor, { patient: ctx.identity.role === 'Patient', caseName });
  return ctx.overlay
    .merge(NOTIFICATIONS, fixtures)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

const emailKinds = (ctx: DemoContext): TNotificationKind[] =>
  ctx.overlay.rows<EmailKindsRow>(EMAIL_KINDS).find((row) => row.id === EMAIL_ROW)?.kinds ?? [];

export const notificationsProcedures = {
  'notifications.list': procedure({
    input: null,
    run: (ctx) => {
      const all = demoBell(ctx);
      return { items: all.slice(0, NOTIFICATION_LIST_LIMIT), unread: all.filter((n) => !n.isRead).length };
    },
  }),

  'notifications.markRead': procedure({
    input: ZMarkNotificationReadInput,
    run: (ctx, input) => {
      const found = demoBell(ctx).find((n) => n.id === input.id);
      if (!found) throw notFound('Notification');
      return found.isRead ? found : ctx.overlay.put(NOTIFICATIONS, { ...found, isRead: true });
    },
  }),

  'notifications.readAll': procedure({
    input: null,
    run: (ctx) => {
      const unread = demoBell(ctx).filter((n) => !n.isRead);
      for (const n of unread) ctx.overlay.put(NOTIFICATIONS, { ...n, isRead: true });
      return { unread: 0 as const, marked: unread.length };
    },
  }),

  'notifications.emailPreferences': procedure({
    input: null,
    run: (ctx) => ({ kinds: emailKinds(ctx) }),
  }),

  'notifications.setEmailPreferences': procedure({
    input: ZNotificationEmailPreferences,
    run: (ctx, input) => {
      const chosen = new Set(input.kinds);
      const kinds = NOTIFICATION_KINDS.filter((kind) => chosen.has(kind));
      ctx.overlay.put<EmailKindsRow>(EMAIL_KINDS, { id: EMAIL_ROW, kinds });
      return { kinds };
    },
  }),
} satisfies Partial<DemoProcedures>;
