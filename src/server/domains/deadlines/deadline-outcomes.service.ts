import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { isUniqueViolation } from '../../../../db/unique-violation';
import { dayKey } from '../../../shared/calendar';
import type { TCaseDeadline, TDeadlineOutcome, TMarkDeadlineInput } from '../../../shared/domain/case-deadlines';
import type { TDeadlineRuleId } from '../../../shared/domain/deadlines';
import { deadlineKey, deadlineTitle } from '../../../shared/deadlines/case-deadline-plan';
import { SERVICE_DECIDES, deadlineStanding } from '../../../shared/deadlines/deadline-status';
import { formatCalendarDay, fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';

// Deadlines that know what happened (issue 32, decision 0056). A person marks a deadline met (on a
// day) or not applicable (with a reason): an append-only row of deadline_outcomes, the next version
// of that deadline's marks — a second mark amends the first and both stay. The deadline's open task
// is done with it, and the mark is a line on the timeline. Service of summons decides the
// prescription and Act 40 s3 deadlines by itself (src/shared/deadlines/deadline-status.ts): the
// court matter's write says so on the timeline (noteServiceOfSummons) and closes the prescription task.

export const DEADLINE_MARK_CHANGED_MESSAGE = 'Someone else marked this deadline since you opened it. It now shows their mark; mark it again if you still mean to.';

class StaleMark extends Error {}

/** The key of a deadline's marks: its case and its stable key (source and rule). */
export const outcomeKey = (d: { case_id: string; source_kind: string; source_id: string; rule: string }) =>
  `${d.case_id}|${deadlineKey({ sourceKind: d.source_kind, sourceId: d.source_id, rule: d.rule })}`;

/** The latest mark of each deadline of these cases, by outcomeKey. */
export async function latestOutcomes(db: Kysely<DB>, organizationId: string, caseIds: readonly string[]): Promise<Map<string, TDeadlineOutcome>> {
  const latest = new Map<string, TDeadlineOutcome>();
  if (caseIds.length === 0) return latest;
  const rows = await db
    .selectFrom('deadline_outcomes as o')
    .leftJoin('users as u', 'u.id', 'o.recorded_by')
    .select(['o.case_id', 'o.source_kind', 'o.source_id', 'o.rule', 'o.version', 'o.status', 'o.met_on', 'o.reason', 'o.recorded_at', 'u.first_name', 'u.last_name'])
    .where('o.organization_id', '=', organizationId)
    .where('o.case_id', 'in', [...new Set(caseIds)])
    .orderBy('o.version')
    .execute();
  for (const row of rows) {
    latest.set(outcomeKey(row), {
      status: row.status,
      on: row.met_on,
      reason: row.reason,
      recordedByName: fullName(row.first_name, row.last_name) ?? 'Former member',
      recordedAt: row.recorded_at,
      version: Number(row.version),
    });
  }
  return latest;
}

/** What a deadline row and its facts answer: the status by the written rule. */
export function standingOf(
  d: { rule: string; due_on: string; task_status: string | null; task_completed_at: string | null },
  outcome: TDeadlineOutcome | null,
  summonsServedOn: string | null,
  today: string,
) {
  const taskDoneOn = d.task_status === 'done' && d.task_completed_at ? dayKey(d.task_completed_at) : null;
  const mark = outcome ? { status: outcome.status, on: outcome.on } : null;
  const standing = deadlineStanding({ rule: d.rule as TDeadlineRuleId, due: d.due_on, mark, summonsServedOn, taskDoneOn }, today);
  return { status: standing.status, statusBasis: standing.basis, metOn: standing.metOn, outcome };
}

async function actorName(db: Kysely<DB>, userId: string): Promise<string> {
  const who = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
  return fullName(who?.first_name, who?.last_name) ?? 'Someone';
}

const markWords = (o: { status: string; on: string | null; reason: string | null }) =>
  o.status === 'met' ? `met on ${formatCalendarDay(o.on)}` : `not applicable (${o.reason ?? 'no reason given'})`;

/**
 * PATCH /deadlines/{id}: marks the deadline met or not applicable. The case is opened (need to know)
 * before anything is written. A stale `expectedVersion` is 409 with the deadline as it is now; a
 * mark equal to the latest writes nothing.
 */
export async function markDeadline(
  db: Kysely<DB>,
  actor: TenantActor,
  input: TMarkDeadlineInput,
  read: (caseId: string, deadlineId: string) => Promise<TCaseDeadline>,
): Promise<TCaseDeadline> {
  const org = actor.organizationId;
  const found = await db
    .selectFrom('case_deadlines')
    .select(['id', 'case_id', 'rule', 'source_kind', 'source_id', 'due_on', 'task_id'])
    .where('organization_id', '=', org)
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', 'Deadline not found');
  const kase = await requireCaseAccess(db, actor, found.case_id);
  const met = input.status === 'met';
  const mark = { status: input.status, on: met ? (input.on ?? dayKey()) : null, reason: input.reason ?? null };
  try {
    await db.transaction().execute(async (trx) => {
      const before = (await latestOutcomes(trx, org, [kase.id])).get(outcomeKey(found)) ?? null;
      const seen = before?.version ?? 0;
      if (input.expectedVersion !== undefined && input.expectedVersion !== seen) {
        throw new StaleMark();
      }
      if (before && before.status === mark.status && before.on === mark.on && before.reason === mark.reason) return;
      const at = nowIso();
      await trx
        .insertInto('deadline_outcomes')
        .values({
          id: randomUUID(), organization_id: org, case_id: kase.id, deadline_id: found.id, rule: found.rule, source_kind: found.source_kind,
          source_id: found.source_id, version: seen + 1, status: mark.status, met_on: mark.on, reason: mark.reason, recorded_by: actor.userId, recorded_at: at,
        })
        .execute();
      // The deadline's open task is done with it (readiness and the bell read a done task as met).
      const task = found.task_id ? await trx.selectFrom('tasks').select(['id', 'title', 'status', 'version']).where('id', '=', found.task_id).where('organization_id', '=', org).executeTakeFirst() : undefined;
      const closeTask = task?.status === 'open';
      if (closeTask) {
        await trx
          .updateTable('tasks')
          .set({ status: 'done', completed_at: at, completed_by: actor.userId, version: Number(task.version) + 1, updated_at: at })
          .where('id', '=', task.id)
          .where('status', '=', 'open')
          .execute();
      }
      const expert = found.source_kind === 'expert'
        ? await trx.selectFrom('case_experts as e').innerJoin('people', 'people.id', 'e.person_id').select('people.full_name').where('e.id', '=', found.source_id).executeTakeFirst()
        : undefined;
      const title = deadlineTitle(found.rule as TDeadlineRuleId, expert?.full_name);
      const name = await actorName(trx, actor.userId);
      await appendCaseEvent(trx, {
        organizationId: org,
        caseId: kase.id,
        actorId: actor.userId,
        kind: 'deadline.marked',
        at,
        summary: `Deadline marked ${markWords(mark)}: ${title} (${name})${before ? `; amends the earlier mark, ${markWords(before)}` : ''}${closeTask ? '; its task is done' : ''}`,
        changes: [{ field: 'status', label: 'Status', from: before ? markWords(before) : null, to: markWords(mark) }],
        details: { deadlineId: found.id, rule: found.rule, status: mark.status, on: mark.on, version: seen + 1, ...(closeTask ? { taskId: task.id } : {}) },
      });
    });
  } catch (error) {
    // Read outside the transaction (SQLite has one connection): the deadline as it is now.
    if (error instanceof StaleMark || isUniqueViolation(error)) throw new AppError('CONFLICT', DEADLINE_MARK_CHANGED_MESSAGE, undefined, { current: await read(kase.id, found.id) });
    throw error;
  }
  return read(kase.id, found.id);
}

/**
 * After a court-matter write that recorded (or moved) the date of service of summons: says on the
 * timeline what service did to the prescription and Act 40 s3 deadlines, by the written rule, and
 * closes the prescription deadline's open task when service met it. Pass the write's transaction,
 * after syncCaseDeadlines.
 */
export async function noteServiceOfSummons(trx: Kysely<DB>, actor: TenantActor, caseId: string, servedOn: string): Promise<void> {
  const org = actor.organizationId;
  const rows = await trx
    .selectFrom('case_deadlines as d')
    .leftJoin('tasks', 'tasks.id', 'd.task_id')
    .select(['d.id', 'd.case_id', 'd.rule', 'd.source_kind', 'd.source_id', 'd.due_on', 'd.task_id', 'tasks.status as task_status', 'tasks.completed_at as task_completed_at', 'tasks.version as task_version'])
    .where('d.organization_id', '=', org)
    .where('d.case_id', '=', caseId)
    .where('d.rule', 'in', SERVICE_DECIDES)
    .orderBy('d.due_on')
    .execute();
  if (rows.length === 0) return;
  const outcomes = await latestOutcomes(trx, org, [caseId]);
  const at = nowIso();
  const served = formatCalendarDay(servedOn);
  for (const row of rows) {
    const s = standingOf(row, outcomes.get(outcomeKey(row)) ?? null, servedOn, dayKey());
    if (s.statusBasis === 'marked' || s.statusBasis === 'task-done') continue; // a mark or a done task already says how it stands
    const title = deadlineTitle(row.rule as TDeadlineRuleId);
    const closeTask = s.status === 'met' && row.task_id !== null && row.task_status === 'open';
    if (closeTask) {
      await trx
        .updateTable('tasks')
        .set({ status: 'done', completed_at: at, completed_by: actor.userId, version: Number(row.task_version) + 1, updated_at: at })
        .where('id', '=', row.task_id!)
        .where('status', '=', 'open')
        .execute();
    }
    const summary =
      s.statusBasis === 'summons-served'
        ? `Deadline met: ${title} — summons served on ${served} interrupts prescription (Prescription Act s15)${closeTask ? '; its task is done' : ''}`
        : s.statusBasis === 'served-after-prescription'
          ? `Deadline overdue: ${title} — summons served on ${served}, after the claim prescribed (${formatCalendarDay(row.due_on)})`
          : `Deadline overdue: ${title} — summons served on ${served} without the notice recorded as served before it (condonation, s3(4))`;
    await appendCaseEvent(trx, {
      organizationId: org,
      caseId,
      actorId: actor.userId,
      kind: 'deadline.marked',
      at,
      summary,
      changes: [{ field: 'status', label: 'Status', from: null, to: s.status }],
      details: { deadlineId: row.id, rule: row.rule, status: s.status, basis: s.statusBasis, summonsServedOn: servedOn, ...(closeTask ? { taskId: row.task_id } : {}) },
    });
  }
}
