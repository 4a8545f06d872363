import { PASSWORD_TOO_COMMON_MESSAGE, ZNewPassword } from '../../shared/domain/password';
import { AppError } from '../errors';

// The server's one gate for a password someone is about to set (issue 16): every path that sets a
// password calls assertAcceptablePassword before hashing it. The length and whitespace rules are the
// shared ZNewPassword (the forms and inputs check them already; checked again here so a path that
// forgot its schema still cannot set a weak password); the common-password list is only here, on the
// server, because ~49k words must not reach the browser bundle.

/** The input field that carries the new password on the path asking: its message goes there. */
export type PasswordField = 'password' | 'newPassword';

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * zxcvbn-ts's list of common passwords (lower case), loaded on first use: decompressing it takes
 * ~30 ms, which server start-up need not pay.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));
  return common;
}

/** True for a password on the common list, compared case-insensitively and without surrounding spaces. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}

/** Throws a 400 naming `field` when the password breaks the shared rule or is a common one. */
export async function assertAcceptablePassword(password: string, field: PasswordField = 'password'): Promise<void> {
  const shape = ZNewPassword.safeParse(password);
  if (!shape.success) {
    const message = shape.error.issues[0]?.message ?? 'Choose another password';
    throw new AppError('BAD_REQUEST', message, { [field]: message });
  }
  if (await isCommonPassword(password)) throw new AppError('BAD_REQUEST', PASSWORD_TOO_COMMON_MESSAGE, { [field]: PASSWORD_TOO_COMMON_MESSAGE });
}
