import { z } from 'zod';
import { dayKey } from '../calendar';
import { DEADLINE_MARKS, DEADLINE_STATUSES, DEADLINE_STATUS_BASES } from '../deadlines/deadline-status';
import { ZTaskStatus } from './case-tasks';
import { optionalText } from './cases';
import { ZDeadlineRuleId } from './deadlines';
import { zDay } from './litigation-common';

// The deadlines of a case (issue 20): what the deadline engine computed from the case's trigger
// dates — the court matter's service, debt and knowledge dates, the trial date per expert of our
// side — each with the task it put on the case. GET /api/patient-cases/{id}/deadlines, and the
// dashboards' "Deadlines this week" (GET /api/deadlines/upcoming?days=7).

export const DEADLINE_SOURCE_KINDS = ['court-matter', 'hearing', 'expert'] as const;
export const ZDeadlineSourceKind = z.enum(DEADLINE_SOURCE_KINDS);
export type TDeadlineSourceKind = z.infer<typeof ZDeadlineSourceKind>;

export const ZDeadlineStatus = z.enum(DEADLINE_STATUSES);
export const ZDeadlineMark = z.enum(DEADLINE_MARKS, { error: 'Status must be met or not-applicable' });

/** A mark as recorded: append-only, each amendment a new version. */
export const ZDeadlineOutcome = z.object({
  status: ZDeadlineMark,
  /** The day it was met (met only), YYYY-MM-DD. */
  on: z.string().nullable(),
  reason: z.string().nullable(),
  recordedByName: z.string().nullable(),
  recordedAt: z.string(),
  version: z.number(),
});
export type TDeadlineOutcome = z.infer<typeof ZDeadlineOutcome>;

export const DEADLINE_REASON_REQUIRED = 'Give the reason this deadline does not apply';
export const DEADLINE_MET_IN_FUTURE = 'The day it was met cannot be in the future';
export const DEADLINE_REASON_MAX = 500;

/**
 * PATCH /api/deadlines/{id}: mark a deadline met (on a day, default today, not in the future) or not
 * applicable (a reason required). `expectedVersion`: the mark version the person saw (0 for none);
 * a stale one is 409. A second mark is an amendment, a new version: the earlier ones stay.
 */
export const ZMarkDeadlineInput = z
  .object({
    id: z.string().trim().min(1).max(64),
    status: ZDeadlineMark,
    on: z.preprocess((v) => (v === '' || v === null ? undefined : v), zDay('Date met').optional()),
    reason: optionalText(DEADLINE_REASON_MAX),
    expectedVersion: z.coerce.number().int().min(0, 'Version must be 0 or more').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'not-applicable' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: DEADLINE_REASON_REQUIRED });
    if (v.status === 'met' && v.on !== undefined && v.on > dayKey()) ctx.addIssue({ code: 'custom', path: ['on'], message: DEADLINE_MET_IN_FUTURE });
  });
export type TMarkDeadlineInput = z.infer<typeof ZMarkDeadlineInput>;

export const ZCaseDeadline = z.object({
  id: z.string(),
  caseId: z.string(),
  rule: ZDeadlineRuleId,
  /** What to do, and for whom: "Rule 36(9)(a) expert notice — Dr Thandi Mokoena". */
  title: z.string(),
  /** The trigger day it was counted from (a trial date, a service date). */
  trigger: z.string(),
  /** YYYY-MM-DD, the last day to act. */
  due: z.string(),
  explanation: z.string(),
  sourceKind: ZDeadlineSourceKind,
  sourceId: z.string(),
  /** The task on the case; null once that task is gone. */
  taskId: z.string().nullable(),
  taskStatus: ZTaskStatus.nullable(),
  /** Issue 32 (decision 0056): how it stands — src/shared/deadlines/deadline-status.ts. */
  status: ZDeadlineStatus,
  /** What decided the status: a person's mark, the service of summons, or the calendar. */
  statusBasis: z.enum(DEADLINE_STATUS_BASES),
  /** The day it was met (status met only). */
  metOn: z.string().nullable(),
  /** The latest mark a person recorded (met on a day, or not applicable with a reason); null if none. */
  outcome: ZDeadlineOutcome.nullable(),
});
export type TCaseDeadline = z.infer<typeof ZCaseDeadline>;
export const ZCaseDeadlineList = z.object({ items: z.array(ZCaseDeadline) });
export type TCaseDeadlineList = z.infer<typeof ZCaseDeadlineList>;

export const UPCOMING_DEADLINE_DAYS_MAX = 90;

export const ZUpcomingDeadlinesInput = z
  .object({
    /** From today (South African day) through this many days ahead. */
    days: z.coerce
      .number({ error: 'Days must be a number' })
      .int('Days must be a whole number')
      .min(0, 'Days cannot be negative')
      .max(UPCOMING_DEADLINE_DAYS_MAX, `Days can be at most ${UPCOMING_DEADLINE_DAYS_MAX}`)
      .default(7),
  })
  .default({ days: 7 });
export type TUpcomingDeadlinesInput = z.infer<typeof ZUpcomingDeadlinesInput>;

export const ZUpcomingDeadline = ZCaseDeadline.extend({
  caseId: z.string(),
  caseName: z.string(),
  caseReference: z.string().nullable(),
});
export type TUpcomingDeadline = z.infer<typeof ZUpcomingDeadline>;
export const ZUpcomingDeadlineList = z.object({
  /** The window: today and the last day included (YYYY-MM-DD, South African days). */
  from: z.string(),
  to: z.string(),
  items: z.array(ZUpcomingDeadline),
});
export type TUpcomingDeadlineList = z.infer<typeof ZUpcomingDeadlineList>;
