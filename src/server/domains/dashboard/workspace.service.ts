import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TCase } from '../../../shared/domain/cases';
import type { TWorkspace, TWorkspaceCase } from '../../../shared/domain/dashboard';
import { addDays, addMonths, dayKey, startOfDay, startOfMonth } from '../../../shared/calendar';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { listedCase, selectCases } from '../cases/cases.service';
import { needToKnowColumn } from '../cases/case-visibility';
import { countUnreadMessages } from '../messages/messages.service';
import { openTasksOf } from '../tasks/tasks.service';

// The role panels of SPEC §2.9 — my cases, the clinical watch list, recent updates, my open work
// and my billable time — counted from the organisation's rows for the person asking.

const PANEL_SIZE = 6;
export const OPEN_CHAT_STATUSES = ['Open', 'In Progress'];

// The rules of "my open work", shared with the /tasks lists (tasks.service.ts) so counts and lists agree.

/** Cases of the organisation that are not Completed. */
export const activeCasesOf = (org: string) => (eb: ExpressionBuilder<DB, 'cases'>) =>
  eb.and([eb('cases.organization_id', '=', org), eb('cases.status', '!=', 'Completed')]);

/** The organisation's appointments starting on the South African day holding `now`, Cancelled ones left out. */
export const appointmentsTodayOf = (org: string, now: Date) => {
  const today = startOfDay(now);
  return (eb: ExpressionBuilder<DB, 'appointments'>) =>
    eb.and([
      eb('appointments.organization_id', '=', org),
      eb('appointments.start_time', '>=', today.toISOString()),
      eb('appointments.start_time', '<', addDays(today, 1).toISOString()),
      eb('appointments.status', '!=', 'Cancelled'),
    ]);
};

/** Support chats the caller started in this organisation and that still wait on someone. */
export const openChatsOf = (actor: TenantActor) => (eb: ExpressionBuilder<DB, 'support_chats'>) =>
  eb.and([
    eb('support_chats.initiator_id', '=', actor.userId),
    eb('support_chats.organization_id', '=', actor.organizationId),
    eb('support_chats.status', 'in', OPEN_CHAT_STATUSES),
  ]);

/** A condition no row meets: the query keeps its shape (and its type) and answers nothing. */
export const nothing = sql<boolean>`1 = 0`;

export function toWorkspaceCase(c: TCase): TWorkspaceCase {
  return {
    id: c.id,
    patientName: c.patientName,
    caseType: c.caseType,
    status: c.status,
    priority: c.priority,
    progressPercentage: c.progressPercentage,
    bedNumber: c.bedNumber,
    urgentFlags: c.urgentFlags,
    estimatedDischarge: c.estimatedDischarge,
    assignedDoctor: c.assignedDoctor,
    updatedAt: c.updatedAt,
  };
}

/**
 * Cases whose team the person is on, in any role (issue 18: the team replaced the three slots, and
 * being added to a team is how a case lands on someone's "My Tasks"). `in`, not a join: one person
 * may hold two roles on a case, and the case must still count once.
 */
export const assignedTo = (organizationId: string, userId: string) => (eb: ExpressionBuilder<DB, 'cases'>) =>
  eb(
    'cases.id',
    'in',
    eb.selectFrom('case_team').select('case_team.case_id').where('case_team.organization_id', '=', organizationId).where('case_team.user_id', '=', userId),
  );

/** High before Medium before Low, in SQL, so the LIMIT keeps the most pressing ones. */
export const priorityRank = (eb: ExpressionBuilder<DB, 'cases'>) =>
  eb.case().when('cases.priority', '=', 'High').then(0).when('cases.priority', '=', 'Medium').then(1).else(2).end();

