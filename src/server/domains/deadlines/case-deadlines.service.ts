import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { isPostgres } from '../../../../db/search';
import { nowIso } from '../../../../db/time';
import { addDays, dayKey } from '../../../shared/calendar';
import type { TCaseDeadline, TCaseDeadlineList, TUpcomingDeadlineList, TUpcomingDeadlinesInput } from '../../../shared/domain/case-deadlines';
import type { TDeadlineRuleId } from '../../../shared/domain/deadlines';
import { type PlannedDeadline, deadlineKey, deadlineTitle, planCaseDeadlines, trialDayOf } from '../../../shared/deadlines/case-deadline-plan';
import type { TenantActor } from '../../auth/actor';
import { requireCaseAccess } from '../cases/case-access';
import { readableCaseOf } from '../cases/case-visibility';
import { AppError } from '../../errors';
import { appendCaseEvent } from '../timeline/case-events';
import { latestOutcomes, outcomeKey, standingOf } from './deadline-outcomes.service';

// The deadlines of a case (issue 20): from its court matter's dates (Rule 19 from service, Act 40
// s3 from the debt's due date, prescription from knowledge), its trial date (Rule 36(9)(a)/(b) per
// expert of our side), each a row of case_deadlines with a task on the case. Called in the same
// transaction by every write that moves a trigger: a court matter, a hearing, an expert. Moving a
// trigger moves the deadline and its open task's due date (deadline.moved on the timeline); a
// deadline whose trigger is gone goes, with its task if still open (a done task is history and
// stays). The planning itself is pure (src/shared/deadlines/case-deadline-plan.ts).

/** The case's trial date (a South African day): the next trial hearing, else the latest. */
export async function trialDayOfCase(db: Kysely<DB>, organizationId: string, caseId: string, today: string = dayKey()): Promise<string | null> {
  const hearings = await db
    .selectFrom('hearings')
    .select(['type', 'starts_at'])
    .where('organization_id', '=', organizationId)
    .where('case_id', '=', caseId)
    .where('type', '=', 'trial')
    .execute();
  return trialDayOf(hearings.map((h) => ({ type: h.type, startsAt: h.starts_at })), today);
}

