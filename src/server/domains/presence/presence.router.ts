import { z } from 'zod';
import { ZHeartbeatResult, ZSuperUsersOnline } from '../../../shared/domain/presence';
import { authedProcedure, router } from '../../trpc';
import { countSuperUsersOnline, recordHeartbeat } from './presence.service';

export const presenceRouter = router({
  superUsersOnline: authedProcedure
    .meta({ capability: 'support.manage', openapi: { method: 'GET', path: '/user-presence/super-users', tags: ['presence'], summary: 'How many Super Admins were active in the last 5 minutes (Super Admin)' } })
    .input(z.void())
    .output(ZSuperUsersOnline)
    .query(({ ctx }) => countSuperUsersOnline(ctx.db, ctx.actor)),

  // Any signed-in user may say "I am here" about themselves only; no capability applies.
  heartbeat: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/user-presence/heartbeat', tags: ['presence'], summary: 'Mark the caller as online now' } })
    .input(z.void())
    .output(ZHeartbeatResult)
    .mutation(({ ctx }) => recordHeartbeat(ctx.db, ctx.actor)),
});
