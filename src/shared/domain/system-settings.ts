import { z } from 'zod';
import { ZPlatform } from './common';

// Issue 7: /system-settings for the Super Admin — every organisation with its trial state, the
// Super Admins online, how e-mail leaves this server, and the e-mail outbox (where, without SMTP,
// invitations wait to be forwarded by hand).

export const OUTBOX_STATUSES = ['stored', 'queued', 'sent', 'failed'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_PAGE_SIZE_MAX = 100;

export const ZListOutboxInput = z
  .object({
    // Query-string values: an empty filter means every status.
    status: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(OUTBOX_STATUSES, `Status must be one of ${OUTBOX_STATUSES.join(', ')}`).optional(),
    ),
    page: z.coerce.number().int('Page must be a whole number').min(1, 'Page starts at 1').max(100_000).default(1),
    pageSize: z.coerce.number().int('Page size must be a whole number').min(1).max(OUTBOX_PAGE_SIZE_MAX, `At most ${OUTBOX_PAGE_SIZE_MAX} per page`).default(25),
  })
  .optional();
export type TListOutboxInput = z.infer<typeof ZListOutboxInput>;

export const ZRetryMailInput = z.object({ id: z.string().trim().min(1, 'Message id is required').max(64) });
export type TRetryMailInput = z.infer<typeof ZRetryMailInput>;

export const ZOutboxMessage = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  toAddress: z.string(),
  subject: z.string(),
  body: z.string(),
  kind: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZOutboxPage = z.object({
  items: z.array(ZOutboxMessage),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TOutboxPage = z.infer<typeof ZOutboxPage>;

/** 'trial': on a trial still running; 'ended': its trial is over; 'plan': on a paid plan with no trial. */
export const ZTrialState = z.discriminatedUnion('state', [
  z.object({ state: z.literal('trial'), endsAt: z.string(), daysLeft: z.number() }),
  z.object({ state: z.literal('ended'), endsAt: z.string() }),
  z.object({ state: z.literal('plan'), plan: z.string() }),
]);
export type TTrialState = z.infer<typeof ZTrialState>;

export const ZSystemOrganization = z.object({
  id: z.string(),
  name: z.string(),
  platform: ZPlatform,
  type: z.string(),
  isActive: z.boolean(),
  plan: z.string(),
  trial: ZTrialState,
  /** Active memberships. */
  memberCount: z.number(),
  /** Null: no limit. */
  maxUsers: z.number().nullable(),
  createdAt: z.string(),
});
export type TSystemOrganization = z.infer<typeof ZSystemOrganization>;

export const ZSystemOverview = z.object({
  organizations: z.array(ZSystemOrganization),
  superUsersOnline: z.object({
    count: z.number(),
    users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), lastSeenAt: z.string() })),
  }),
  /** How e-mail leaves: over SMTP (the host only, never credentials) or kept in the outbox. */
  mail: z.object({ mode: z.enum(['smtp', 'outbox']), host: z.string().nullable(), from: z.string() }),
  outboxCounts: z.object({ stored: z.number(), queued: z.number(), sent: z.number(), failed: z.number() }),
});
export type TSystemOverview = z.infer<typeof ZSystemOverview>;
