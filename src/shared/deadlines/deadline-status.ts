// How a deadline of a case stands (issue 32, decision 0056): open, met, not applicable or overdue,
// from what happened — a person's mark (met on a day, or not applicable with a reason) and the
// service of summons recorded on the court matter. Pure, so the server, demo mode and the tests
// read the same rule:
//
// 1. Marked not applicable → not-applicable (a person's judgement that the rule does not apply wins).
// 2. Summons served (court matter), for the two deadlines service decides:
//    - prescription: a mark "met" stays as marked (e.g. an acknowledgement of debt, s14); else
//      service on or before the due day interrupts prescription (Prescription Act 68 of 1969 s15):
//      met, on the service day; service after the due day came too late: overdue
//      (served-after-prescription).
//    - Act 40 of 2002 s3 notice: met when it was marked met on or before the service day; otherwise
//      overdue (overdue-before-service) — summons went out without the notice in time, and
//      condonation (s3(4)) is the only way on. Never open after service.
// 3. Marked met → met, on the day marked.
// 4. Its task done (the deadline's task on the case, ticked off) → met, on the day the task was done
//    (readiness and the bell have always read a done task as a met deadline).
// 5. Otherwise: overdue once its due day (the last day to act) has passed, else open.
// In 2, the s3 notice counts as served before summons when marked met, or its task done, on or
// before the service day.

import type { TDeadlineRuleId } from '../domain/deadlines';

export const DEADLINE_STATUSES = ['open', 'met', 'not-applicable', 'overdue'] as const;
export type TDeadlineStatus = (typeof DEADLINE_STATUSES)[number];

/** What decided the status: a person's mark, the service of summons, or the calendar. */
export const DEADLINE_STATUS_BASES = ['marked', 'task-done', 'summons-served', 'overdue-before-service', 'served-after-prescription', 'due', 'past-due'] as const;
export type TDeadlineStatusBasis = (typeof DEADLINE_STATUS_BASES)[number];

/** The marks a person records (PATCH /api/deadlines/{id}). */
export const DEADLINE_MARKS = ['met', 'not-applicable'] as const;
export type TDeadlineMark = (typeof DEADLINE_MARKS)[number];

export interface DeadlineMarkFact {
  status: TDeadlineMark;
  /** The day it was met (YYYY-MM-DD); null for not-applicable. */
  on: string | null;
}

export interface DeadlineStatusFacts {
  rule: TDeadlineRuleId;
  /** YYYY-MM-DD, the last day to act. */
  due: string;
  /** The latest mark of the deadline, if any. */
  mark: DeadlineMarkFact | null;
  /** The court matter's date of service of summons, if recorded. */
  summonsServedOn: string | null;
  /** The day the deadline's task was done (YYYY-MM-DD), if it is done. */
  taskDoneOn?: string | null;
}

export interface DeadlineStanding {
  status: TDeadlineStatus;
  basis: TDeadlineStatusBasis;
  /** The day it was met (met only). */
  metOn: string | null;
}

/** The rules whose status the service of summons decides. */
export const SERVICE_DECIDES: readonly TDeadlineRuleId[] = ['prescription', 'act-40-s3'];

/** The written rule above. `today` is a South African day (YYYY-MM-DD). */
export function deadlineStanding(facts: DeadlineStatusFacts, today: string): DeadlineStanding {
  const { rule, due, mark, summonsServedOn: served } = facts;
  const taskDoneOn = facts.taskDoneOn ?? null;
  if (mark?.status === 'not-applicable') return { status: 'not-applicable', basis: 'marked', metOn: null };
  if (served && rule === 'prescription') {
    if (mark?.status === 'met') return { status: 'met', basis: 'marked', metOn: mark.on };
    return served <= due ? { status: 'met', basis: 'summons-served', metOn: served } : { status: 'overdue', basis: 'served-after-prescription', metOn: null };
  }
  if (served && rule === 'act-40-s3') {
    if (mark?.status === 'met' && mark.on !== null && mark.on <= served) return { status: 'met', basis: 'marked', metOn: mark.on };
    if (!mark && taskDoneOn !== null && taskDoneOn <= served) return { status: 'met', basis: 'task-done', metOn: taskDoneOn };
    return { status: 'overdue', basis: 'overdue-before-service', metOn: null };
  }
  if (mark?.status === 'met') return { status: 'met', basis: 'marked', metOn: mark.on };
  if (taskDoneOn !== null) return { status: 'met', basis: 'task-done', metOn: taskDoneOn };
  return due < today ? { status: 'overdue', basis: 'past-due', metOn: null } : { status: 'open', basis: 'due', metOn: null };
}

export const DEADLINE_STATUS_LABELS: Record<TDeadlineStatus, string> = {
  open: 'Open',
  met: 'Met',
  'not-applicable': 'Not applicable',
  overdue: 'Overdue',
};
