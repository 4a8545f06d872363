import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import { casePagePath } from '../../../shared/case-paths';
import { deadlineTitle } from '../../../shared/deadlines/case-deadline-plan';
import type { TDeadlineRuleId } from '../../../shared/domain/deadlines';
import { DEADLINE_SOON_COURT_DAYS } from '../../../shared/domain/notifications';
import { formatCalendarDay, pluralise } from '../../../shared/format';
import type { TPlatform } from '../../../shared/platform';
import { addCalendarDays, addCourtDays, isCourtDay } from '../../../shared/sa/court-days';
import { notify } from './notify';

// Notifications nobody's action produces (issue 21): an open task of yours due today or overdue
// (task.due), and a deadline of your case within DEADLINE_SOON_COURT_DAYS court days (deadline.soon).
// The server sweeps every organisation now and then (notification-jobs.ts); listing the bell sweeps
// the caller's own first, so nobody waits for the timer. Each is once-only through its dedupe key:
// per task and due date, per deadline and due date — a moved date is news again, a rerun is not.

/** One person's sweep: the bell's list runs it for the caller. */
export interface SweepScope {
  organizationId: string;
  userId: string;
  platform: TPlatform;
}

/** Rows handled per sweep and kind: the next sweep picks up the rest. */
const SWEEP_BATCH = 500;
const RESPONSIBLE_ROLE = 'responsible-attorney';

const taskDueKey = (taskId: string, dueDate: string) => `task.due:${taskId}:${dueDate}`;
const deadlineSoonKey = (deadlineId: string, dueOn: string) => `deadline.soon:${deadlineId}:${dueOn}`;

/** Court days after `from` up to and including `to` (0 when `to` is `from` or before it). */
export function courtDaysUntil(from: string, to: string): number {
  let count = 0;
  for (let day = addCalendarDays(from, 1); day <= to; day = addCalendarDays(day, 1)) if (isCourtDay(day)) count += 1;
  return count;
}

async function sweepDueTasks(db: Kysely<DB>, today: string, at: string, scope?: SweepScope): Promise<void> {
  let query = db
    .selectFrom('tasks')
    .innerJoin('cases', (join) => join.onRef('cases.id', '=', 'tasks.case_id').onRef('cases.organization_id', '=', 'tasks.organization_id'))
    .innerJoin('memberships', (join) => join.onRef('memberships.organization_id', '=', 'tasks.organization_id').onRef('memberships.user_id', '=', 'tasks.assignee_id'))
    .select(['tasks.id', 'tasks.organization_id', 'tasks.assignee_id', 'tasks.title', 'tasks.due_date', 'tasks.case_id', 'cases.patient_name'])
    .where('tasks.status', '=', 'open')
    .where('tasks.due_date', '<=', today)
    .where('memberships.status', '=', 'active')
    // Those already told are not read again: the sweep stays cheap however many tasks are overdue.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications')
            .select('notifications.id')
            .whereRef('notifications.user_id', '=', 'tasks.assignee_id')
            .where('notifications.dedupe_key', '=', sql<string>`'task.due:' || tasks.id || ':' || tasks.due_date`),
        ),
      ),
    );
  if (scope) query = query.where('tasks.organization_id', '=', scope.organizationId).where('tasks.assignee_id', '=', scope.userId);
  const rows = await query.orderBy('tasks.due_date').orderBy('tasks.id').limit(SWEEP_BATCH).execute();
  for (const row of rows) {
    if (!row.assignee_id || !row.due_date) continue;
    const dueToday = row.due_date === today;
    await notify(
      db,
      row.organization_id,
      [row.assignee_id],
      {
        kind: 'task.due',
        title: dueToday ? 'Task due today' : 'Task overdue',
        message: dueToday ? `${row.title} (${row.patient_name}) is due today` : `${row.title} (${row.patient_name}) was due ${formatCalendarDay(row.due_date)}`,
        href: '/tasks',
        dedupeKey: taskDueKey(row.id, row.due_date),
        caseId: row.case_id,
      },
      { at },
    );
  }
}

