import { z } from 'zod';
import {
  ZAccountProfile,
  ZAccountSession,
  ZChangePasswordInput,
  ZChangePasswordResult,
  ZEndSessionInput,
  ZEndSessionResult,
  ZUpdateAccountProfileInput,
} from '../../../shared/domain/account';
import { authedProcedure, router } from '../../trpc';
import {
  changePassword,
  endAccountSession,
  getAccountProfile,
  listAccountSessions,
  updateAccountProfile,
} from './account.service';

// authedProcedure with no capability: every signed-in person — staff, a Patient, the Super Admin
// (who has no organisation) — looks after their own account. The service keys everything by the actor.

const tags = ['account'];

export const accountRouter = router({
  profile: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/account/profile', tags, summary: "The caller's own profile" } })
    .input(z.void())
    .output(ZAccountProfile)
    .query(({ ctx }) => getAccountProfile(ctx.db, ctx.actor)),

  updateProfile: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/account/profile', tags, summary: 'Change own first name, last name and department (the e-mail stays)' } })
    .input(ZUpdateAccountProfileInput)
    .output(ZAccountProfile)
    .mutation(({ ctx, input }) => updateAccountProfile(ctx.db, ctx.actor, input)),

  changePassword: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/password', tags, summary: 'Change own password (current one required); signs out every other session' } })
    .input(ZChangePasswordInput)
    .output(ZChangePasswordResult)
    .mutation(({ ctx, input }) => changePassword(ctx.db, ctx.config, ctx.actor, input, ctx.request)),

  sessions: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/account/sessions', tags, summary: "The caller's own signed-in sessions, the current one first" } })
    .input(z.void())
    .output(z.array(ZAccountSession))
    .query(({ ctx }) => listAccountSessions(ctx.db, ctx.actor)),

  endSession: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/account/sessions/{id}', tags, summary: 'Sign out one of own sessions; ending the current one signs out here' } })
    .input(ZEndSessionInput)
    .output(ZEndSessionResult)
    .mutation(async ({ ctx, input }) => {
      const result = await endAccountSession(ctx.db, ctx.actor, input.id);
      if (result.signedOut) ctx.clearSessionCookie();
      return result;
    }),
});
