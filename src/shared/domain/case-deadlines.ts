import { z } from 'zod';
import { ZTaskStatus } from './case-tasks';
import { ZDeadlineRuleId } from './deadlines';

// The deadlines of a case (issue 20): what the deadline engine computed from the case's trigger
// dates — the court matter's service, debt and knowledge dates, the trial date per expert of our
// side — each with the task it put on the case. GET /api/patient-cases/{id}/deadlines, and the
// dashboards' "Deadlines this week" (GET /api/deadlines/upcoming?days=7).

export const DEADLINE_SOURCE_KINDS = ['court-matter', 'hearing', 'expert'] as const;
export const ZDeadlineSourceKind = z.enum(DEADLINE_SOURCE_KINDS);
export type TDeadlineSourceKind = z.infer<typeof ZDeadlineSourceKind>;

export const ZCaseDeadline = z.object({
  id: z.string(),
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
