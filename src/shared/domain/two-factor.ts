import { z } from 'zod';

// Two-factor sign-in with TOTP (RFC 6238: 30-second steps, 6 digits, SHA-1 — what authenticator apps
// use) and single-use recovery codes. Shared by the sign-in steps, /settings and the REST paths.

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export const ZTotpCode = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

export const ZRecoveryCode = z
  .string()
  .trim()
  .min(1, 'Enter one of your recovery codes')
  .max(64, 'That is not a recovery code');

const challenge = z.string().trim().min(1, 'Sign in again').max(128);

/** Either the authenticator code or a recovery code. */
export const ZVerifyTwoFactorInput = z
  .object({ challenge, code: ZTotpCode.optional(), recoveryCode: ZRecoveryCode.optional() })
  .refine((v) => !!v.code !== !!v.recoveryCode, { message: 'Enter the code from your app, or a recovery code', path: ['code'] });
export type TVerifyTwoFactorInput = z.infer<typeof ZVerifyTwoFactorInput>;

export const ZChallengeInput = z.object({ challenge });
export const ZFinishEnrolmentInput = z.object({ challenge, code: ZTotpCode });

/** What an authenticator app needs: the otpauth:// link as a QR code (SVG) and the secret to type in. */
export const ZTwoFactorSetup = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The organisation requires it, or the account is a Super Admin: it cannot be turned off. */
  required: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

const password = z.string().min(1, 'Enter your current password').max(1024);
export const ZPasswordConfirmInput = z.object({ password });
export const ZConfirmEnrolmentInput = z.object({ code: ZTotpCode });
export const ZDisableTwoFactorInput = z.object({ password, code: ZTotpCode });

export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

export const ZOrganizationSecurity = z.object({
  requireTwoFactor: z.boolean(),
  /** Active members who have not enrolled yet: they will be asked to at their next sign-in. */
  membersWithoutTwoFactor: z.number().int(),
});
export type TOrganizationSecurity = z.infer<typeof ZOrganizationSecurity>;
export const ZUpdateOrganizationSecurityInput = z.object({ requireTwoFactor: z.boolean() });
