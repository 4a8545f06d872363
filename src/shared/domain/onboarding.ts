import { z } from 'zod';
import { PLATFORMS, PLATFORM_CONFIG, type TPlatform } from '../platform';
import { SA_PROVINCES, type TOrganizationType } from './organizations';

// SPEC §3.7, §5 and §8: the public trial request and contact-us registration forms. Both are
// unauthenticated writes, so every field is bounded.

/**
 * The organisation types a trial request offers on each platform (issue 17). Approval creates the
 * organisation on the request's platform with this type, so every type is one the Organizations
 * screen knows (ORGANIZATION_TYPES; the `satisfies` keeps the two in step). Healthcare keeps the
 * five types of SPEC §3.7.
 */
export const ORGANIZATION_TYPES_BY_PLATFORM = {
  healthcare: ['Hospital', 'Clinic', 'Health Center', 'Private Practice', 'Nursing Home'],
  legal: ['Law Firm', 'Legal Practice', "Advocates' Chambers", 'Legal Aid Office'],
  medicolegal: ["State Attorney's Office", 'Government Department', 'Provincial Health Department Legal Services', 'Special Litigation Unit'],
} as const satisfies Record<TPlatform, readonly TOrganizationType[]>;

export type TTrialOrganizationType = (typeof ORGANIZATION_TYPES_BY_PLATFORM)[TPlatform][number];
export const TRIAL_ORGANIZATION_TYPES = PLATFORMS.flatMap((p) => ORGANIZATION_TYPES_BY_PLATFORM[p]) as [TTrialOrganizationType, ...TTrialOrganizationType[]];

/** Does the type belong to the platform's list? */
export function isTypeOfPlatform(platform: TPlatform, type: string): boolean {
  return (ORGANIZATION_TYPES_BY_PLATFORM[platform] as readonly string[]).includes(type);
}

export const platformTypeMessage = (platform: TPlatform) =>
  `Choose an organisation type of the ${PLATFORM_CONFIG[platform].name} platform: ${ORGANIZATION_TYPES_BY_PLATFORM[platform].join(', ')}`;
export const HOW_DID_YOU_HEAR = ['Google Search', 'Social Media', 'Referral', 'Conference', 'Advertisement', 'Other'] as const;

export const REGISTRATION_ORGANIZATION_TYPES = ['hospital', 'clinic', 'health_center', 'law_firm', 'legal_practice', 'government', 'other'] as const;
export const REGISTRATION_PLATFORMS = ['healthcare', 'legal', 'medicolegal', 'multiple'] as const;
export const REGISTRATION_USER_COUNTS = ['1-10', '11-50', '51-100', '101-500', '500+'] as const;

export const ONBOARDING_TEXT_MAX = 5000;
export const ESTIMATE_MAX = 100_000;

export const TRIAL_SUBMITTED_MESSAGE = "Your trial request has been submitted successfully. You'll receive an email once it's approved.";
export const REGISTRATION_SUBMITTED_MESSAGE = 'Our team will contact you within 24 hours to set up your account.';

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Keep this under ${max} characters`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep this under ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** An optional choice from a list; the forms send '' for "not chosen". */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? null : v), z.enum(values, { error: message }).nullish()).transform((v) => v ?? null);

const email = z
  .string({ error: 'Valid email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Valid email is required')
  .pipe(z.email('Valid email is required'));

const PHONE_HINT = 'Enter a valid phone number, e.g. +27 21 123 4567';
const phone = optionalText(30).refine((v) => v === null || /^[+0-9 ()-]{6,30}$/.test(v), PHONE_HINT);

/** SPEC §5: beds and staff are whole numbers, and empty means unset. */
const optionalWholeNumber = (label: string) =>
  z
    .preprocess(
      (v) => {
        if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
        if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
        return v;
      },
      z
        .number({ error: `${label} must be a whole number` })
        .int(`${label} must be a whole number`)
        .min(0, `${label} cannot be negative`)
        .max(ESTIMATE_MAX, `${label} must be at most ${ESTIMATE_MAX.toLocaleString('en-ZA')}`)
        .nullable(),
    )
    .transform((v) => v ?? null);

/**
 * The platform of a trial request. The form asks for it (an empty choice is "Platform is required");
 * an API caller of SPEC §3.7's field list, which has no platform, meant healthcare.
 */
const trialPlatform = z.preprocess(
  (v) => (v === undefined || v === null ? 'healthcare' : v),
  z.enum(PLATFORMS, { error: 'Platform is required' }),
);

export const ZTrialRequestInput = z.object({
  platform: trialPlatform,
  organizationName: requiredText('Organization name is required', 200),
  organizationType: z.enum(TRIAL_ORGANIZATION_TYPES, { error: 'Organization type is required' }),
  contactPersonName: requiredText('Contact person name is required', 200),
  email,
  phone,
  city: optionalText(100),
  province: optionalChoice(SA_PROVINCES, `Province must be one of ${SA_PROVINCES.join(', ')}`),
  estimatedBeds: optionalWholeNumber('Estimated beds'),
  estimatedStaff: optionalWholeNumber('Estimated staff'),
  currentSystem: optionalText(200),
  howDidYouHear: optionalChoice(HOW_DID_YOU_HEAR, `Choose one of ${HOW_DID_YOU_HEAR.join(', ')}`),
  specificNeeds: optionalText(ONBOARDING_TEXT_MAX),
}).superRefine((value, ctx) => {
  // A law firm is not a healthcare organisation: approval would create it on the wrong platform.
  if (!isTypeOfPlatform(value.platform, value.organizationType)) {
    ctx.addIssue({ code: 'custom', path: ['organizationType'], message: platformTypeMessage(value.platform) });
  }
});
export type TTrialRequestInput = z.infer<typeof ZTrialRequestInput>;

export const ZTrialRequestResult = z.object({
  success: z.literal(true),
  id: z.string(),
  message: z.string(),
});
export type TTrialRequestResult = z.infer<typeof ZTrialRequestResult>;

export const ZRegistrationRequestInput = z.object({
  organizationName: requiredText('Organization name is required', 200),
  contactPerson: requiredText('Contact person is required', 200),
  email,
  phone,
  // The form marks these two with an asterisk but does not enforce them (SPEC §5); a request
  // without them is still a lead worth keeping, so only the values are checked.
  organizationType: optionalChoice(REGISTRATION_ORGANIZATION_TYPES, `Organization type must be one of ${REGISTRATION_ORGANIZATION_TYPES.join(', ')}`),
  platform: optionalChoice(REGISTRATION_PLATFORMS, `Platform must be one of ${REGISTRATION_PLATFORMS.join(', ')}`),
  userCount: optionalChoice(REGISTRATION_USER_COUNTS, `Number of users must be one of ${REGISTRATION_USER_COUNTS.join(', ')}`),
  message: optionalText(ONBOARDING_TEXT_MAX),
});
export type TRegistrationRequestInput = z.infer<typeof ZRegistrationRequestInput>;

export const ZRegistrationRequestResult = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type TRegistrationRequestResult = z.infer<typeof ZRegistrationRequestResult>;
