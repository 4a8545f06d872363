import {
  ZRegistrationRequestInput,
  ZRegistrationRequestResult,
  ZTrialRequestInput,
  ZTrialRequestResult,
} from '../../../shared/domain/onboarding';
import { type Context, publicProcedure, router } from '../../trpc';
import { submitRegistrationRequest, submitTrialRequest } from './onboarding.service';

// Public on purpose: these are the forms of people who have no account yet.

const formClient = (ctx: Context) => ({ ip: ctx.request.ip, perHour: ctx.config.PUBLIC_FORMS_PER_HOUR });

export const onboardingRouter = router({
  submitTrial: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/trial-signup', protect: false, tags: ['onboarding'], summary: 'Request a 30-day free trial (stored for review)' } })
    .input(ZTrialRequestInput)
    .output(ZTrialRequestResult)
    .mutation(({ ctx, input }) => submitTrialRequest(ctx.db, input, formClient(ctx))),

  submitRegistration: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/registration-requests', protect: false, tags: ['onboarding'], summary: 'Contact us to set up an account (stored for the team)' } })
    .input(ZRegistrationRequestInput)
    .output(ZRegistrationRequestResult)
    .mutation(({ ctx, input }) => submitRegistrationRequest(ctx.db, input, formClient(ctx), { config: ctx.config, publicUrl: ctx.request.publicUrl })),
});
