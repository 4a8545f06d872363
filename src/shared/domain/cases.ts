import { z } from 'zod';
import { CASE_STATUSES, type TCaseStatus } from './case-statuses';

export { CASE_STATUSES, type TCaseStatus };

// SPEC §3.2, §4 and §5: a patient case (a client case on the legal platforms) as the cases
// screens list, create and change it, with the full §3.2 shape the case detail shows.

export const CASE_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export const ZCaseStatus = z.enum(CASE_STATUSES);
export const ZCasePriority = z.enum(CASE_PRIORITIES);
export type TCasePriority = z.infer<typeof ZCasePriority>;

export const CASE_PAGE_SIZE_DEFAULT = 50;
export const CASE_PAGE_SIZE_MAX = 200;
export const URGENT_FLAGS_MAX = 20;

/** An empty form field ('' or only spaces) means "not set". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Required text: missing, blank or whitespace-only all answer `message`; a wrong type says so. */
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined) })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** An id of another row, optional: '' and null both mean none. */
export const optionalId = z.preprocess(blankToUndefined, z.string().max(64).nullish()).transform((v) => v ?? null);

/**
 * An ISO-8601 date-time with a zone (Z or ±hh:mm), or a plain YYYY-MM-DD date (midnight UTC),
 * normalised to the UTC text the database stores. Forms must send the zone: a zoneless local time
 * would mean whatever the server's zone is.
 */
