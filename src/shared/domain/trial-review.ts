import { z } from 'zod';
import { ZPlatform } from './common';

// Issue 7: the Super Admin's review of §3.7 trial requests at /trial-signups. Approval turns a
// request into an organisation on the request's platform (issue 17) on a 30-day trial for at most 10 users (SPEC §1, §9) and
// invites its contact person as Administrator; rejection records a reason. The applicant gets an
// e-mail either way.

export const TRIAL_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TTrialRequestStatus = (typeof TRIAL_REQUEST_STATUSES)[number];

/** SPEC §9: a trial lasts 30 days and allows up to 10 users. */
export const TRIAL_DAYS = 30;
export const TRIAL_MAX_USERS = 10;
export const REJECTION_REASON_MAX = 1000;
/** The review list shows at most this many requests per status, newest first. */
export const TRIAL_REVIEW_LIST_LIMIT = 200;

const ZId = z.string().trim().min(1, 'Trial request id is required').max(64);

export const ZListTrialRequestsInput = z
  .object({
    // An empty filter (status=) means every status.
    status: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(TRIAL_REQUEST_STATUSES, `Status must be one of ${TRIAL_REQUEST_STATUSES.join(', ')}`).optional(),
    ),
  })
  .optional();
export type TListTrialRequestsInput = z.infer<typeof ZListTrialRequestsInput>;

export const ZApproveTrialInput = z.object({ id: ZId });
export type TApproveTrialInput = z.infer<typeof ZApproveTrialInput>;

export const ZRejectTrialInput = z.object({
  id: ZId,
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(REJECTION_REASON_MAX, `Keep the reason under ${REJECTION_REASON_MAX} characters`),
});
export type TRejectTrialInput = z.infer<typeof ZRejectTrialInput>;

export const ZTrialRequest = z.object({
  id: z.string(),
  // §3.7 fields as submitted.
  organizationName: z.string(),
  platform: ZPlatform,
  /** One of TRIAL_ORGANIZATION_TYPES (onboarding.ts); typed loosely so an older row never breaks the list. */
  organizationType: z.string(),
  contactPersonName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  estimatedBeds: z.number().nullable(),
  estimatedStaff: z.number().nullable(),
  currentSystem: z.string().nullable(),
  howDidYouHear: z.string().nullable(),
  specificNeeds: z.string().nullable(),
  // Review.
  status: z.enum(TRIAL_REQUEST_STATUSES),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  /** The reviewer's name; null when not reviewed (or the reviewer's account is gone). */
  reviewerName: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** The organisation the approval created. */
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TTrialRequest = z.infer<typeof ZTrialRequest>;

export const ZTrialRequestList = z.object({
  requests: z.array(ZTrialRequest),
  /** How many requests each status has, whatever the filter, for the tabs. */
  counts: z.object({ pending: z.number(), approved: z.number(), rejected: z.number() }),
});
export type TTrialRequestList = z.infer<typeof ZTrialRequestList>;

export const ZApproveTrialResult = z.object({
  request: ZTrialRequest,
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string(), trialEndsAt: z.string(), maxUsers: z.number() }),
  invitation: z.object({ id: z.string(), email: z.string() }),
  /** The outbox row of the invitation e-mail and what became of it: 'stored' (no SMTP), 'sent' or 'failed'. */
  mail: z.object({ id: z.string(), status: z.string() }),
});
export type TApproveTrialResult = z.infer<typeof ZApproveTrialResult>;

export const ZRejectTrialResult = z.object({
  request: ZTrialRequest,
  mail: z.object({ id: z.string(), status: z.string() }),
});
export type TRejectTrialResult = z.infer<typeof ZRejectTrialResult>;
