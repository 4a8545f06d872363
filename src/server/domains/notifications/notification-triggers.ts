import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { casePagePath } from '../../../shared/case-paths';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { formatCalendarDay } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { notify } from './notify';

// What the case, task and portal services tell people (issue 21). Each is called inside the
// service's own transaction, so a change that rolls back tells nobody; the person who made the
// change is never told about it.

async function caseLabel(db: Kysely<DB>, organizationId: string, caseId: string): Promise<string> {
  const row = await db
    .selectFrom('cases')
    .select(['patient_name', 'reference'])
    .where('id', '=', caseId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) return 'a case';
  return row.reference ? `${row.patient_name} (${row.reference})` : row.patient_name;
}

/** case.assigned: each member added to a case's team, with the role they were given. */
export async function notifyCaseAssigned(
  db: Kysely<DB>,
  actor: TenantActor,
  caseId: string,
  members: readonly { userId: string; roleLabel: string }[],
  at?: string,
): Promise<void> {
  const told = members.filter((m) => m.userId !== actor.userId);
  if (told.length === 0) return;
  const label = await caseLabel(db, actor.organizationId, caseId);
  const href = casePagePath(actor.platform, caseId, 'team');
  for (const member of told) {
    await notify(
      db,
      actor.organizationId,
      [member.userId],
      { kind: 'case.assigned', title: `Added to a ${PLATFORM_CONFIG[actor.platform].words.case} team`, message: `You are now ${member.roleLabel} on ${label}`, href },
      { exceptUserId: actor.userId, ...(at ? { at } : {}) },
    );
  }
}

/** task.assigned: a task created for someone else, or handed to them. */
export async function notifyTaskAssigned(
  db: Kysely<DB>,
  actor: TenantActor,
  task: { title: string; caseId: string; dueDate: string | null },
  assigneeId: string | null,
  at?: string,
): Promise<void> {
  if (!assigneeId || assigneeId === actor.userId) return;
  const label = await caseLabel(db, actor.organizationId, task.caseId);
  await notify(
    db,
    actor.organizationId,
    [assigneeId],
    { kind: 'task.assigned', title: 'Task assigned to you', message: `${task.title} on ${label}${task.dueDate ? `, due ${formatCalendarDay(task.dueDate)}` : ''}`, href: '/tasks', caseId: task.caseId },
    { exceptUserId: actor.userId, ...(at ? { at } : {}) },
  );
}

/**
 * portal.request: a patient wrote to the care team or asked for an appointment. The case's team is
 * told (active staff only); a case without a team tells the organisation's Administrators.
 */
export async function notifyPortalRequest(
  db: Kysely<DB>,
  actor: TenantActor,
  caseId: string,
  subject: string,
  at?: string,
): Promise<void> {
  const team = await db
    .selectFrom('case_team')
    .innerJoin('memberships', (join) => join.onRef('memberships.organization_id', '=', 'case_team.organization_id').onRef('memberships.user_id', '=', 'case_team.user_id'))
    .select('case_team.user_id')
    .where('case_team.case_id', '=', caseId)
    .where('case_team.organization_id', '=', actor.organizationId)
    .where('memberships.status', '=', 'active')
    .where('memberships.role', '!=', 'Patient')
    .execute();
  let recipients = team.map((row) => row.user_id);
  if (recipients.length === 0) {
    const admins = await db
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', actor.organizationId)
      .where('role', '=', 'Administrator')
      .where('status', '=', 'active')
      .execute();
    recipients = admins.map((row) => row.user_id);
  }
  await notify(
    db,
    actor.organizationId,
    recipients,
    { kind: 'portal.request', title: 'Request from the patient portal', message: `${await caseLabel(db, actor.organizationId, caseId)}: ${subject}`, href: casePagePath(actor.platform, caseId) },
    { exceptUserId: actor.userId, ...(at ? { at } : {}) },
  );
}
