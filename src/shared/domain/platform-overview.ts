import { z } from 'zod';
import { ZPlatform } from './common';

// SPEC §2.9 Super Admin dashboard: figures across every organisation, counted from the database
// when signed in (the §3.6 sample figures are demo-mode only).

/** How many days ahead a trial counts as "ending soon". */
export const TRIAL_ENDING_SOON_DAYS = 7;
/** Support chats still waiting on the platform team; the rest are Resolved or Closed. */
export const WAITING_SUPPORT_STATUSES = ['Open', 'In Progress'] as const;
/** Priorities the overview calls out. */
export const PRESSING_SUPPORT_PRIORITIES = ['High', 'Urgent'] as const;

export const ZPlatformOrganization = z.object({
  id: z.string(),
  name: z.string(),
  platform: ZPlatform,
  type: z.string(),
  isActive: z.boolean(),
  /** Active memberships. */
  memberCount: z.number(),
  trialEndsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TPlatformOrganization = z.infer<typeof ZPlatformOrganization>;

export const ZPlatformSupportRequest = z.object({
  id: z.string(),
  title: z.string(),
  priority: z.string(),
  status: z.string(),
  category: z.string(),
  /** Null when the chat was opened by someone outside any organisation (a Super Admin). */
  organizationName: z.string().nullable(),
  createdAt: z.string(),
});
export type TPlatformSupportRequest = z.infer<typeof ZPlatformSupportRequest>;

export const ZPlatformOverview = z.object({
  totalOrganizations: z.number(),
  activeOrganizations: z.number(),
  /**
   * People who can sign in and work: distinct active users holding an active membership of an
   * active organisation, plus active Super Admins (who belong to no organisation). A person in two
   * organisations counts once; deactivated users, suspended memberships and members of deactivated
   * organisations do not count.
   */
  totalUsers: z.number(),
  /** Active organisations whose trial ends in the future. */
  activeTrials: z.number(),
  /** Of those, the ones whose trial ends within TRIAL_ENDING_SOON_DAYS. */
  trialsEndingSoon: z.number(),
  /** This server process: when it started and for how many whole seconds it has run. */
  uptime: z.object({ startedAt: z.string(), seconds: z.number() }),
  /** Support chats Open / In Progress, and how many of those are High or Urgent. */
  supportRequests: z.object({ open: z.number(), inProgress: z.number(), urgentOrHigh: z.number() }),
  /** Cost of time booked this South African calendar month across all organisations, integer cents. */
  monthlyRevenueCents: z.number(),
  /** The 6 newest organisations. */
  organizations: z.array(ZPlatformOrganization),
  /** The 5 newest support chats still Open or In Progress. */
  recentSupportRequests: z.array(ZPlatformSupportRequest),
});
export type TPlatformOverview = z.infer<typeof ZPlatformOverview>;
