import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { addMinutes, nowIso } from '../../../../db/time';
import { PRESENCE_WINDOW_MINUTES, type THeartbeatResult, type TSuperUsersOnline } from '../../../shared/domain/presence';
import type { Actor } from '../../auth/actor';

// Presence is users.last_seen_at: written by every authenticated request (at most once a minute,
// in request-auth.ts) and by the explicit heartbeat below.

/** Active Super Admins seen within the presence window, the caller included. */
export async function countSuperUsersOnline(db: Kysely<DB>, _actor: Actor): Promise<TSuperUsersOnline> {
  const since = addMinutes(nowIso(), -PRESENCE_WINDOW_MINUTES);
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_super_admin', '=', 1)
    .where('is_active', '=', 1)
    .where('last_seen_at', '>=', since)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0) };
}

/** Marks the caller as seen now (an open tab that makes no other request still counts as online). */
export async function recordHeartbeat(db: Kysely<DB>, actor: Actor): Promise<THeartbeatResult> {
  const now = nowIso();
  await db.updateTable('users').set({ last_seen_at: now }).where('id', '=', actor.userId).execute();
  return { success: true, lastSeenAt: now };
}
