import { z } from 'zod';
import { ZPlatformOverview } from '../../../shared/domain/platform-overview';
import { ZListOutboxInput, ZOutboxMessage, ZOutboxPage, ZRetryMailInput, ZSystemOverview } from '../../../shared/domain/system-settings';
import {
  ZApproveTrialInput,
  ZApproveTrialResult,
  ZListTrialRequestsInput,
  ZRejectTrialInput,
  ZRejectTrialResult,
  ZTrialRequestList,
} from '../../../shared/domain/trial-review';
import { ZContactRequest, ZContactRequestList, ZListContactRequestsInput, ZUpdateContactRequestInput } from '../../../shared/domain/contact-requests';
import { ZPasswordResetSent, ZSendPasswordResetByEmailInput } from '../../../shared/domain/password-reset';
import { authedProcedure, router } from '../../trpc';
import { sendPasswordResetByEmail } from '../users/member-password-reset.service';
import { listContactRequests, updateContactRequestStatus } from './contact-requests.service';
import { getPlatformOverview } from './platform-overview.service';
import { getSystemOverview, listOutbox, retryMail } from './system-settings.service';
import { approveTrialRequest, listTrialRequests, rejectTrialRequest } from './trial-review.service';

// authedProcedure, not tenantProcedure: the Super Admin who reads this belongs to no organisation,
// and the figures span all of them. 'organizations.manage' is held by Super Admin only.

export const platformRouter = router({
  overview: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'GET', path: '/platform/overview', tags: ['platform'], summary: 'Platform-wide figures and lists for the Super Admin dashboard' } })
    .input(z.void())
    .output(ZPlatformOverview)
    .query(({ ctx }) => getPlatformOverview(ctx.db, ctx.actor)),

  trialRequests: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'GET', path: '/trial-signups', tags: ['platform'], summary: 'Trial requests to review, newest first, optionally of one status (Super Admin)' } })
    .input(ZListTrialRequestsInput)
    .output(ZTrialRequestList)
    .query(({ ctx, input }) => listTrialRequests(ctx.db, ctx.actor, input)),

  approveTrial: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'POST', path: '/trial-signups/{id}/approve', tags: ['platform'], summary: 'Approve a pending trial: create the organisation and invite its contact person (Super Admin)' } })
    .input(ZApproveTrialInput)
    .output(ZApproveTrialResult)
    .mutation(({ ctx, input }) => approveTrialRequest(ctx.db, ctx.actor, input.id, { config: ctx.config, publicUrl: ctx.request.publicUrl })),

  rejectTrial: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'POST', path: '/trial-signups/{id}/reject', tags: ['platform'], summary: 'Reject a pending trial with a reason the applicant is e-mailed (Super Admin)' } })
    .input(ZRejectTrialInput)
    .output(ZRejectTrialResult)
    .mutation(({ ctx, input }) => rejectTrialRequest(ctx.db, ctx.actor, input, { config: ctx.config, publicUrl: ctx.request.publicUrl })),

  contactRequests: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'GET', path: '/contact-requests', tags: ['platform'], summary: 'Contact-us requests, newest first, optionally of one status (Super Admin)' } })
    .input(ZListContactRequestsInput)
    .output(ZContactRequestList)
    .query(({ ctx, input }) => listContactRequests(ctx.db, ctx.actor, input)),

  updateContactRequest: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'PATCH', path: '/contact-requests/{id}', tags: ['platform'], summary: 'Set a contact-us request new, in progress or closed (Super Admin)' } })
    .input(ZUpdateContactRequestInput)
    .output(ZContactRequest)
    .mutation(({ ctx, input }) => updateContactRequestStatus(ctx.db, ctx.actor, input)),

  systemOverview: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'GET', path: '/system/overview', tags: ['platform'], summary: 'Organisations with trial state, Super Admins online and the mail mode (Super Admin)' } })
    .input(z.void())
    .output(ZSystemOverview)
    .query(({ ctx }) => getSystemOverview(ctx.db, ctx.actor, ctx.config)),

  outbox: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'GET', path: '/system/outbox', tags: ['platform'], summary: 'E-mails the product wrote, newest first (Super Admin)' } })
    .input(ZListOutboxInput)
    .output(ZOutboxPage)
    .query(({ ctx, input }) => listOutbox(ctx.db, ctx.actor, input)),

  retryMail: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'POST', path: '/system/outbox/{id}/retry', tags: ['platform'], summary: 'Send a failed e-mail again (Super Admin)' } })
    .input(ZRetryMailInput)
    .output(ZOutboxMessage)
    .mutation(({ ctx, input }) => retryMail(ctx.db, ctx.actor, ctx.config, input.id)),

  sendPasswordReset: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'POST', path: '/system/password-reset', tags: ['platform'], summary: 'Send a password reset link to any account by its e-mail address (Super Admin)' } })
    .input(ZSendPasswordResetByEmailInput)
    .output(ZPasswordResetSent)
    .mutation(({ ctx, input }) => sendPasswordResetByEmail(ctx.db, ctx.actor, input, { config: ctx.config, publicUrl: ctx.request.publicUrl })),
});
