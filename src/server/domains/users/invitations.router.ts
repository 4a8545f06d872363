import { ZAuthResult } from '../../../shared/domain/auth';
import { ZAcceptInvitationInput, ZInvitationPreview, ZInvitationTokenInput } from '../../../shared/domain/invitations';
import { publicProcedure, router } from '../../trpc';
import { acceptInvitation, previewInvitation } from './invitation-acceptance.service';

// Public: the invitee has no account (or no session) yet; the token in the link is the credential.

export const invitationsRouter = router({
  preview: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/invitations/preview', protect: false, tags: ['invitations'], summary: 'What an invitation link is for (organisation, e-mail, role)' } })
    .input(ZInvitationTokenInput)
    .output(ZInvitationPreview)
    .query(({ ctx, input }) => previewInvitation(ctx.db, input.token)),

  accept: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/invitations/accept', protect: false, tags: ['invitations'], summary: 'Accept an invitation (new account, or the existing account’s password) and sign in' } })
    .input(ZAcceptInvitationInput)
    .output(ZAuthResult)
    .mutation(async ({ ctx, input }) => {
      const outcome = await acceptInvitation(ctx.db, ctx.config, input, ctx.request);
      if (outcome.session) ctx.setSessionCookie(outcome.session.token, outcome.session.expiresAt);
      return outcome.result;
    }),
});