/** The user the deadline tasks go to: the case's (first) responsible attorney, if it has one. */
async function responsibleAttorney(db: Kysely<DB>, caseId: string): Promise<string | null> {
  const row = await db
    .selectFrom('case_team')
    .select('user_id')
    .where('case_id', '=', caseId)
    .where('role_on_case', '=', 'responsible-attorney')
    .orderBy('added_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Brings case_deadlines and their tasks in line with the case's trigger dates. Pass the transaction
 * of the write that moved a trigger. Two writers on one case would plan the same new rows: on
 * Postgres the case row is locked first so the second waits (SQLite runs one writer at a time).
 */
export async function syncCaseDeadlines(trx: Kysely<DB>, actor: TenantActor, caseId: string): Promise<void> {
  const org = actor.organizationId;
  if (isPostgres(trx)) await trx.selectFrom('cases').select('id').where('id', '=', caseId).where('organization_id', '=', org).forUpdate().execute();

  const courtMatter = await trx
    .selectFrom('court_matters')
    .select(['id', 'summons_served_on', 'debt_due_on', 'knowledge_on'])
    .where('organization_id', '=', org)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  const experts = await trx
    .selectFrom('case_experts as e')
    .innerJoin('people', 'people.id', 'e.person_id')
    .select(['e.id', 'e.side', 'people.full_name'])
    .where('e.organization_id', '=', org)
    .where('e.case_id', '=', caseId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  const planned = planCaseDeadlines({
    courtMatter: courtMatter
      ? { id: courtMatter.id, summonsServedOn: courtMatter.summons_served_on, debtDueOn: courtMatter.debt_due_on, knowledgeOn: courtMatter.knowledge_on }
      : null,
    trialDay: await trialDayOfCase(trx, org, caseId),
    experts: experts.map((e) => ({ id: e.id, name: e.full_name, side: e.side })),
  });

  const existing = await trx
    .selectFrom('case_deadlines as d')
    .leftJoin('tasks', 'tasks.id', 'd.task_id')
    .select(['d.id', 'd.rule', 'd.source_kind', 'd.source_id', 'd.trigger_on', 'd.due_on', 'd.explanation', 'd.task_id', 'tasks.status as task_status', 'tasks.title as task_title', 'tasks.due_date as task_due', 'tasks.version as task_version'])
    .where('d.organization_id', '=', org)
    .where('d.case_id', '=', caseId)
    .execute();
  const byKey = new Map(existing.map((row) => [deadlineKey({ sourceKind: row.source_kind, sourceId: row.source_id, rule: row.rule }), row]));
  const now = nowIso();
  const event = { organizationId: org, caseId, actorId: actor.userId, at: now };
  let assignee: string | null | undefined;
  const assigneeOnce = async () => (assignee === undefined ? (assignee = await responsibleAttorney(trx, caseId)) : assignee);

  const createTask = async (d: PlannedDeadline): Promise<string> => {
    const id = randomUUID();
    await trx
      .insertInto('tasks')
      .values({
        id, organization_id: org, case_id: caseId, title: d.title, assignee_id: await assigneeOnce(), due_date: d.due, priority: 'High', status: 'open',
        completed_at: null, completed_by: null, created_by: actor.userId, created_at: now, updated_at: now,
      })
      .execute();
    return id;
  };

  for (const d of planned) {
    const key = deadlineKey(d);
    const row = byKey.get(key);
    byKey.delete(key);
    if (!row) {
      const taskId = await createTask(d);
      await trx
        .insertInto('case_deadlines')
        .values({
          id: randomUUID(), organization_id: org, case_id: caseId, rule: d.rule, source_kind: d.sourceKind, source_id: d.sourceId,
          trigger_on: d.trigger, due_on: d.due, explanation: d.explanation, task_id: taskId, created_at: now, updated_at: now,
        })
        .execute();
      await appendCaseEvent(trx, {
        ...event, kind: 'deadline.set', summary: `Deadline set: ${d.title}, due ${d.due}`,
        details: { rule: d.rule, sourceKind: d.sourceKind, sourceId: d.sourceId, due: d.due, trigger: d.trigger, taskId },
      });
      continue;
    }
    const taskOpen = row.task_id !== null && row.task_status === 'open';
    // A deadline whose task is gone gets a new one; a done task stays as it was done.
    const taskId = row.task_id === null || row.task_status === null ? await createTask(d) : row.task_id;
    const moved = row.due_on !== d.due;
    if (moved || row.trigger_on !== d.trigger || row.explanation !== d.explanation || taskId !== row.task_id) {
      await trx
        .updateTable('case_deadlines')
        .set({ trigger_on: d.trigger, due_on: d.due, explanation: d.explanation, task_id: taskId, updated_at: now })
        .where('id', '=', row.id)
        .execute();
    }
    // The open task follows: its due date, and its title when the expert's name changed.
    if (taskOpen && (row.task_due !== d.due || row.task_title !== d.title)) {
      await trx
        .updateTable('tasks')
        .set({ due_date: d.due, title: d.title, version: Number(row.task_version) + 1, updated_at: now })
        .where('id', '=', taskId)
        .execute();
    }
    if (moved) {
      await appendCaseEvent(trx, {
        ...event, kind: 'deadline.moved', summary: `Deadline moved: ${d.title}, ${row.due_on} → ${d.due}`,
        changes: [{ field: 'due', label: 'Due', from: row.due_on, to: d.due }],
        details: { rule: d.rule, sourceKind: d.sourceKind, sourceId: d.sourceId, trigger: d.trigger, taskId },
      });
    }
  }

  // What is left has lost its trigger (a date cleared, an expert now on the other side).
  for (const row of byKey.values()) {
    await trx.deleteFrom('case_deadlines').where('id', '=', row.id).execute();
    const dropTask = row.task_id !== null && row.task_status === 'open';
    if (dropTask) await trx.deleteFrom('tasks').where('id', '=', row.task_id!).where('status', '=', 'open').execute();
    const title = row.task_title ?? deadlineTitle(row.rule as TDeadlineRuleId);
    await appendCaseEvent(trx, {
      ...event, kind: 'deadline.moved', summary: `Deadline removed: ${title} (its trigger date is gone)${dropTask ? '; its open task was removed' : ''}`,
      changes: [{ field: 'due', label: 'Due', from: row.due_on, to: null }],
      details: { rule: row.rule, sourceKind: row.source_kind, sourceId: row.source_id, removed: true },
    });
  }
}

// ---- reading --------------------------------------------------------------------------------------

function selectDeadlines(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('case_deadlines as d')
    .innerJoin('cases', (join) => join.onRef('cases.id', '=', 'd.case_id').onRef('cases.organization_id', '=', 'd.organization_id'))
    .leftJoin('tasks', 'tasks.id', 'd.task_id')
    .leftJoin('case_experts as e', (join) => join.onRef('e.id', '=', 'd.source_id').on('d.source_kind', '=', 'expert'))
    .leftJoin('people', 'people.id', 'e.person_id')
    // Issue 32: the service of summons decides the prescription and s3 deadlines.
    .leftJoin('court_matters as cm', (join) => join.onRef('cm.case_id', '=', 'd.case_id').onRef('cm.organization_id', '=', 'd.organization_id'))
    .select([
      'd.id', 'd.case_id', 'd.rule', 'd.source_kind', 'd.source_id', 'd.trigger_on', 'd.due_on', 'd.explanation', 'd.task_id',
      'tasks.status as task_status', 'tasks.title as task_title', 'people.full_name as expert_name', 'cases.patient_name', 'cases.reference',
      'cm.summons_served_on', 'tasks.completed_at as task_completed_at',
    ])
    .where('d.organization_id', '=', organizationId);
}

type DeadlineRow = Awaited<ReturnType<ReturnType<typeof selectDeadlines>['executeTakeFirstOrThrow']>>;

type Outcomes = Awaited<ReturnType<typeof latestOutcomes>>;

function toDeadline(row: DeadlineRow, outcomes: Outcomes, today: string): TCaseDeadline {
  const rule = row.rule as TDeadlineRuleId;
  return {
    ...standingOf(row, outcomes.get(outcomeKey(row)) ?? null, row.summons_served_on, today),
    id: row.id,
    caseId: row.case_id,
    rule,
    title: deadlineTitle(rule, row.expert_name),
    trigger: row.trigger_on,
    due: row.due_on,
    explanation: row.explanation,
    sourceKind: row.source_kind,
    sourceId: row.source_id,
    taskId: row.task_status === null ? null : row.task_id,
    taskStatus: row.task_status ?? null,
  };
}

/** GET /patient-cases/{id}/deadlines: the case's deadlines, soonest first, each with its status. */
export async function listCaseDeadlines(db: Kysely<DB>, actor: TenantActor, caseId: string, now: Date = new Date()): Promise<TCaseDeadlineList> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectDeadlines(db, actor.organizationId).where('d.case_id', '=', kase.id).orderBy('d.due_on').orderBy('d.rule').orderBy('d.id').execute();
  const outcomes = await latestOutcomes(db, actor.organizationId, [kase.id]);
  return { items: rows.map((row) => toDeadline(row, outcomes, dayKey(now))) };
}

/** One deadline of a case the caller has opened (the answer of PATCH /deadlines/{id}). */
export async function readCaseDeadline(db: Kysely<DB>, actor: TenantActor, caseId: string, deadlineId: string): Promise<TCaseDeadline> {
  const row = await selectDeadlines(db, actor.organizationId).where('d.case_id', '=', caseId).where('d.id', '=', deadlineId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Deadline not found');
  return toDeadline(row, await latestOutcomes(db, actor.organizationId, [caseId]), dayKey());
}

const UPCOMING_LIMIT = 200;

/** GET /deadlines/upcoming?days=7: the organisation's deadlines due from today through `days` ahead, on cases the caller may read. */
export async function listUpcomingDeadlines(db: Kysely<DB>, actor: TenantActor, input: TUpcomingDeadlinesInput, now: Date = new Date()): Promise<TUpcomingDeadlineList> {
  const from = dayKey(now);
  const to = dayKey(addDays(now, input.days));
  const rows = await selectDeadlines(db, actor.organizationId)
    .where('d.due_on', '>=', from)
    .where('d.due_on', '<=', to)
    .where(readableCaseOf(actor))
    .orderBy('d.due_on')
    .orderBy('cases.patient_name')
    .orderBy('d.id')
    .limit(UPCOMING_LIMIT)
    .execute();
  const outcomes = await latestOutcomes(db, actor.organizationId, rows.map((row) => row.case_id));
  return { from, to, items: rows.map((row) => ({ ...toDeadline(row, outcomes, from), caseId: row.case_id, caseName: row.patient_name, caseReference: row.reference })) };
}
