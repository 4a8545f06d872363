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
import {
  ZConfirmEnrolmentInput,
  ZDisableTwoFactorInput,
  ZPasswordConfirmInput,
  ZRecoveryCodes,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '../../../shared/domain/two-factor';
import {
  confirmAccountEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startAccountEnrolment,
  twoFactorStatus,
} from '../../auth/two-factor.service';
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

  // Two-factor sign-in (issue 8): set up with an authenticator app, renew recovery codes, turn off.
  twoFactor: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/account/two-factor', tags, summary: 'Whether two-factor sign-in is on, recovery codes left, and whether it is required' } })
    .input(z.void())
    .output(ZTwoFactorStatus)
    .query(({ ctx }) => twoFactorStatus(ctx.db, ctx.actor)),

  startTwoFactorEnrolment: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/two-factor/enrolment', tags, summary: 'Start setting up two-factor sign-in (current password required): QR code and secret' } })
    .input(ZPasswordConfirmInput)
    .output(ZTwoFactorSetup)
    .mutation(({ ctx, input }) => startAccountEnrolment(ctx.db, ctx.config, ctx.actor, input.password, ctx.request)),

  confirmTwoFactorEnrolment: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/two-factor/enrolment/confirm', tags, summary: 'Finish the set-up with a code from the app; answers the recovery codes, once' } })
    .input(ZConfirmEnrolmentInput)
    .output(ZRecoveryCodes)
    .mutation(({ ctx, input }) => confirmAccountEnrolment(ctx.db, ctx.actor, input.code, ctx.request)),

  regenerateRecoveryCodes: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/two-factor/recovery-codes', tags, summary: 'New recovery codes (current password required); the old ones stop working' } })
    .input(ZPasswordConfirmInput)
    .output(ZRecoveryCodes)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.db, ctx.config, ctx.actor, input.password, ctx.request)),

  disableTwoFactor: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/two-factor/disable', tags, summary: 'Turn two-factor sign-in off (password and a code); refused where it is required' } })
    .input(ZDisableTwoFactorInput)
    .output(ZTwoFactorStatus)
    .mutation(({ ctx, input }) => disableTwoFactor(ctx.db, ctx.config, ctx.actor, input, ctx.request)),
});
