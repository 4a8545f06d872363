import { z } from 'zod';

// Issue 17: the contact-us requests of /register (SPEC §2.4), as the Super Admin works them at
// /contact-requests beside the trial requests. The form itself is ZRegistrationRequestInput
// (onboarding.ts); this is the review side.

export const CONTACT_REQUEST_STATUSES = ['new', 'in_progress', 'closed'] as const;
export type TContactRequestStatus = (typeof CONTACT_REQUEST_STATUSES)[number];

export const CONTACT_REQUEST_STATUS_LABELS: Record<TContactRequestStatus, string> = {
  new: 'New',
  in_progress: 'In Progress',
  closed: 'Closed',
};

/** The list shows at most this many requests, newest first. */
export const CONTACT_REQUEST_LIST_LIMIT = 200;

const statusChoice = z.enum(CONTACT_REQUEST_STATUSES, `Status must be one of ${CONTACT_REQUEST_STATUSES.join(', ')}`);

export const ZListContactRequestsInput = z
  .object({
    // An empty filter (status=) means every status.
    status: z.preprocess((v) => (v === '' ? undefined : v), statusChoice.optional()),
  })
  .optional();
export type TListContactRequestsInput = z.infer<typeof ZListContactRequestsInput>;

export const ZUpdateContactRequestInput = z.object({
  id: z.string().trim().min(1, 'Contact request id is required').max(64),
  status: statusChoice,
});
export type TUpdateContactRequestInput = z.infer<typeof ZUpdateContactRequestInput>;

export const ZContactRequest = z.object({
  id: z.string(),
  organizationName: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  // As submitted; typed loosely so an older row never breaks the list.
  organizationType: z.string().nullable(),
  platform: z.string().nullable(),
  userCount: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
  status: statusChoice,
  statusChangedAt: z.string().nullable(),
  /** Who changed the status last; null when nobody has (or the account is gone). */
  statusChangedBy: z.string().nullable(),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

export const ZContactRequestList = z.object({
  requests: z.array(ZContactRequest),
  /** How many requests each status has, whatever the filter, for the tabs. */
  counts: z.object({ new: z.number(), in_progress: z.number(), closed: z.number() }),
});
export type TContactRequestList = z.infer<typeof ZContactRequestList>;
