import { z } from 'zod';
import { ZNewPassword } from './password';

// Issue 7: the public /accept-invitation page. The token is the one in the e-mailed link; the server
// keeps only its hash. A new account sets names and a password; an existing account (same e-mail)
// proves itself with its current password instead and just gains the membership.

const ZToken = z.string('The invitation link is incomplete').trim().min(1, 'The invitation link is incomplete').max(128, 'The invitation link is not valid');

export const ZInvitationTokenInput = z.object({ token: ZToken });
export type TInvitationTokenInput = z.infer<typeof ZInvitationTokenInput>;

export const ZInvitationPreview = z.object({
  organizationName: z.string(),
  email: z.string(),
  role: z.string(),
  /** Names the inviter typed, to pre-fill the form. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  expiresAt: z.string(),
  /** An account with this e-mail exists: the form asks for its current password instead of a new one. */
  accountExists: z.boolean(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

const optionalName = (label: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(100, `${label} can be at most 100 characters`).optional());

export const ZAcceptInvitationInput = z.object({
  token: ZToken,
  // Required for a new account (the server says so per field); ignored for an existing one.
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  // A new account's password follows the one rule (password.ts). For an existing account this is
  // its current password, checked against the hash; one set before the rule that breaks it (only
  // spaces) must be changed at /settings or by a reset before accepting.
  password: ZNewPassword,
});
export type TAcceptInvitationInput = z.infer<typeof ZAcceptInvitationInput>;

/** The new-account form: names required and a confirmation the server never sees. */
export const ZAcceptInvitationNewAccountForm = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(100),
    lastName: z.string().trim().min(1, 'Last name is required').max(100),
    password: ZAcceptInvitationInput.shape.password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

/** The existing-account form: only the account's current password. */
export const ZAcceptInvitationExistingAccountForm = z.object({
  password: z.string().min(1, 'Enter your current password').max(1024),
});
