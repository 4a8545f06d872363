import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import {
  TASK_LIST_LIMIT,
  type TCaseTask,
  type TCaseTaskList,
  type TCreateTaskInput,
  type TTaskListInput,
  type TUpdateTaskInput,
} from '../../../shared/domain/case-tasks';
import type { TFieldChange } from '../../../shared/domain/case-timeline';
import { fullName } from '../../../shared/format';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { hasNeedToKnow, requireCaseAccess } from '../cases/case-access';
import { notifyTaskAssigned } from '../notifications/notification-triggers';
import { appendCaseEvent } from '../timeline/case-events';
import { readableCaseOf } from '../cases/case-visibility';

// Tasks on cases (issue 18). Who may do what:
// - create and change a task: caseFile.write, on a case the caller may read (requireCaseAccess);
// - complete or reopen: also the assignee with caseFile.view alone (an Expert/Witness ticks off
//   the report they were asked for), since that changes nothing but their own work's state;
// - list: one's own tasks, or one case's tasks (anyone who reads the case sees its tasks on the
//   case page); a colleague's list across cases is workload oversight and needs caseFile.write —
//   the people who hand out tasks — so a read-only reviewer cannot browse a colleague's work.
// Every list row's case passes need to know (readableCaseOf), so a restricted case's task stays
// hidden from someone outside its team even when they are its assignee's manager.

const ME = 'me';