export const isoDateTime = (message: string) =>
  z
    .string()
    .trim()
    .max(40, message)
    .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success || z.iso.date().safeParse(v).success, message)
    .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00.000Z` : v).toISOString());

const optionalDateTime = (message: string) =>
  z.preprocess(blankToUndefined, isoDateTime(message).nullish()).transform((v) => v ?? null);

// Query-string fields arrive as text; an empty filter (status=) means no filter. No input at all
// (a tRPC call without arguments) means the first page of everything.
export const ZCaseListInput = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Search must be at most 100 characters').optional()),
  status: z.preprocess(blankToUndefined, ZCaseStatus.optional()),
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int('Page size must be a whole number')
    .min(1, 'Page size must be 1 or more')
    .max(CASE_PAGE_SIZE_MAX, `Page size must be at most ${CASE_PAGE_SIZE_MAX}`)
    .default(CASE_PAGE_SIZE_DEFAULT),
}).prefault({});
export type TCaseListInput = z.infer<typeof ZCaseListInput>;

const ZProgress = z.coerce
  .number()
  .int('Progress must be a whole number')
  .min(0, 'Progress must be between 0 and 100')
  .max(100, 'Progress must be between 0 and 100');

const ZUrgentFlags = z
  .array(z.string().trim().min(1, 'An urgent flag cannot be empty').max(60, 'An urgent flag must be at most 60 characters'))
  .max(URGENT_FLAGS_MAX, `At most ${URGENT_FLAGS_MAX} urgent flags`);

/** The §3.2 fields a person fills in, as the create form and the edit form both check them. */
const CASE_FIELDS = {
  patientName: requiredText('Patient name is required', 200),
  caseType: requiredText('Case type is required', 100),
  description: optionalText(5000),
  scheduledDate: optionalDateTime('Scheduled date must be a date and time'),
  /** The Patient user this case belongs to (patient portal); must be a Patient of the organisation. */
  patientUserId: optionalId,
  assignedDoctorId: optionalId,
  assignedNurseId: optionalId,
  caseManagerId: optionalId,
  department: optionalText(100),
  admissionDate: optionalDateTime('Admission date must be a date'),
  estimatedDischarge: optionalDateTime('Estimated discharge must be a date'),
  bedNumber: optionalText(20),
  treatmentPlan: optionalText(5000),
  notes: optionalText(5000),
};

export const ZCreateCaseInput = z
  .object({
    ...CASE_FIELDS,
    // With a person the name may be left out: the case takes the person's name (issue 19).
    patientName: optionalText(200),
    /** The person of the registry the case belongs to; without one, a person is made from patientName. */
    personId: optionalId,
    priority: ZCasePriority.default('Medium'),
    progressPercentage: ZProgress.default(0),
    urgentFlags: ZUrgentFlags.default([]),
    /** Need to know (issue 18): only the team, Administrators and the Super Admin read it. */
    restricted: z.boolean().default(false),
    /** Issue 32: the conflict check run at intake, attached to the matter it opens (decision 0055). */
    conflictCheckId: optionalId,
  })
  // Runs even when other fields failed, so a create with neither a name nor a person names
  // patientName beside the other fields in one 400.
  .superRefine(
    (input, ctx) => {
      if (!input.personId && !input.patientName) ctx.addIssue({ code: 'custom', path: ['patientName'], message: 'Patient name is required' });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type TCreateCaseInput = z.infer<typeof ZCreateCaseInput>;

export const ZCaseIdInput = z.object({ id: z.string().min(1).max(64) });
export type TCaseIdInput = z.infer<typeof ZCaseIdInput>;

// SPEC §4: the status changes freely among the three; no order is enforced.
export const ZUpdateCaseStatusInput = z.object({ id: z.string().min(1).max(64), status: ZCaseStatus });
export type TUpdateCaseStatusInput = z.infer<typeof ZUpdateCaseStatusInput>;

/**
 * PATCH /api/patient-cases/{id} (issue 18): any subset of the editable fields. `expectedVersion` is
 * the version the editor saw; a stale one is 409 with the current case. A body of `{status}` alone
 * keeps working as SPEC §7.3 has it (no expectedVersion: the change applies to the current version).
 */
export const ZUpdateCaseInput = z.object({
  id: z.string().min(1).max(64),
  ...Object.fromEntries(Object.entries(CASE_FIELDS).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof CASE_FIELDS]: z.ZodOptional<(typeof CASE_FIELDS)[K]>;
  },
  priority: ZCasePriority.optional(),
  status: ZCaseStatus.optional(),
  progressPercentage: ZProgress.optional(),
  urgentFlags: ZUrgentFlags.optional(),
  restricted: z.boolean().optional(),
  expectedVersion: z.coerce.number().int('Version must be a whole number').min(1, 'Version must be 1 or more').optional(),
});
export type TUpdateCaseInput = z.infer<typeof ZUpdateCaseInput>;

/** The labels the timeline prints for a changed field ("Priority: Medium → High"). */
export const CASE_FIELD_LABELS: Record<string, string> = {
  patientName: 'Name',
  caseType: 'Case type',
  description: 'Description',
  priority: 'Priority',
  status: 'Status',
  scheduledDate: 'Scheduled date',
  patientUserId: 'Portal user',
  department: 'Department',
  admissionDate: 'Admission date',
  estimatedDischarge: 'Estimated discharge',
  progressPercentage: 'Progress',
  bedNumber: 'Bed',
  treatmentPlan: 'Treatment plan',
  notes: 'Notes',
  urgentFlags: 'Urgent flags',
  restricted: 'Restricted',
};

export const BREAK_GLASS_HOURS = 1;
/** A break-glass reason must say something: "x" or a row of zero-width spaces tells the team nothing. */
export const BREAK_GLASS_REASON_MIN = 10;
export const BREAK_GLASS_REASON_MESSAGE = `Give the reason you need to read this case (at least ${BREAK_GLASS_REASON_MIN} characters)`;

/**
 * The characters a reader sees: whitespace and the invisible format characters (Unicode Cf: zero-width
 * space, joiner and non-joiner, word joiner, BOM, soft hyphen, bidi marks …) and controls removed.
 * Counted in code points, so an accented letter or an emoji is one.
 */
export function visibleLength(text: string): number {
  return Array.from(text.replace(/[\s\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0]/gu, '')).length;
}

export const ZBreakGlassInput = z.object({
  id: z.string().min(1).max(64),
  // Stored and shown as typed, trimmed only; the count ignores what cannot be seen.
  reason: requiredText(BREAK_GLASS_REASON_MESSAGE, 500).refine((v) => visibleLength(v) >= BREAK_GLASS_REASON_MIN, BREAK_GLASS_REASON_MESSAGE),
});
export type TBreakGlassInput = z.infer<typeof ZBreakGlassInput>;
export const ZBreakGlassGrant = z.object({ caseId: z.string(), expiresAt: z.string() });
export type TBreakGlassGrant = z.infer<typeof ZBreakGlassGrant>;

/**
 * What a Patient is not sent of their own case: the staff's description and notes, the urgent flags
 * and the team's user ids. The portal shows the rest (type, department, progress, dates, bed,
 * treatment plan and the team's names), and so does GET /api/patient-cases for a Patient.
 */
export const STAFF_ONLY_CASE_FIELDS = ['description', 'notes', 'urgentFlags', 'assignedDoctorId', 'assignedNurseId', 'caseManagerId'] as const;

export const ZCase = z.object({
  id: z.string(),
  patientName: z.string(),
  patientUserId: z.string().nullable(),
  caseType: z.string(),
  description: z.string().nullable(),
  priority: ZCasePriority,
  status: ZCaseStatus,
  scheduledDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  assignedDoctorId: z.string().nullable(),
  assignedDoctor: z.string().nullable(),
  assignedNurseId: z.string().nullable(),
  assignedNurse: z.string().nullable(),
  caseManagerId: z.string().nullable(),
  caseManager: z.string().nullable(),
  department: z.string().nullable(),
  admissionDate: z.string().nullable(),
  estimatedDischarge: z.string().nullable(),
  progressPercentage: z.number(),
  bedNumber: z.string().nullable(),
  treatmentPlan: z.string().nullable(),
  notes: z.string().nullable(),
  urgentFlags: z.array(z.string()),
  completedAt: z.string().nullable(),
  /** +1 on every change (issue 18). */
  version: z.number(),
  /** TCH-2026-00123: unique per organisation. */
  reference: z.string().nullable(),
  /** Need to know: only the team, Administrators and the Super Admin read it. */
  restricted: z.boolean(),
  /** The person of the registry this case belongs to (issue 19). */
  personId: z.string().nullable(),
  /**
   * True when the case is restricted and the caller has no need to know of it (issue 28): a list then
   * shows its name, reference and status as "Restricted" and nothing of its file.
   */
  withheld: z.boolean().optional(),
});
export type TCase = z.infer<typeof ZCase>;

/** What a list shows of a restricted case in place of its type or title, to someone without need to know. */
export const WITHHELD_LABEL = 'Restricted';

/**
 * A restricted case as someone without need to know sees it in a list (issue 28, decision 0045):
 * who, which reference, what status — and "Restricted" where its type was. Its narrative, clinical and
 * legal content (description, notes, plan, flags, department, bed, dates of care) and its team are
 * left out. The server's lists and the demo's answer with this one shape.
 */
export function withheldCase(kase: TCase): TCase {
  return {
    ...kase,
    caseType: WITHHELD_LABEL,
    description: null,
    treatmentPlan: null,
    notes: null,
    urgentFlags: [],
    department: null,
    bedNumber: null,
    scheduledDate: null,
    admissionDate: null,
    estimatedDischarge: null,
    assignedDoctorId: null,
    assignedDoctor: null,
    assignedNurseId: null,
    assignedNurse: null,
    caseManagerId: null,
    caseManager: null,
    withheld: true,
  };
}

/** A case as the API answers it: whole for staff, without STAFF_ONLY_CASE_FIELDS for a Patient. */
export const ZCaseShown = ZCase.extend({
  description: ZCase.shape.description.optional(),
  assignedDoctorId: ZCase.shape.assignedDoctorId.optional(),
  assignedNurseId: ZCase.shape.assignedNurseId.optional(),
  caseManagerId: ZCase.shape.caseManagerId.optional(),
  notes: ZCase.shape.notes.optional(),
  urgentFlags: ZCase.shape.urgentFlags.optional(),
});
export type TCaseShown = z.infer<typeof ZCaseShown>;

export const ZCaseList = z.object({
  items: z.array(ZCaseShown),
  /** Every match, or with totalIsLowerBound a lower bound: there are more than `total`. */
  total: z.number(),
  /**
   * True when a search stopped counting: more than `total` cases match (the server counts a few
   * pages beyond the one asked for; paging on counts further). Always false without a search.
   */
  totalIsLowerBound: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type TCaseList = z.infer<typeof ZCaseList>;
