import { z } from 'zod';

// Issue 16: the one rule for a password someone chooses, on every path that sets one (invitation
// acceptance, password change, Super Admin registration, password reset). The length and
// whitespace rules live here, so every form says so before anything is sent. The common-password
// list (~49k entries) is checked on the server only (src/server/auth/password-strength.ts): it must
// stay out of the browser bundle, and src/shared is imported by the client.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
export const PASSWORD_BLANK_MESSAGE = 'A password cannot be only spaces. Choose one with letters, numbers or symbols.';
export const PASSWORD_TOO_COMMON_MESSAGE =
  'This password is too common and easy to guess. Choose another: a few unrelated words make a strong one.';

/** What every form and input uses for a new password. */
export const ZNewPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, `Keep the password under ${PASSWORD_MAX_LENGTH} characters`)
  // Only a password of nothing but whitespace is refused; spaces inside a passphrase are welcome.
  .refine((value) => value.trim().length > 0, PASSWORD_BLANK_MESSAGE);