async function sweepSoonDeadlines(db: Kysely<DB>, today: string, at: string, scope?: SweepScope): Promise<void> {
  const horizon = addCourtDays(today, DEADLINE_SOON_COURT_DAYS);
  let query = db
    .selectFrom('case_deadlines as d')
    .innerJoin('cases', (join) => join.onRef('cases.id', '=', 'd.case_id').onRef('cases.organization_id', '=', 'd.organization_id'))
    .innerJoin('organizations', 'organizations.id', 'd.organization_id')
    .leftJoin('tasks', 'tasks.id', 'd.task_id')
    .leftJoin('case_experts as e', (join) => join.onRef('e.id', '=', 'd.source_id').on('d.source_kind', '=', 'expert'))
    .leftJoin('people', 'people.id', 'e.person_id')
    .select([
      'd.id', 'd.organization_id', 'd.case_id', 'd.rule', 'd.due_on', 'tasks.status as task_status', 'tasks.assignee_id',
      'people.full_name as expert_name', 'cases.patient_name', 'organizations.platform',
    ])
    .where('d.due_on', '>=', today)
    .where('d.due_on', '<=', horizon)
    // A deadline whose task is done has been met.
    .where((eb) => eb.or([eb('tasks.status', 'is', null), eb('tasks.status', '!=', 'done')]));
  if (!scope) {
    // Deadlines already told are not read again, so a batch never starves the ones after it. (Told
    // to anyone: a responsible attorney added to the case later hears of it through their own bell.)
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications')
            .select('notifications.id')
            .where('notifications.dedupe_key', '=', sql<string>`'deadline.soon:' || d.id || ':' || d.due_on`),
        ),
      ),
    );
  }
  if (scope) {
    query = query.where('d.organization_id', '=', scope.organizationId).where((eb) =>
      eb.or([
        eb('tasks.assignee_id', '=', scope.userId),
        eb.exists(
          eb
            .selectFrom('case_team')
            .select('case_team.id')
            .whereRef('case_team.case_id', '=', 'd.case_id')
            .where('case_team.user_id', '=', scope.userId)
            .where('case_team.role_on_case', '=', RESPONSIBLE_ROLE),
        ),
      ]),
    );
  }
  const rows = await query.orderBy('d.due_on').orderBy('d.id').limit(SWEEP_BATCH).execute();
  if (rows.length === 0) return;

  const caseIds = [...new Set(rows.map((row) => row.case_id))];
  const responsible = await db
    .selectFrom('case_team')
    .innerJoin('memberships', (join) => join.onRef('memberships.organization_id', '=', 'case_team.organization_id').onRef('memberships.user_id', '=', 'case_team.user_id'))
    .select(['case_team.case_id', 'case_team.user_id'])
    .where('case_team.case_id', 'in', caseIds)
    .where('case_team.role_on_case', '=', RESPONSIBLE_ROLE)
    .where('memberships.status', '=', 'active')
    .execute();
  const byCase = new Map<string, string[]>();
  for (const row of responsible) byCase.set(row.case_id, [...(byCase.get(row.case_id) ?? []), row.user_id]);

  for (const row of rows) {
    const assignee = row.task_status === 'open' ? row.assignee_id : null;
    let recipients = [assignee, ...(byCase.get(row.case_id) ?? [])].filter((id): id is string => Boolean(id));
    if (scope) recipients = recipients.filter((id) => id === scope.userId);
    if (recipients.length === 0) continue;
    const left = courtDaysUntil(today, row.due_on);
    await notify(
      db,
      row.organization_id,
      recipients,
      {
        kind: 'deadline.soon',
        title: left === 0 ? 'Deadline today' : `Deadline in ${pluralise(left, 'court day')}`,
        message: `${deadlineTitle(row.rule as TDeadlineRuleId, row.expert_name)} (${row.patient_name}) is due ${formatCalendarDay(row.due_on)}`,
        href: casePagePath(row.platform as TPlatform, row.case_id, 'court'),
        dedupeKey: deadlineSoonKey(row.id, row.due_on),
        caseId: row.case_id,
      },
      { at },
    );
  }
}

/** Every organisation's due tasks and near deadlines (the server's periodic job). */
export async function sweepDueNotifications(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  const today = dayKey(now);
  const at = nowIso();
  await sweepDueTasks(db, today, at);
  await sweepSoonDeadlines(db, today, at);
}

/** One person's due tasks and near deadlines (run when they open the bell). */
export async function sweepDueNotificationsFor(db: Kysely<DB>, scope: SweepScope, now: Date = new Date()): Promise<void> {
  const today = dayKey(now);
  const at = nowIso();
  await sweepDueTasks(db, today, at, scope);
  await sweepSoonDeadlines(db, today, at, scope);
}
