import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LIST_LIMIT,
  type TNotification,
  type TNotificationEmailPreferences,
  type TNotificationList,
} from '../../../shared/domain/notifications';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { sweepDueNotificationsFor } from './due-sweep';

// The bell (issue 21): each person reads and marks only their own notifications, in the organisation
// they are signed in to. Another person's notification, or another organisation's, is "not found" —
// the same answer as an id that never existed, so ids cannot be probed.

interface NotificationRow {
  id: string;
  kind: TNotification['kind'];
  type: TNotification['type'];
  title: string;
  message: string;
  href: string | null;
  read_at: string | null;
  created_at: string;
}

function toNotification(row: NotificationRow): TNotification {
  return {
    id: row.id,
    kind: row.kind,
    type: row.type,
    title: row.title,
    message: row.message,
    href: row.href,
    isRead: row.read_at !== null,
    createdAt: row.created_at,
  };
}

function mine(db: Kysely<DB>, actor: TenantActor) {
  return db.selectFrom('notifications').where('organization_id', '=', actor.organizationId).where('user_id', '=', actor.userId);
}

async function unreadCount(db: Kysely<DB>, actor: TenantActor): Promise<number> {
  const row = await mine(db, actor)
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** GET /api/notifications: the newest NOTIFICATION_LIST_LIMIT, and the caller's whole unread count. */
export async function listNotifications(db: Kysely<DB>, actor: TenantActor, now: Date = new Date()): Promise<TNotificationList> {
  // Due tasks and near deadlines show up at once, even before the periodic sweep has run.
  await sweepDueNotificationsFor(db, { organizationId: actor.organizationId, userId: actor.userId, platform: actor.platform }, now);
  const rows = await mine(db, actor)
    .select(['id', 'kind', 'type', 'title', 'message', 'href', 'read_at', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATION_LIST_LIMIT)
    .execute();
  return { items: rows.map(toNotification), unread: await unreadCount(db, actor) };
}

/** PATCH /api/notifications/{id}/read: marks one of the caller's own read (again: no change). */
export async function markNotificationRead(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TNotification> {
  const row = await mine(db, actor)
    .select(['id', 'kind', 'type', 'title', 'message', 'href', 'read_at', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
  if (row.read_at !== null) return toNotification(row);
  const at = nowIso();
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('organization_id', '=', actor.organizationId)
    .where('user_id', '=', actor.userId)
    .where('read_at', 'is', null)
    .execute();
  return toNotification({ ...row, read_at: at });
}

/** POST /api/notifications/read-all: every unread notification of the caller, read now. */
export async function markAllNotificationsRead(db: Kysely<DB>, actor: TenantActor): Promise<{ unread: 0; marked: number }> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('organization_id', '=', actor.organizationId)
    .where('user_id', '=', actor.userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return { unread: 0, marked: Number(result.numUpdatedRows) };
}

/** GET /api/notifications/email-preferences: the kinds the caller also gets by e-mail, in catalogue order. */
export async function getEmailPreferences(db: Kysely<DB>, actor: TenantActor): Promise<TNotificationEmailPreferences> {
  const rows = await db
    .selectFrom('notification_email_kinds')
    .select('kind')
    .where('organization_id', '=', actor.organizationId)
    .where('user_id', '=', actor.userId)
    .execute();
  const chosen = new Set<string>(rows.map((row) => row.kind));
  return { kinds: NOTIFICATION_KINDS.filter((kind) => chosen.has(kind)) };
}

/** PUT /api/notifications/email-preferences: replaces the caller's choice (an empty list: no e-mail). */
export async function setEmailPreferences(db: Kysely<DB>, actor: TenantActor, input: TNotificationEmailPreferences): Promise<TNotificationEmailPreferences> {
  const kinds = [...new Set(input.kinds)];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_email_kinds').where('organization_id', '=', actor.organizationId).where('user_id', '=', actor.userId).execute();
    if (kinds.length > 0) {
      await trx
        .insertInto('notification_email_kinds')
        .values(kinds.map((kind) => ({ user_id: actor.userId, organization_id: actor.organizationId, kind })))
        .execute();
    }
  });
  return getEmailPreferences(db, actor);
}
