import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { BELL_RECENT_MAX, BELL_URGENT_MAX, type TOpenBellResult, type TSupportBell } from '../../../shared/domain/support';
import { AppError } from '../../errors';
import type { Actor } from '../../auth/actor';
import { selectChats, toSupportChat } from './support.service';

// The Super Admin support bell (SPEC §2.10). "Open" in the lists means not yet Resolved or Closed;
// the badge counts only chats still in the Open status, created after the bell was last opened —
// a moment kept per user on the server so it holds across tabs and devices.

const ACTIVE = ['Open', 'In Progress'];

function assertSuperAdmin(actor: Actor): void {
  if (!actor.isSuperAdmin) throw new AppError('FORBIDDEN', 'Only a Super Admin has the support bell.');
}

export async function supportBell(db: Kysely<DB>, actor: Actor): Promise<TSupportBell> {
  assertSuperAdmin(actor);
  const me = await db.selectFrom('users').select('bell_opened_at').where('id', '=', actor.userId).executeTakeFirst();
  const openedAt = me?.bell_opened_at ?? null;

  const urgent = await selectChats(db, actor)
    .where('support_chats.status', 'in', ACTIVE)
    .where('support_chats.priority', 'in', ['Urgent', 'High'])
    .orderBy(sql`case when support_chats.priority = 'Urgent' then 0 else 1 end`)
    .orderBy('support_chats.created_at', 'desc')
    .orderBy('support_chats.id')
    .limit(BELL_URGENT_MAX)
    .execute();
  const recent = await selectChats(db, actor)
    .where('support_chats.status', 'in', ACTIVE)
    .orderBy('support_chats.created_at', 'desc')
    .orderBy('support_chats.id')
    .limit(BELL_RECENT_MAX)
    .execute();
  let unseenQuery = db
    .selectFrom('support_chats')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'Open');
  if (openedAt) unseenQuery = unseenQuery.where('created_at', '>', openedAt);
  const unseen = await unseenQuery.executeTakeFirstOrThrow();
  return { urgent: urgent.map(toSupportChat), recent: recent.map(toSupportChat), unseen: Number(unseen.n), openedAt };
}

/** Clears the badge: from now on only chats created after this moment count. */
export async function openSupportBell(db: Kysely<DB>, actor: Actor): Promise<TOpenBellResult> {
  assertSuperAdmin(actor);
  const now = nowIso();
  await db.updateTable('users').set({ bell_opened_at: now }).where('id', '=', actor.userId).execute();
  return { openedAt: now };
}
