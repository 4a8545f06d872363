import { z } from 'zod';
import { ZNewPassword } from './password';

// Issue 16: password reset. /forgot-password asks for a link by e-mail address; the link carries a
// single-use token (only its SHA-256 is stored) valid for 30 minutes; /reset-password sets the new
// password with it. An Administrator (own organisation) or the Super Admin (anyone) can send a link.

export const PASSWORD_RESET_LIFETIME_MINUTES = 30;

/** The same answer for every address, known or not, so the form cannot tell who has an account. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, for 30 minutes.';

export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. Sign in with your new password.';

export const PASSWORD_RESET_TOKEN_INVALID =
  'This password reset link is not valid any more: it was used, it expired, or a newer link replaced it. Ask for a new one.';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Enter a valid email address')
  .pipe(z.email('Enter a valid email address'));

const token = z
  .string({ error: PASSWORD_RESET_TOKEN_INVALID })
  .trim()
  .min(1, 'The reset link is incomplete. Check that you copied the whole link from the e-mail.')
  .max(128, PASSWORD_RESET_TOKEN_INVALID);

export const ZRequestPasswordResetInput = z.object({ email });
export type TRequestPasswordResetInput = z.infer<typeof ZRequestPasswordResetInput>;

export const ZPasswordResetRequested = z.object({ success: z.literal(true), message: z.string() });
export type TPasswordResetRequested = z.infer<typeof ZPasswordResetRequested>;

export const ZConfirmPasswordResetInput = z.object({ token, password: ZNewPassword });
export type TConfirmPasswordResetInput = z.infer<typeof ZConfirmPasswordResetInput>;

/** The form adds a confirmation the server never sees; the token comes from the link. */
export const ZConfirmPasswordResetForm = z
  .object({ password: ZNewPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const ZPasswordResetDone = z.object({ success: z.literal(true), message: z.string() });
export type TPasswordResetDone = z.infer<typeof ZPasswordResetDone>;

/** The Super Admin sends a link to any account by its e-mail address (/system-settings). */
export const ZSendPasswordResetByEmailInput = z.object({ email });
export type TSendPasswordResetByEmailInput = z.infer<typeof ZSendPasswordResetByEmailInput>;

/** What an Administrator or the Super Admin is told after sending a link. */
export const ZPasswordResetSent = z.object({
  userId: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  /** The outbox row: 'stored' when no SMTP is configured (readable at /system-settings), else sent / failed. */
  mail: z.object({ id: z.string(), status: z.string() }),
  /** True when a mail server is configured and the link went by e-mail (decision 0057). */
  sent: z.boolean(),
  /**
   * Only when no mail server is configured (decision 0057): the link itself, for the sender to pass
   * on (copy it to the colleague). It works once, until `expiresAt`.
   */
  link: z.string().optional(),
});
export type TPasswordResetSent = z.infer<typeof ZPasswordResetSent>;