function selectTasks(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('tasks')
    .innerJoin('cases', (join) => join.onRef('cases.id', '=', 'tasks.case_id').onRef('cases.organization_id', '=', 'tasks.organization_id'))
    .leftJoin('users as assignee', 'assignee.id', 'tasks.assignee_id')
    .leftJoin('users as completer', 'completer.id', 'tasks.completed_by')
    .leftJoin('users as creator', 'creator.id', 'tasks.created_by')
    .selectAll('tasks')
    .select([
      'cases.patient_name',
      'cases.reference',
      'assignee.first_name as assignee_first_name',
      'assignee.last_name as assignee_last_name',
      'completer.first_name as completer_first_name',
      'completer.last_name as completer_last_name',
      'creator.first_name as creator_first_name',
      'creator.last_name as creator_last_name',
    ])
    .where('tasks.organization_id', '=', organizationId);
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['executeTakeFirstOrThrow']>>;

/** Open and due before today, a South African calendar day (a task due today is not yet late). */
export function isOverdue(status: string, dueDate: string | null, today: string = dayKey()): boolean {
  return status === 'open' && dueDate !== null && dueDate < today;
}

export function toTask(row: TaskRow, today: string = dayKey()): TCaseTask {
  return {
    id: row.id,
    caseId: row.case_id,
    caseName: row.patient_name,
    caseReference: row.reference,
    title: row.title,
    assigneeId: row.assignee_id,
    assigneeName: fullName(row.assignee_first_name, row.assignee_last_name),
    dueDate: row.due_date,
    priority: row.priority,
    status: row.status,
    overdue: isOverdue(row.status, row.due_date, today),
    completedAt: row.completed_at,
    completedByName: fullName(row.completer_first_name, row.completer_last_name),
    createdAt: row.created_at,
    createdByName: fullName(row.creator_first_name, row.creator_last_name),
    version: Number(row.version),
  };
}

async function findTask(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TCaseTask> {
  const row = await selectTasks(db, actor.organizationId).where('tasks.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Task not found');
  return toTask(row);
}

/** The caller's open tasks as the dashboards count and list them (same filter as listTasks' "mine"). */
export function openTasksOf(db: Kysely<DB>, actor: TenantActor) {
  return selectTasks(db, actor.organizationId)
    .where('tasks.assignee_id', '=', actor.userId)
    .where('tasks.status', '=', 'open')
    .where(readableCaseOf(actor));
}

/** Open first; then soonest due (overdue at the top, no due date last); then the newest. */
export function tasksInWorkOrder(query: ReturnType<typeof selectTasks>) {
  return query
    .orderBy((eb) => eb.case().when('tasks.status', '=', 'open').then(0).else(1).end())
    .orderBy((eb) => eb.case().when('tasks.due_date', 'is', null).then(1).else(0).end())
    .orderBy('tasks.due_date', 'asc')
    .orderBy('tasks.created_at', 'desc')
    .orderBy('tasks.id', 'desc');
}

export async function listTasks(db: Kysely<DB>, actor: TenantActor, input: TTaskListInput): Promise<TCaseTaskList> {
  const assignee = !input.assignee && !input.caseId ? actor.userId : input.assignee === ME ? actor.userId : (input.assignee ?? null);
  if (input.caseId) await requireCaseAccess(db, actor, input.caseId);
  // Those who hand out tasks (caseFile.write: the Administrator among them) see whom they gave them to.
  else if (assignee !== actor.userId && !can(actor, 'caseFile.write')) {
    throw new AppError('FORBIDDEN', "Only staff who hand out tasks can list a colleague's tasks.");
  }
  let query = selectTasks(db, actor.organizationId).where(readableCaseOf(actor));
  if (assignee) query = query.where('tasks.assignee_id', '=', assignee);
  if (input.caseId) query = query.where('tasks.case_id', '=', input.caseId);
  if (input.status) query = query.where('tasks.status', '=', input.status);
  const rows = await tasksInWorkOrder(query).limit(TASK_LIST_LIMIT).execute();
  const today = dayKey();
  return { items: rows.map((row) => toTask(row, today)) };
}

const NOT_FOR_ASSIGNEE = 'Choose a colleague who can open this case';

/**
 * The assignee must be able to open the task's case: an active staff member of the organisation
 * whose role reads the case file, and for a restricted case one with need to know. Otherwise the
 * task would sit on a list whose link its owner cannot follow.
 */
async function requireAssignee(db: Kysely<DB>, actor: TenantActor, caseId: string, restricted: boolean, userId: string): Promise<string> {
  const member = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['memberships.role', 'users.is_super_admin', 'users.first_name', 'users.last_name'])
    .where('memberships.organization_id', '=', actor.organizationId)
    .where('memberships.user_id', '=', userId)
    .where('memberships.status', '=', 'active')
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
  const refuse = () => new AppError('BAD_REQUEST', NOT_FOR_ASSIGNEE, { assigneeId: NOT_FOR_ASSIGNEE });
  if (!member || !can({ role: member.role }, 'caseFile.view')) throw refuse();
  if (restricted) {
    const them: TenantActor = { ...actor, userId, role: member.role as TenantActor['role'], isSuperAdmin: Number(member.is_super_admin) === 1 };
    if (!(await hasNeedToKnow(db, them, caseId))) throw refuse();
  }
  return fullName(member.first_name, member.last_name) ?? 'a colleague';
}

export async function createTask(db: Kysely<DB>, actor: TenantActor, input: TCreateTaskInput): Promise<TCaseTask> {
  const kase = await requireCaseAccess(db, actor, input.caseId);
  const assigneeName = input.assigneeId ? await requireAssignee(db, actor, kase.id, kase.restricted, input.assigneeId) : null;
  const id = randomUUID();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('tasks')
      .values({
        id,
        organization_id: actor.organizationId,
        case_id: kase.id,
        title: input.title,
        assignee_id: input.assigneeId,
        due_date: input.dueDate,
        priority: input.priority,
        status: 'open',
        completed_at: null,
        completed_by: null,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'task.created',
      summary: `Task "${input.title}" created${assigneeName ? ` for ${assigneeName}` : ''}`,
      details: { taskId: id },
      at: now,
    });
    await notifyTaskAssigned(trx, actor, { title: input.title, caseId: kase.id, dueDate: input.dueDate ?? null }, input.assigneeId ?? null, now);
  });
  return findTask(db, actor, id);
}

