import { PASSWORD_RESET_LIFETIME_MINUTES } from '../../shared/domain/password-reset';
import { formatDateTime } from '../../shared/format';

// The e-mail that carries a password reset link (issue 16). Plain text, like the invitations: the
// link is the only thing the reader must act on, and it says how long it works.

export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${token}`;
}

export interface PasswordResetMailInput {
  firstName: string;
  email: string;
  link: string;
  expiresAt: string;
  /** The Administrator or Super Admin who sent it; null when the account holder asked. */
  sentBy: string | null;
}

export const PASSWORD_RESET_SUBJECT = 'Reset your CaseBridge password';

export function passwordResetMailBody(input: PasswordResetMailInput): string {
  const greeting = input.firstName.trim() ? `Hello ${input.firstName.trim()},` : 'Hello,';
  const why = input.sentBy
    ? `${input.sentBy} sent you a link to choose a new password for your CaseBridge account (${input.email}).`
    : `Someone asked to reset the password of your CaseBridge account (${input.email}).`;
  return [
    greeting,
    '',
    why,
    '',
    'To choose a new password, open this link:',
    input.link,
    '',
    `The link works once and for ${PASSWORD_RESET_LIFETIME_MINUTES} minutes, until ${formatDateTime(input.expiresAt)} (SAST).`,
    'Changing your password signs you out everywhere. If you use two-factor sign-in, you will still be asked for your code.',
    '',
    'If you did not ask for this, you can ignore this message: your password stays as it is.',
  ].join('\n');
}
