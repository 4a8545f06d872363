import { z } from 'zod';
import { ORGANIZATION_ROLES } from '../roles';

// SPEC §3.1 and §7.3 GET /api/users: the members of the caller's organisation, for the nurse
// picker of the bed dialog and the staff picker of the hourly-rate dialog.

export const ZListUsersInput = z
  .object({
    // An empty filter (role=) means no filter.
    role: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(ORGANIZATION_ROLES, 'Role must be one of the organisation roles').optional(),
    ),
  })
  .optional();
export type TListUsersInput = z.infer<typeof ZListUsersInput>;

export const ZOrganizationMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  department: z.string().nullable(),
  /** The membership's status in this organisation ('active' when the member may sign in to it). */
  status: z.string(),
  /** Whether the user account itself is active. */
  isActive: z.boolean(),
  /** When the member was last seen signed in (any organisation); null = never. */
  lastSeenAt: z.string().nullable(),
});
export type TOrganizationMember = z.infer<typeof ZOrganizationMember>;

/**
 * The one definition of the organisation's user count on the Administrator's dashboard ("Total
 * Users" and the User Management panel, issue 17): active memberships other than Patients. The
 * server's dashboard.stats teamMembers counts the same rows in SQL.
 */
export const isActiveStaff = (member: Pick<TOrganizationMember, 'status' | 'role'>): boolean => member.status === 'active' && member.role !== 'Patient';

// Issue 7: the Administrator's member management (/users). A member is addressed by user id; the
// membership looked at is always the one in the caller's organisation.

const ZId = z.string('Id is required').trim().min(1, 'Id is required').max(64);

export const MEMBER_STATUSES = ['active', 'inactive', 'suspended'] as const;

export const ZMemberIdInput = z.object({ userId: ZId });
export type TMemberIdInput = z.infer<typeof ZMemberIdInput>;

export const ZChangeRoleInput = z.object({
  userId: ZId,
  role: z.enum(ORGANIZATION_ROLES, 'Role must be one of the organisation roles'),
});
export type TChangeRoleInput = z.infer<typeof ZChangeRoleInput>;

const optionalName = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().max(100, 'Names can be at most 100 characters').nullish(),
);

export const ZInviteUserInput = z.object({
  email: z.string('Email is required').trim().toLowerCase().min(1, 'Email is required').max(254).pipe(z.email('Enter a valid email address')),
  role: z.enum(ORGANIZATION_ROLES, 'Choose a role'),
  firstName: optionalName,
  lastName: optionalName,
});
export type TInviteUserInput = z.infer<typeof ZInviteUserInput>;

export const ZInvitationIdInput = z.object({ id: ZId });
export type TInvitationIdInput = z.infer<typeof ZInvitationIdInput>;

/** 'expired' is a pending invitation past its expiry: it holds no seat and its link no longer works. */
export const INVITATION_STATES = ['pending', 'expired', 'accepted', 'revoked'] as const;

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  state: z.enum(INVITATION_STATES),
  invitedByName: z.string().nullable(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZInvitationSent = z.object({
  invitation: ZInvitation,
  /** The outbox row: 'stored' when no SMTP is configured (readable at /system-settings), else sent / failed. */
  mail: z.object({ id: z.string(), status: z.string() }),
  /** True when a mail server is configured and the invitation went by e-mail (decision 0057). */
  sent: z.boolean(),
  /** Only when no mail server is configured (decision 0057): the invitation link, for the Administrator to pass on. */
  link: z.string().optional(),
  /** When the link stops working. */
  expiresAt: z.string(),
});
export type TInvitationSent = z.infer<typeof ZInvitationSent>;

export const ZSeatUsage = z.object({
  /** Active members plus pending, unexpired invitations. */
  used: z.number().int(),
  /** null = no limit. */
  maxUsers: z.number().int().nullable(),
  plan: z.string(),
});
export type TSeatUsage = z.infer<typeof ZSeatUsage>;
