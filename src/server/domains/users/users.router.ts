import { z } from 'zod';
import {
  ZChangeRoleInput,
  ZInvitation,
  ZInvitationIdInput,
  ZInvitationSent,
  ZInviteUserInput,
  ZListUsersInput,
  ZMemberIdInput,
  ZOrganizationMember,
  ZSeatUsage,
} from '../../../shared/domain/users';
import { ZOrganizationSecurity, ZUpdateOrganizationSecurityInput } from '../../../shared/domain/two-factor';
import { ZPasswordResetSent } from '../../../shared/domain/password-reset';
import { ZStaffDirectory } from '../../../shared/domain/staff-directory';
import { listStaffDirectory } from './staff-directory.service';
import { type Meta, authedProcedure, router, tenantProcedure } from '../../trpc';
import { sendPasswordResetToMember } from './member-password-reset.service';
import { organizationSecurity, setOrganizationSecurity } from './organization-security.service';
import { inviteMember, listInvitations, resendInvitation, revokeInvitation } from './invitation-admin.service';
import { changeMemberRole, deactivateMember, listOrganizationMembers, reactivateMember, seatUsage } from './users.service';

const manage = (method: 'GET' | 'POST' | 'PUT', path: `/${string}`, summary: string): Meta => ({
  capability: 'users.manage',
  openapi: { method, path, tags: ['users'], summary },
});

export const usersRouter = router({
  list: tenantProcedure
    .meta({ capability: 'users.view', openapi: { method: 'GET', path: '/users', tags: ['users'], summary: 'Members of the organisation (every status), optionally of one role' } })
    .input(ZListUsersInput)
    .output(z.array(ZOrganizationMember))
    .query(({ ctx, input }) => listOrganizationMembers(ctx.db, ctx.actor, input)),

  directory: tenantProcedure
    .meta({ capability: 'messages.use', openapi: { method: 'GET', path: '/staff', tags: ['users'], summary: 'Active staff of the organisation: names and roles, for attendees and message recipients' } })
    .input(z.void())
    .output(ZStaffDirectory)
    .query(({ ctx }) => listStaffDirectory(ctx.db, ctx.actor)),

  seats: tenantProcedure
    .meta(manage('GET', '/users/seats', 'Seats used (active members + pending invitations) and the limit'))
    .input(z.void())
    .output(ZSeatUsage)
    .query(({ ctx }) => seatUsage(ctx.db, ctx.actor)),

  invitations: tenantProcedure
    .meta(manage('GET', '/users/invitations', 'Pending invitations and those accepted or revoked in the last 30 days'))
    .input(z.void())
    .output(z.array(ZInvitation))
    .query(({ ctx }) => listInvitations(ctx.db, ctx.actor)),

  invite: tenantProcedure
    .meta(manage('POST', '/users/invitations', 'Invite someone by e-mail with a role'))
    .input(ZInviteUserInput)
    .output(ZInvitationSent)
    .mutation(({ ctx, input }) => inviteMember(ctx.db, ctx.actor, input, { config: ctx.config, publicUrl: ctx.request.publicUrl })),

  resendInvitation: tenantProcedure
    .meta(manage('POST', '/users/invitations/{id}/resend', 'Send the invitation again with a new link (the old one stops working)'))
    .input(ZInvitationIdInput)
    .output(ZInvitationSent)
    .mutation(({ ctx, input }) => resendInvitation(ctx.db, ctx.actor, input, { config: ctx.config, publicUrl: ctx.request.publicUrl })),

  revokeInvitation: tenantProcedure
    .meta(manage('POST', '/users/invitations/{id}/revoke', 'Withdraw a pending invitation'))
    .input(ZInvitationIdInput)
    .output(ZInvitation)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.db, ctx.actor, input)),

  changeRole: tenantProcedure
    .meta(manage('PUT', '/users/{userId}/role', "Change a member's role"))
    .input(ZChangeRoleInput)
    .output(ZOrganizationMember)
    .mutation(({ ctx, input }) => changeMemberRole(ctx.db, ctx.actor, input)),

  deactivate: tenantProcedure
    .meta(manage('POST', '/users/{userId}/deactivate', 'Deactivate a member; their sessions end at once'))
    .input(ZMemberIdInput)
    .output(ZOrganizationMember)
    .mutation(({ ctx, input }) => deactivateMember(ctx.db, ctx.actor, input)),

  reactivate: tenantProcedure
    .meta(manage('POST', '/users/{userId}/reactivate', 'Reactivate a member (needs a free seat)'))
    .input(ZMemberIdInput)
    .output(ZOrganizationMember)
    .mutation(({ ctx, input }) => reactivateMember(ctx.db, ctx.actor, input)),

  // authedProcedure: the Super Admin (no organisation) sends links to anyone; an Administrator only
  // to members of their own organisation (checked in the service).
  sendPasswordReset: authedProcedure
    .meta(manage('POST', '/users/{userId}/password-reset', 'E-mail a member a single-use link (30 minutes) to choose a new password'))
    .input(ZMemberIdInput)
    .output(ZPasswordResetSent)
    .mutation(({ ctx, input }) => sendPasswordResetToMember(ctx.db, ctx.actor, input, { config: ctx.config, publicUrl: ctx.request.publicUrl })),

  security: tenantProcedure
    .meta({ capability: 'security.manage', openapi: { method: 'GET', path: '/organization/security', tags: ['users'], summary: "The organisation's sign-in rules: whether two-factor sign-in is required" } })
    .input(z.void())
    .output(ZOrganizationSecurity)
    .query(({ ctx }) => organizationSecurity(ctx.db, ctx.actor)),

  setSecurity: tenantProcedure
    .meta({ capability: 'security.manage', openapi: { method: 'PUT', path: '/organization/security', tags: ['users'], summary: 'Require two-factor sign-in of every member (asked at their next sign-in), or stop requiring it' } })
    .input(ZUpdateOrganizationSecurityInput)
    .output(ZOrganizationSecurity)
    .mutation(({ ctx, input }) => setOrganizationSecurity(ctx.db, ctx.actor, input, ctx.request)),
});
