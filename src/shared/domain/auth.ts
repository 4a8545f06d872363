import { z } from 'zod';
import { ZPlatform } from './common';
import { PASSWORD_MIN_LENGTH, ZNewPassword } from './password';

// SPEC §3.7 / §5: sign-in and Super Admin registration, shared by the forms, tRPC and REST.

const email = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address'));

export const ZLoginInput = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254).toLowerCase(),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const ZAuthResult = z.object({
  success: z.boolean(),
  token: z.string().nullable(),
  message: z.string(),
  /**
   * The password was right and a second step is needed before any session exists: 'verify' asks for
   * the authenticator code (or a recovery code), 'enrol' sets two-factor sign-in up first (required
   * of Super Admins and of members of organisations that require it). `challenge` carries the step.
   */
  twoFactor: z.enum(['verify', 'enrol']).optional(),
  challenge: z.string().optional(),
  /** Shown once, when enrolment completes a sign-in. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type TAuthResult = z.infer<typeof ZAuthResult>;

/** Kept here for the screens that import it from auth; the rule itself is in password.ts. */
export { PASSWORD_MIN_LENGTH };

export const ZRegisterSuperuserInput = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email,
  password: ZNewPassword,
  secretKey: z.string().min(1, 'Super admin secret key is required').max(1024),
});
export type TRegisterSuperuserInput = z.infer<typeof ZRegisterSuperuserInput>;

/** The form adds a confirmation the server never sees (SPEC §5: 'Passwords do not match'). */
export const ZRegisterSuperuserForm = ZRegisterSuperuserInput.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);

// SPEC §3.1: the signed-in user, plus the organisation the session works in.
export const ZCurrentUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  department: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isSuperAdmin: z.boolean(),
  permissions: z.array(z.string()),
  organization: z.object({ id: z.string(), name: z.string(), platform: ZPlatform }).nullable(),
  /** False on the first sign-in ever: the dashboard says "Welcome", not "Welcome back". */
  signedInBefore: z.boolean(),
  /**
   * Whether this install sends e-mail (decision 0057). Without a mail server, invitations and reset
   * links are shown to the Administrator to pass on, and no screen says "They receive an e-mail".
   */
  mailServer: z.boolean(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;
