import { z } from 'zod';
import { ZPlatform } from './common';
import { PASSWORD_MAX_LENGTH, ZNewPassword } from './password';

// Issue 7 /settings: the caller's own account — profile, password and signed-in sessions. Every
// signed-in person has one (staff, Patients and the Super Admin), so nothing here is tenant data.

export const NAME_MAX = 100;
export const DEPARTMENT_MAX = 100;
export const PASSWORD_MAX = PASSWORD_MAX_LENGTH;

export const ZAccountProfile = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The sign-in name: fixed here, an administrator changes it. */
  email: z.string(),
  department: z.string().nullable(),
  role: z.string(),
  isSuperAdmin: z.boolean(),
  organization: z.object({ id: z.string(), name: z.string(), platform: ZPlatform }).nullable(),
});
export type TAccountProfile = z.infer<typeof ZAccountProfile>;

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `Keep the ${label.toLowerCase()} under ${NAME_MAX} characters`);

export const ZUpdateAccountProfileInput = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  /** Blank clears it. */
  department: z
    .string()
    .trim()
    .max(DEPARTMENT_MAX, `Keep the department under ${DEPARTMENT_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type TUpdateAccountProfileInput = z.infer<typeof ZUpdateAccountProfileInput>;

/** The one rule for a new password (password.ts); the server also refuses common ones. */
const newPassword = ZNewPassword;

export const ZChangePasswordInput = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX),
    newPassword,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'Choose a password different from the current one',
    path: ['newPassword'],
  });
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

/** The form adds a confirmation the server never sees. */
export const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'Choose a password different from the current one',
    path: ['newPassword'],
  });

export const ZChangePasswordResult = z.object({
  success: z.literal(true),
  /** How many other sessions were signed out. */
  endedSessions: z.number(),
  message: z.string(),
});
export type TChangePasswordResult = z.infer<typeof ZChangePasswordResult>;

export const ZAccountSession = z.object({
  /** An opaque handle for endSession, derived from (never equal to) the stored session id. */
  id: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  ip: z.string().nullable(),
  /** 'Chrome on Windows', from the user agent; 'Unknown device' when there was none. */
  device: z.string(),
  current: z.boolean(),
  organizationName: z.string().nullable(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const ZEndSessionInput = z.object({
  id: z.string({ error: 'Session is required' }).trim().min(1, 'Session is required').max(128),
});
export type TEndSessionInput = z.infer<typeof ZEndSessionInput>;

export const ZEndSessionResult = z.object({
  success: z.literal(true),
  /** True when the caller ended the session they are using: they are signed out now. */
  signedOut: z.boolean(),
});
export type TEndSessionResult = z.infer<typeof ZEndSessionResult>;

// Order matters: Edge and Opera carry 'Chrome' too, and Chrome carries 'Safari'.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A person-readable summary of a user agent: 'Chrome on Windows', 'Safari on iOS'. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system)!;
  // An API client (curl, a script): its own first word is the most honest name.
  return userAgent.trim().split(/[\s/]/)[0]!.slice(0, 40) || 'Unknown device';
}
