import { z } from 'zod';
import { ZCasePriority, requiredText } from './cases';

// Tasks on a case (issue 18): a title, an assignee, a due date (a South African calendar day), a
// priority and open/done with who completed it when. Created from the case page, listed on it and
// on /tasks for the assignee; the dashboards' "My Tasks" counts the open ones.

export const TASK_STATUSES = ['open', 'done'] as const;
export const ZTaskStatus = z.enum(TASK_STATUSES, { error: 'Status must be open or done' });
export type TTaskStatus = z.infer<typeof ZTaskStatus>;
export const ZTaskPriority = ZCasePriority;
export type TTaskPriority = z.infer<typeof ZTaskPriority>;

export const TASK_TITLE_MAX = 200;
export const TASK_LIST_LIMIT = 200;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** YYYY-MM-DD that is a real calendar day (2026-02-30 is not). */
export const ZCalendarDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Due date must be a date (YYYY-MM-DD)')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Due date must be a real calendar day');

export const ZCaseTask = z.object({
  id: z.string(),
  caseId: z.string(),
  /** The case's patient / client name and reference, for lists across cases (/tasks). */
  caseName: z.string(),
  caseReference: z.string().nullable(),
  title: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  dueDate: z.string().nullable(),
  priority: ZTaskPriority,
  status: ZTaskStatus,
  /** Open and due before today (South African time). */
  overdue: z.boolean(),
  completedAt: z.string().nullable(),
  completedByName: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  version: z.number(),
});
export type TCaseTask = z.infer<typeof ZCaseTask>;

export const ZCaseTaskList = z.object({ items: z.array(ZCaseTask) });
export type TCaseTaskList = z.infer<typeof ZCaseTaskList>;

/** `assignee` is `me` or a user id; no filter at all means the caller's own tasks. */
export const ZTaskListInput = z
  .object({
    assignee: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
    caseId: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
    status: z.preprocess(blankToUndefined, ZTaskStatus.optional()),
  })
  .prefault({});
export type TTaskListInput = z.infer<typeof ZTaskListInput>;

const optionalDay = z.preprocess(blankToUndefined, ZCalendarDay.nullish()).transform((v) => v ?? null);
const optionalAssignee = z.preprocess(blankToUndefined, z.string().trim().max(64).nullish()).transform((v) => v ?? null);

export const ZCreateTaskInput = z.object({
  caseId: z.string({ error: 'Choose a case' }).trim().min(1, 'Choose a case').max(64),
  title: requiredText('Title is required', TASK_TITLE_MAX),
  assigneeId: optionalAssignee,
  dueDate: optionalDay,
  priority: ZTaskPriority.default('Medium'),
});
export type TCreateTaskInput = z.infer<typeof ZCreateTaskInput>;

export const ZUpdateTaskInput = z.object({
  id: z.string().min(1).max(64),
  title: requiredText('Title is required', TASK_TITLE_MAX).optional(),
  assigneeId: optionalAssignee.optional(),
  dueDate: optionalDay.optional(),
  priority: ZTaskPriority.optional(),
  status: ZTaskStatus.optional(),
  /** The version the editor saw; a stale one is 409 with the current task. */
  expectedVersion: z.coerce.number().int().min(1).optional(),
});
export type TUpdateTaskInput = z.infer<typeof ZUpdateTaskInput>;
