import {
  ZRegistrationRequestInput,
  ZRegistrationRequestResult,
  ZTrialRequestInput,
  ZTrialRequestResult,
} from '../../../shared/domain/onboarding';
import { publicProcedure, router } from '../../trpc';
import { submitRegistrationRequest, submitTrialRequest } from './onboarding.service';

// Public on purpose: these are the forms of people who have no account yet.

export const onboardingRouter = router({
  submitTrial: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/trial-signup', protect: false, tags: ['onboarding'], summary: 'Request a 30-day free trial (stored for review)' } })
    .input(ZTrialRequestInput)
    .output(ZTrialRequestResult)
    .mutation(({ ctx, input }) => submitTrialRequest(ctx.db, input)),

  submitRegistration: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/registration-requests', protect: false, tags: ['onboarding'], summary: 'Contact us to set up an account (stored for the team)' } })
    .input(ZRegistrationRequestInput)
    .output(ZRegistrationRequestResult)
    .mutation(({ ctx, input }) => submitRegistrationRequest(ctx.db, input)),
});
