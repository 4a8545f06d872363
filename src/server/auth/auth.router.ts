import { z } from 'zod';
import { ZAuthResult, ZCurrentUser, ZLoginInput, ZRegisterSuperuserInput } from '../../shared/domain/auth';
import { authedProcedure, publicProcedure, router } from '../trpc';
import { ZChallengeInput, ZFinishEnrolmentInput, ZTwoFactorSetup, ZVerifyTwoFactorInput } from '../../shared/domain/two-factor';
import {
  ZConfirmPasswordResetInput,
  ZPasswordResetDone,
  ZPasswordResetRequested,
  ZRequestPasswordResetInput,
} from '../../shared/domain/password-reset';
import { currentUser, hasSignedInBefore, login, logout, registerSuperuser } from './auth.service';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';
import { hasMailServer } from '../mail/outbox';
import { finishChallengeEnrolment, startChallengeEnrolment, verifySecondFactor } from './two-factor.service';

export const authRouter = router({
  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login', protect: false, tags: ['auth'], summary: 'Sign in with e-mail and password' } })
    .input(ZLoginInput)
    .output(ZAuthResult)
    .mutation(async ({ ctx, input }) => {
      const outcome = await login(ctx.db, ctx.config, input, ctx.request);
      if (outcome.session) ctx.setSessionCookie(outcome.session.token, outcome.session.expiresAt);
      return outcome.result;
    }),

  registerSuperuser: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/register-superuser', protect: false, tags: ['auth'], summary: 'Create a Super Admin account (needs the server secret)' } })
    .input(ZRegisterSuperuserInput)
    .output(ZAuthResult)
    .mutation(async ({ ctx, input }) => {
      const outcome = await registerSuperuser(ctx.db, ctx.config, input, ctx.request);
      if (outcome.session) ctx.setSessionCookie(outcome.session.token, outcome.session.expiresAt);
      return outcome.result;
    }),

  // The second step of sign-in, after a right password (issue 8: two-factor sign-in).
  verifyTwoFactor: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/two-factor', protect: false, tags: ['auth'], summary: 'Second sign-in step: the authenticator code or a recovery code, with the challenge from login' } })
    .input(ZVerifyTwoFactorInput)
    .output(ZAuthResult)
    .mutation(async ({ ctx, input }) => {
      const outcome = await verifySecondFactor(ctx.db, ctx.config, input, ctx.request);
      if (outcome.session) ctx.setSessionCookie(outcome.session.token, outcome.session.expiresAt);
      return outcome.result;
    }),

  startTwoFactorEnrolment: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/two-factor/enrolment', protect: false, tags: ['auth'], summary: 'Set up two-factor sign-in during sign-in (when required): QR code and secret' } })
    .input(ZChallengeInput)
    .output(ZTwoFactorSetup)
    .mutation(({ ctx, input }) => startChallengeEnrolment(ctx.db, input.challenge)),

  finishTwoFactorEnrolment: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/two-factor/enrolment/confirm', protect: false, tags: ['auth'], summary: 'Finish that set-up with a code from the app: signs in and answers the recovery codes, once' } })
    .input(ZFinishEnrolmentInput)
    .output(ZAuthResult)
    .mutation(async ({ ctx, input }) => {
      const outcome = await finishChallengeEnrolment(ctx.db, ctx.config, input, ctx.request);
      if (outcome.session) ctx.setSessionCookie(outcome.session.token, outcome.session.expiresAt);
      return outcome.result;
    }),

  // Password reset (issue 16): public, and answering alike for every address.
  requestPasswordReset: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/password-reset', protect: false, tags: ['auth'], summary: 'E-mail a password reset link (the same answer whether or not the address has an account)' } })
    .input(ZRequestPasswordResetInput)
    .output(ZPasswordResetRequested)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.db, ctx.config, input, ctx.request)),

  confirmPasswordReset: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/password-reset/confirm', protect: false, tags: ['auth'], summary: 'Set a new password with the token from the link; ends every session of the account and signs nobody in' } })
    .input(ZConfirmPasswordResetInput)
    .output(ZPasswordResetDone)
    .mutation(({ ctx, input }) => confirmPasswordReset(ctx.db, input, ctx.request)),

  me: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/user', tags: ['auth'], summary: 'The signed-in user' } })
    .input(z.void())
    .output(ZCurrentUser)
    .query(async ({ ctx }) => currentUser(ctx.auth, { mailServer: hasMailServer(ctx.config) }, await hasSignedInBefore(ctx.db, ctx.auth.user.id))),

  // The browser's start-up question "who is signed in?" (issue 17). Signed out is an ordinary answer
  // here, null, not a 401: every public page asked auth.me and logged its refusal as an error. No
  // REST path: GET /api/auth/user keeps its documented 401.
  session: publicProcedure
    .input(z.void())
    .output(ZCurrentUser.nullable())
    .query(({ ctx }) => (ctx.auth ? currentUser(ctx.auth, { mailServer: hasMailServer(ctx.config) }) : null)),

  logout: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/logout', tags: ['auth'], summary: 'End the current session' } })
    .input(z.void())
    .output(z.object({ success: z.boolean() }))
    .mutation(async ({ ctx }) => {
      await logout(ctx.db, ctx.auth, ctx.request);
      ctx.clearSessionCookie();
      return { success: true };
    }),
});
