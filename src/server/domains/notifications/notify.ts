import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { membersWithNeedToKnow } from '../cases/case-access';
import { NOTIFICATION_KIND_INFO, type TNotificationKind } from '../../../shared/domain/notifications';

// The one way a service tells people something happened (issue 21). Called inside the service's own
// transaction, so a change that rolls back notifies nobody. The row is the bell's; a person who chose
// this kind by e-mail gets email_state 'due', and the notification mailer (notification-mailer.ts)
// writes it to the outbox after the commit — services need no mail configuration.

export interface NotificationDraft {
  kind: TNotificationKind;
  title: string;
  message: string;
  /** A path inside the app (casePagePath, '/tasks', '/messages'). */
  href?: string | null;
  /**
   * Makes the notification once-only per person: a second notify with the same key adds nothing
   * (the due-task and deadline sweeps run again and again).
   */
  dedupeKey?: string | null;
  /**
   * The case the news is about. For a restricted case, a recipient without need to know (issue 28:
   * an attendee or assignee chosen from outside the team) is told only that something happened on a
   * restricted case, never its words.
   */
  caseId?: string | null;
}

export const WITHHELD_NOTIFICATION_MESSAGE = 'About a restricted case. Open the case to read it (the team sees who opens it).';

/** The recipients who may not read the restricted case `caseId` (none when it is not restricted). */
async function withheldFrom(db: Kysely<DB>, organizationId: string, caseId: string, userIds: string[]): Promise<Set<string>> {
  const members = await db.selectFrom('memberships').select(['user_id', 'role']).where('organization_id', '=', organizationId).where('user_id', 'in', userIds).execute();
  const knowing = await membersWithNeedToKnow(db, organizationId, caseId, members.map((m) => ({ userId: m.user_id, role: m.role })));
  return new Set(userIds.filter((id) => !knowing.has(id)));
}

/** Notifies each of `userIds` (duplicates and `exceptUserId`, the person who did it, left out). */
export async function notify(
  db: Kysely<DB>,
  organizationId: string,
  userIds: readonly (string | null | undefined)[],
  draft: NotificationDraft,
  options: { exceptUserId?: string | null; at?: string } = {},
): Promise<void> {
  const recipients = [...new Set(userIds.filter((id): id is string => Boolean(id) && id !== options.exceptUserId))];
  if (recipients.length === 0) return;
  const byEmail = await db
    .selectFrom('notification_email_kinds')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('kind', '=', draft.kind)
    .where('user_id', 'in', recipients)
    .execute();
  const emailed = new Set(byEmail.map((row) => row.user_id));
  const withheld = draft.caseId ? await withheldFrom(db, organizationId, draft.caseId, recipients) : new Set<string>();
  const at = options.at ?? nowIso();
  await db
    .insertInto('notifications')
    .values(
      recipients.map((userId) => ({
        id: randomUUID(),
        organization_id: organizationId,
        user_id: userId,
        kind: draft.kind,
        type: NOTIFICATION_KIND_INFO[draft.kind].type,
        title: draft.title.slice(0, 200),
        message: withheld.has(userId) ? WITHHELD_NOTIFICATION_MESSAGE : draft.message.slice(0, 1000),
        href: draft.href ?? null,
        dedupe_key: draft.dedupeKey ?? null,
        read_at: null,
        email_state: emailed.has(userId) ? ('due' as const) : ('none' as const),
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .execute();
}
