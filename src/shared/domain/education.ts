import { z } from 'zod';
import { ORGANIZATION_ROLES } from '../roles';

// SPEC §3.4 (live educational resource), §5 (search on title and description; category and type
// filters) and §9 (duration in minutes).

export const RESOURCE_TYPES = ['video', 'pdf', 'article', 'course'] as const;
export const RESOURCE_CATEGORIES = ['compliance', 'clinical', 'safety', 'technology'] as const;
export const ZResourceType = z.enum(RESOURCE_TYPES);
export const ZResourceCategory = z.enum(RESOURCE_CATEGORIES);
export type TResourceType = z.infer<typeof ZResourceType>;
export type TResourceCategory = z.infer<typeof ZResourceCategory>;

export const RESOURCE_DURATION_MAX = 10_000;
export const RESOURCE_LIST_MAX_LIMIT = 500;

const ZId = z.string().trim().min(1).max(64);

// Read from the query string on GET /api/educational-resources; an unknown enum value is a 400.
export const ZListResourcesInput = z
  .object({
    search: z.string().trim().max(200).optional(),
    category: ZResourceCategory.optional(),
    type: ZResourceType.optional(),
    limit: z.coerce.number().int().min(1).max(RESOURCE_LIST_MAX_LIMIT).default(RESOURCE_LIST_MAX_LIMIT),
  })
  .prefault({});
export type TListResourcesInput = z.infer<typeof ZListResourcesInput>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const url = z
  .string()
  .trim()
  .max(2_000)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isHttpUrl(v), 'URL must start with http:// or https://');

function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

// Whole minutes or empty. Forms send text, so a numeric string counts; anything else is refused
// rather than silently turned into 0.
const duration = z.preprocess(
  (v) => {
    if (v === '' || v === null) return null;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    return v;
  },
  z
    .number('Duration must be a number of minutes')
    .int('Duration must be whole minutes')
    .min(0, 'Duration cannot be negative')
    .max(RESOURCE_DURATION_MAX, `Duration cannot be more than ${RESOURCE_DURATION_MAX} minutes`)
    .nullable(),
);

const targetRoles = z
  .array(z.enum(ORGANIZATION_ROLES), 'Target roles must be a list of roles')
  .max(ORGANIZATION_ROLES.length)
  .transform((roles) => [...new Set(roles)]);

export const ZResourceFields = z.object({
  title: z.string('Title is required').trim().min(1, 'Title is required').max(200),
  description: optionalText(2_000),
  type: ZResourceType,
  category: ZResourceCategory,
  duration,
  targetRoles,
  url,
});

export const ZCreateResourceInput = ZResourceFields.extend({
  duration: duration.optional().transform((v) => v ?? null),
  targetRoles: targetRoles.default([]),
});
export type TCreateResourceInput = z.infer<typeof ZCreateResourceInput>;

// Fields left out of an update keep their stored value; null clears an optional one.
export const ZUpdateResourceInput = ZResourceFields.partial().extend({ id: ZId });
export type TUpdateResourceInput = z.infer<typeof ZUpdateResourceInput>;

export const ZResource = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  type: ZResourceType,
  duration: z.number().nullable(),
  category: ZResourceCategory,
  targetRoles: z.array(z.string()),
  url: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TResource = z.infer<typeof ZResource>;