export async function getWorkspace(db: Kysely<DB>, actor: TenantActor, now: Date = new Date()): Promise<TWorkspace> {
  const org = actor.organizationId;
  const active = activeCasesOf(org);
  const month = startOfMonth(now);
  // A role without case reads (security, cleaning, kitchen: decision 0027) gets no case panels and no
  // appointment count: patients' names and conditions never reach its dashboard.
  const readsCases = can(actor, 'cases.view');
  const readsSchedule = can(actor, 'appointments.view');
  const readsTasks = can(actor, 'caseFile.view');

  const [myCases, myCount, openTasks, watchList, recent, appointmentsToday, unread, chats, billable] = await Promise.all([
    selectCases(db)
      .select(needToKnowColumn(actor))
      .where(active)
      .where(assignedTo(org, actor.userId))
      .$if(!readsCases, (q) => q.where(nothing))
      .orderBy(priorityRank)
      .orderBy('cases.updated_at', 'desc')
      .orderBy('cases.id')
      .limit(PANEL_SIZE)
      .execute(),
    db
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(active)
      .where(assignedTo(org, actor.userId))
      .$if(!readsCases, (q) => q.where(nothing))
      .executeTakeFirstOrThrow(),
    openTasksOf(db, actor)
      .clearSelect()
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        // Overdue: due before today, a South African day (tasks.service isOverdue, in SQL).
        eb.fn.sum<number>(eb.case().when('tasks.due_date', '<', dayKey(now)).then(1).else(0).end()).as('overdue'),
      ])
      .$if(!readsTasks, (q) => q.where(nothing))
      .executeTakeFirstOrThrow(),
    selectCases(db)
      .select(needToKnowColumn(actor))
      .where(active)
      .$if(!readsCases, (q) => q.where(nothing))
      // urgent_flags is JSON text; '[]' is the column default for "none".
      .where((eb) => eb.or([eb('cases.priority', '=', 'High'), eb('cases.urgent_flags', '!=', '[]')]))
      .orderBy(priorityRank)
      .orderBy('cases.updated_at', 'desc')
      .orderBy('cases.id')
      .limit(PANEL_SIZE)
      .execute(),
    selectCases(db)
      .select(needToKnowColumn(actor))
      .where('cases.organization_id', '=', org)
      .$if(!readsCases, (q) => q.where(nothing))
      .orderBy('cases.updated_at', 'desc')
      .orderBy('cases.id')
      .limit(5)
      .execute(),
    db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(appointmentsTodayOf(org, now))
      .$if(!readsSchedule, (q) => q.where(nothing))
      .executeTakeFirstOrThrow(),
    countUnreadMessages(db, actor),
    db
      .selectFrom('support_chats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(openChatsOf(actor))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('time_entries')
      .select((eb) => [
        eb.fn.countAll<number>().as('entries'),
        eb.fn.coalesce(eb.fn.sum<number>('duration_minutes'), eb.lit(0)).as('minutes'),
        eb.fn.coalesce(eb.fn.sum<number>('total_cost_cents'), eb.lit(0)).as('cents'),
      ])
      .where('organization_id', '=', org)
      .where('user_id', '=', actor.userId)
      .where('end_time', 'is not', null)
      .where('start_time', '>=', month.toISOString())
      .where('start_time', '<', addMonths(month, 1).toISOString())
      .executeTakeFirstOrThrow(),
  ]);

  const myActiveCases = Number(myCount.n);
  return {
    myCases: myCases.map((row) => toWorkspaceCase(listedCase(row))),
    myActiveCases,
    watchList: watchList.map((row) => toWorkspaceCase(listedCase(row))),
    recentUpdates: recent.map((row) => toWorkspaceCase(listedCase(row))),
    tasks: {
      assignedCases: myActiveCases,
      appointmentsToday: Number(appointmentsToday.n),
      unreadMessages: unread.count,
      openSupportChats: Number(chats.n),
      openTasks: Number(openTasks.n),
      overdueTasks: Number(openTasks.overdue ?? 0),
    },
    billable: { entries: Number(billable.entries), minutes: Number(billable.minutes), cents: Number(billable.cents) },
  };
}
