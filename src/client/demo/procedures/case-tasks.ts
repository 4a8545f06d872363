import { TASK_LIST_LIMIT, type TCaseTask, ZCreateTaskInput, ZTaskListInput, ZUpdateTaskInput } from '../../../shared/domain/case-tasks';
import type { TCase } from '../../../shared/domain/cases';
import { can } from '../../../shared/roles';
import { type DemoContext, myName, nameOf, personById } from '../context';
import { DemoError, badRequest, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, fixtureTasks, isOverdue, openCase, readableCases } from './case-file-state';

// Tasks in demo mode: the catalogue's sample tasks of the cases the visitor may read, with this
// session's new and changed tasks laid over them. Overdue is open and due before today (the demo's
// clock); "assignee=me" is the visitor's persona, so a task handed to a colleague shows in that
// colleague's list when the visitor switches to their role.

type TaskRow = TCaseTask;

/** Every task of the readable cases, fixture and session, with the overdue mark as of now. */
export function allDemoTasks(ctx: DemoContext, cases: readonly TCase[] = readableCases(ctx)): TCaseTask[] {
  const base = cases.flatMap((kase) => fixtureTasks(ctx, kase));
  const ids = new Set(cases.map((c) => c.id));
  return ctx.overlay
    .merge<TaskRow>('caseTasks', base)
    .filter((t) => ids.has(t.caseId))
    .map((t) => ({ ...t, overdue: isOverdue(t) }));
}

/** The visitor's open tasks on cases they may read, soonest due first (dashboards' My Tasks and /tasks). */
export function myOpenTasks(ctx: DemoContext): TCaseTask[] {
  return allDemoTasks(ctx).filter((t) => t.assigneeId === ctx.me.id && t.status === 'open').sort(byUrgency);
}

const PRIORITY_RANK = { High: 0, Medium: 1, Low: 2 } as const;
// Open first, the most pressing due date first (no date last), then priority; done ones newest first.
const byUrgency = (a: TCaseTask, b: TCaseTask) =>
  (a.status === b.status ? 0 : a.status === 'open' ? -1 : 1) ||
  (a.status === 'done' ? (b.completedAt ?? '').localeCompare(a.completedAt ?? '') : 0) ||
  (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') ||
  PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
  a.id.localeCompare(b.id);

function findTask(ctx: DemoContext, id: string): TCaseTask {
  const task = allDemoTasks(ctx).find((t) => t.id === id);
  if (!task) throw notFound('Task');
  return task;
}

function checkAssignee(ctx: DemoContext, assigneeId: string | null): void {
  const person = personById(ctx, assigneeId);
  if (assigneeId !== null && (!person || person.role === 'Patient')) throw badRequest('Input validation failed', { assigneeId: 'Choose a member of your organisation' });
}

export const caseTasksProcedures = {
  'tasks.list': procedure({
    input: ZTaskListInput,
    capability: 'caseFile.view',
    run(ctx, input) {
      // A case's tasks check that case's access (RESTRICTED as on the server); a person's tasks span the readable cases.
      const cases = input.caseId ? [openCase(ctx, input.caseId)] : readableCases(ctx);
      // No filter at all means the caller's own tasks.
      const assignee = input.assignee === 'me' || (!input.assignee && !input.caseId) ? ctx.me.id : input.assignee;
      const items = allDemoTasks(ctx, cases)
        .filter((t) => !assignee || t.assigneeId === assignee)
        .filter((t) => !input.status || t.status === input.status)
        .sort(byUrgency);
      return { items: items.slice(0, TASK_LIST_LIMIT) };
    },
  }),

  'tasks.create': procedure({
    input: ZCreateTaskInput,
    capability: 'caseFile.write',
    run(ctx, input) {
      const kase = openCase(ctx, input.caseId);
      checkAssignee(ctx, input.assigneeId);
      const task: TaskRow = {
        id: ctx.newId(), caseId: kase.id, caseName: kase.patientName, caseReference: kase.reference,
        title: input.title, assigneeId: input.assigneeId, assigneeName: nameOf(ctx, input.assigneeId),
        dueDate: input.dueDate, priority: input.priority, status: 'open', overdue: false,
        completedAt: null, completedByName: null, createdAt: ctx.nowIso(), createdByName: myName(ctx), version: 1,
      };
      ctx.overlay.put('caseTasks', task);
      appendEvent(ctx, kase.id, 'task.created', `Task for ${task.assigneeName ?? 'nobody yet'}: ${task.title}`);
      return { ...task, overdue: isOverdue(task) };
    },
  }),

  'tasks.update': procedure({
    input: ZUpdateTaskInput,
    capability: 'caseFile.view',
    run(ctx, input) {
      const current = findTask(ctx, input.id);
      openCase(ctx, current.caseId);
      const { id: _id, expectedVersion, status, ...other } = input;
      const changesOther = Object.values(other).some((v) => v !== undefined);
      // As the server: the assignee may complete or reopen their own task; anything else needs caseFile.write.
      const writer = can({ role: ctx.identity.role, isSuperAdmin: ctx.isSuperAdmin }, 'caseFile.write');
      if (!writer && (changesOther || current.assigneeId !== ctx.me.id)) throw new DemoError('FORBIDDEN', 'You do not have permission to do this.');
      if (expectedVersion !== undefined && expectedVersion !== current.version) {
        throw new DemoError('CONFLICT', 'This task was changed by someone else. Reload it to see the changes.', undefined, { current });
      }
      if (other.assigneeId !== undefined) checkAssignee(ctx, other.assigneeId);
      const next: TaskRow = { ...current };
      for (const [key, value] of Object.entries(other)) if (value !== undefined) (next as Record<string, unknown>)[key] = value;
      if (other.assigneeId !== undefined) next.assigneeName = nameOf(ctx, other.assigneeId);
      const statusChanged = status !== undefined && status !== current.status;
      if (statusChanged) {
        next.status = status;
        next.completedAt = status === 'done' ? ctx.nowIso() : null;
        next.completedByName = status === 'done' ? myName(ctx) : null;
      }
      if (!statusChanged && !changesOther) return current;
      next.version = current.version + 1;
      ctx.overlay.put('caseTasks', next);
      if (statusChanged) appendEvent(ctx, next.caseId, status === 'done' ? 'task.completed' : 'task.reopened', `${status === 'done' ? 'Task done' : 'Task reopened'}: ${next.title}`);
      if (changesOther) appendEvent(ctx, next.caseId, 'task.updated', `Task changed: ${next.title}`);
      return { ...next, overdue: isOverdue(next) };
    },
  }),
} satisfies Partial<DemoProcedures>;
