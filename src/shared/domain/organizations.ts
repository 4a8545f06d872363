import { z } from 'zod';
import { ZPlatform } from './common';

// SPEC §3.5 and §5: an organisation as the Organizations screen edits it.

// Every type an organisation may have on any platform; which types each platform offers on the
// trial request is ORGANIZATION_TYPES_BY_PLATFORM (onboarding.ts).
export const ORGANIZATION_TYPES = [
  'Hospital', 'Clinic', 'Health Center', 'Private Practice', 'Nursing Home',
  'Law Firm', 'Legal Practice', "Advocates' Chambers", 'Legal Aid Office',
  "State Attorney's Office", 'Government Department', 'Provincial Health Department Legal Services', 'Special Litigation Unit',
  'Government', 'Other',
] as const;
export type TOrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const SA_PROVINCES = [
  'Western Cape', 'Eastern Cape', 'Northern Cape', 'Free State', 'KwaZulu-Natal',
  'North West', 'Gauteng', 'Mpumalanga', 'Limpopo',
] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

// SPEC §5: total beds has a minimum of 0 and falls back to 0 when not a number.
const totalBeds = z.preprocess(
  (v) => {
    if (v === undefined) return undefined;
    if (v === '' || v === null) return 0;
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : 0;
  },
  z.number().int('Total beds must be a whole number').min(0, 'Total beds cannot be negative').max(100_000),
);

export const ZOrganizationFields = z.object({
  name: z.string().trim().min(1, 'Organization name is required').max(200),
  platform: ZPlatform,
  type: z.enum(ORGANIZATION_TYPES),
  address: optionalText(300),
  city: optionalText(100),
  province: z.enum(SA_PROVINCES).nullish().transform((v) => v ?? null),
  postalCode: optionalText(10),
  phone: optionalText(30).refine((v) => v === null || /^[+0-9 ()-]{6,30}$/.test(v), 'Enter a valid phone number'),
  email: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, 'Enter a valid email address'),
  registrationNumber: optionalText(50),
  totalBeds,
});

export const ZCreateOrganizationInput = ZOrganizationFields.extend({
  platform: ZPlatform.default('healthcare'),
  type: z.enum(ORGANIZATION_TYPES).default('Hospital'),
  totalBeds: totalBeds.default(0),
});
export type TCreateOrganizationInput = z.infer<typeof ZCreateOrganizationInput>;

// Fields left out of an update keep their stored value.
export const ZUpdateOrganizationInput = ZOrganizationFields.partial().extend({ id: z.string().min(1).max(64) });
export type TUpdateOrganizationInput = z.infer<typeof ZUpdateOrganizationInput>;

export const ZOrganization = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  platform: ZPlatform,
  type: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  postalCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  totalBeds: z.number(),
  isActive: z.boolean(),
  plan: z.string(),
  trialEndsAt: z.string().nullable(),
  memberCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOrganization = z.infer<typeof ZOrganization>;
