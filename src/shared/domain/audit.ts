import { z } from 'zod';
import { AUDIT_PAGE_SIZE_DEFAULT } from '../audit-page-size';

// The audit trail (issue 8; POPIA s19, s22, s23). One entry per audited action: who (user, role,
// organisation), what (entity type and id, action), from where (address, user agent), when and the
// outcome. The same schemas serve the Audit screen, the access report, the REST paths and the CSV.

export const AUDIT_ENTITY_TYPES = [
  'session', // sign-in, sign-out, two-factor
  'case',
  'person', // the person registry (issue 19)
  'appointment',
  'message',
  'bed', // beds and their patient assignments
  'cost', // hourly rates, time entries, case costs
  'document',
  'user', // members, invitations, own account
  'organization',
  'support', // support chats with the platform team and their messages
  'mail', // the e-mail outbox (invitations, trial decisions)
  'audit', // reading or exporting the trail itself
  'request', // a refused call that names no entity
] as const;
export type TAuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = [
  'sign-in', 'sign-out', 'two-factor',
  'list', 'read', 'export',
  'create', 'update', 'delete',
  'assign', 'release',
  'de-identify',
  'access-denied',
  'password-reset', // a reset link sent or asked for, and a password set with one (issue 16)
  'search', // the header search (issue 19): the term is in the entry's details
  'merge', // two person records folded into one (issue 19)
  'checkpoints-missing', // the server found the trail's checkpoint file missing, truncated or another trail's at start (decision 0044)
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type TAuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Which actions change a record (the access report's "changed" column); the rest only read it. */
export const AUDIT_CHANGE_ACTIONS: readonly TAuditAction[] = ['create', 'update', 'delete', 'assign', 'release', 'de-identify', 'merge'];

export { AUDIT_PAGE_SIZE_DEFAULT };
export const AUDIT_PAGE_SIZE_MAX = 200;
/** A CSV export holds at most this many entries; narrow the filters for more. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24');

// Plain objects (GET query strings for the REST adapter); the service refuses from > to with a 400.
// A blank field (a filter select left on "any") means no filter.
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const id = z.string().trim().min(1).max(64);

const filterFields = {
  userId: optional(id),
  entityType: optional(z.enum(AUDIT_ENTITY_TYPES)),
  action: optional(z.enum(AUDIT_ACTIONS)),
  /** First day included (SAST calendar day). */
  from: optional(isoDay),
  /** Last day included (SAST calendar day). */
  to: optional(isoDay),
  /** Super Admin only: one organisation's trail. */
  organizationId: optional(id),
};

export const ZAuditFilter = z.object(filterFields).prefault({});
export type TAuditFilter = z.infer<typeof ZAuditFilter>;

export const ZAuditListInput = z.object({
  ...filterFields,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE_DEFAULT),
  /**
   * Pages of one reading: pass the first page's `untilSeq` with the next pages, so entries written
   * meanwhile (reading the trail is itself recorded) do not shift the pages.
   */
  untilSeq: z.coerce.number().int().min(0).optional(),
  /**
   * Issue 32: fold the list reads of one person (one kind of record, one 10-minute window) into one
   * row with a count — a screen visit is one row, not one per list it loaded. Only the view folds:
   * the trail keeps every entry, the CSV export too. Off unless asked (`?fold=true`).
   */
  fold: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : blank(v)), z.boolean().optional()),
}).prefault({});
export type TAuditListInput = z.infer<typeof ZAuditListInput>;

export const ZAuditEntry = z.object({
  seq: z.number().int(),
  occurredAt: z.string(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  userId: z.string().nullable(),
  /** The person's name now, or the e-mail tried at a failed sign-in. */
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  /**
   * Issue 32: who the entry is about, by name — the user (or the invitee) or the person of the
   * registry — resolved within the entry's organisation; null for other records or when unknown.
   */
  entityName: z.string().nullable(),
  caseId: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** A folded row (list input `fold`): the entry shown is the newest of `count`, the first at `firstAt`. Else null. */
  folded: z.object({ count: z.number().int(), firstAt: z.string(), firstSeq: z.number().int() }).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** List reads of one person within this many minutes of the clock (10:00–10:09 …) fold into one row. */
export const AUDIT_FOLD_WINDOW_MINUTES = 10;

export const ZAuditPage = z.object({
  items: z.array(ZAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The newest entry this reading covers: send it back with the next pages. */
  untilSeq: z.number().int(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The people an audit filter can name: everyone who appears in the caller's trail. */
export const ZAuditActorsInput = z.object({ organizationId: optional(id) }).prefault({});
export const ZAuditActor = z.object({ userId: z.string(), name: z.string(), email: z.string() });
export const ZAuditActors = z.array(ZAuditActor);
export type TAuditActor = z.infer<typeof ZAuditActor>;

export const ZAccessReportInput = z.object({ caseId: id });

/** POPIA s23: everyone who read or changed one case (and its costs, documents, messages …), and when. */
export const ZAccessReportPerson = z.object({
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  roles: z.array(z.string()),
  reads: z.number().int(),
  changes: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export const ZAccessReport = z.object({
  case: z.object({ id: z.string(), patientName: z.string(), caseType: z.string(), status: z.string(), deidentified: z.boolean() }),
  people: z.array(ZAccessReportPerson),
  entries: z.array(ZAuditEntry),
});
export type TAccessReport = z.infer<typeof ZAccessReport>;
export type TAccessReportPerson = z.infer<typeof ZAccessReportPerson>;

/** Plain routes that answer text/csv (the same session and capability checks as the procedures). */
export const AUDIT_EXPORT_URL = '/api/audit-events/export';
export const accessReportExportUrl = (caseId: string) => `/api/patient-cases/${encodeURIComponent(caseId)}/access-report/export`;