const STALE_TASK_MESSAGE = 'This task was changed by someone else; reload it and try again.';
const staleTask = (current: TCaseTask) => new AppError('CONFLICT', STALE_TASK_MESSAGE, undefined, { current });

const FIELD_LABELS = { title: 'Title', assigneeId: 'Assignee', dueDate: 'Due date', priority: 'Priority' } as const;
type EditableField = keyof typeof FIELD_LABELS;

export async function updateTask(db: Kysely<DB>, actor: TenantActor, input: TUpdateTaskInput): Promise<TCaseTask> {
  const before = await findTask(db, actor, input.id);
  const kase = await requireCaseAccess(db, actor, before.caseId);
  if (input.expectedVersion !== undefined && input.expectedVersion !== before.version) throw staleTask(before);

  // What actually changes: a field sent with the value it already has changes nothing.
  const edits = (Object.keys(FIELD_LABELS) as EditableField[]).filter((field) => input[field] !== undefined && input[field] !== before[field]);
  const statusChange = input.status !== undefined && input.status !== before.status ? input.status : null;
  if (edits.length === 0 && !statusChange) return before;

  const ownTaskState = edits.length === 0 && before.assigneeId === actor.userId;
  if (!ownTaskState && !can(actor, 'caseFile.write')) {
    throw new AppError('FORBIDDEN', 'You can complete or reopen your own tasks; changing a task needs permission to write on the case.');
  }
  const newAssigneeName = edits.includes('assigneeId') && input.assigneeId ? await requireAssignee(db, actor, kase.id, kase.restricted, input.assigneeId) : null;

  const now = nowIso();
  const title = input.title ?? before.title;
  const event = { organizationId: actor.organizationId, caseId: kase.id, actorId: actor.userId, details: { taskId: before.id }, at: now };
  const shown = (field: EditableField, value: string | null | undefined, name: string | null) => (field === 'assigneeId' ? (value ? name : null) : (value ?? null));
  const changes: TFieldChange[] = edits.map((field) => ({
    field,
    label: FIELD_LABELS[field],
    from: shown(field, before[field], before.assigneeName),
    to: shown(field, input[field], newAssigneeName),
  }));

  const written = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('tasks')
      .set({
        ...(edits.includes('title') ? { title } : {}),
        ...(edits.includes('assigneeId') ? { assignee_id: input.assigneeId ?? null } : {}),
        ...(edits.includes('dueDate') ? { due_date: input.dueDate ?? null } : {}),
        ...(edits.includes('priority') && input.priority ? { priority: input.priority } : {}),
        ...(statusChange === 'done' ? { status: 'done' as const, completed_at: now, completed_by: actor.userId } : {}),
        ...(statusChange === 'open' ? { status: 'open' as const, completed_at: null, completed_by: null } : {}),
        version: before.version + 1,
        updated_at: now,
      })
      .where('id', '=', before.id)
      .where('organization_id', '=', actor.organizationId)
      // The version read above: of two writers who saw it, only one gets through.
      .where('version', '=', before.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (statusChange) {
      const done = statusChange === 'done';
      await appendCaseEvent(trx, { ...event, kind: done ? 'task.completed' : 'task.reopened', summary: `Task "${title}" ${done ? 'completed' : 'reopened'}` });
    }
    if (changes.length > 0) await appendCaseEvent(trx, { ...event, kind: 'task.updated', summary: `Task "${title}" changed`, changes });
    // Issue 21: a task handed to someone tells them.
    if (edits.includes('assigneeId') && input.assigneeId) {
      const dueDate = input.dueDate !== undefined ? input.dueDate : before.dueDate;
      await notifyTaskAssigned(trx, actor, { title, caseId: kase.id, dueDate }, input.assigneeId, now);
    }
    return true;
  });
  // Someone else changed it between the read and the write: answer with the task as it is now.
  if (!written) throw staleTask(await findTask(db, actor, before.id));
  return findTask(db, actor, before.id);
}
