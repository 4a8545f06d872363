import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TAppointmentStatus, TAppointmentType } from '../../../shared/domain/appointments';
import { TASKS_SECTION_LIMIT, type TTasks } from '../../../shared/domain/tasks';
import { fullName } from '../../../shared/format';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { listedCase, selectCases } from '../cases/cases.service';
import { WITHHELD_LABEL, aboutReadableCase, needToKnowColumn, needToKnowOf } from '../cases/case-visibility';
import { countUnreadMessages } from '../messages/messages.service';
import { openTasksOf, tasksInWorkOrder, toTask } from '../tasks/tasks.service';
import { dayKey } from '../../../shared/calendar';
import { activeCasesOf, appointmentsTodayOf, assignedTo, nothing, openChatsOf, priorityRank, toWorkspaceCase } from './workspace.service';

// Issue 7 /tasks: the dashboard's "My Tasks" counts as lists. Every list and its total are
// read with the same predicate the workspace counts with (workspace.service.ts), so they agree.

const count = (n: { n: number | string | bigint }) => Number(n.n);

export async function getTasks(db: Kysely<DB>, actor: TenantActor, now: Date = new Date()): Promise<TTasks> {
  const org = actor.organizationId;
  const limit = TASKS_SECTION_LIMIT;
  const mine = assignedTo(org, actor.userId);
  const today = appointmentsTodayOf(org, now);
  const chats = openChatsOf(actor);
  // No case or appointment lists for a role without those reads (decision 0027): empty, not refused.
  const readsCases = can(actor, 'cases.view');
  const readsSchedule = can(actor, 'appointments.view');
  const readsTasks = can(actor, 'caseFile.view');
  const unread = () =>
    db
      .selectFrom('message_recipients')
      .where('message_recipients.user_id', '=', actor.userId)
      .where('message_recipients.organization_id', '=', org)
      .where('message_recipients.read_at', 'is', null);

  const [cases, caseTotal, tasks, taskTotal, appointments, appointmentTotal, messages, messageTotal, chatRows, chatTotal] = await Promise.all([
    selectCases(db)
      .select(needToKnowColumn(actor))
      .where(activeCasesOf(org))
      .where(mine)
      .$if(!readsCases, (q) => q.where(nothing))
      .orderBy(priorityRank)
      .orderBy('cases.updated_at', 'desc')
      .orderBy('cases.id')
      .limit(limit)
      .execute(),
    db.selectFrom('cases').select((eb) => eb.fn.countAll<number>().as('n')).where(activeCasesOf(org)).where(mine).$if(!readsCases, (q) => q.where(nothing)).executeTakeFirstOrThrow(),
    tasksInWorkOrder(openTasksOf(db, actor).$if(!readsTasks, (q) => q.where(nothing))).limit(limit).execute(),
    openTasksOf(db, actor)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .$if(!readsTasks, (q) => q.where(nothing))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('appointments')
      // The case must be this organisation's too: a case id is only ever a same-tenant reference.
      .leftJoin('cases', (join) => join.onRef('cases.id', '=', 'appointments.case_id').on('cases.organization_id', '=', org))
      .selectAll('appointments')
      .select(['cases.patient_name', needToKnowOf(actor, 'appointments.case_id')])
      .where(today)
      .$if(!readsSchedule, (q) => q.where(nothing))
      .orderBy('appointments.start_time')
      .orderBy('appointments.id')
      .limit(limit)
      .execute(),
    db.selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).where(today).$if(!readsSchedule, (q) => q.where(nothing)).executeTakeFirstOrThrow(),
    unread()
      .innerJoin('messages', 'messages.id', 'message_recipients.message_id')
      .where(aboutReadableCase(actor, 'messages.patient_case_id'))
      .leftJoin('users as sender', 'sender.id', 'messages.sender_id')
      .select(['messages.id', 'messages.subject', 'messages.created_at', 'sender.first_name', 'sender.last_name'])
      .orderBy('messages.created_at', 'desc')
      .orderBy('messages.id')
      .limit(limit)
      .execute(),
    countUnreadMessages(db, actor),
    db
      .selectFrom('support_chats')
      .selectAll('support_chats')
      .select((eb) =>
        eb
          .selectFrom('chat_messages')
          .select((m) => m.fn.max('chat_messages.created_at').as('last'))
          .whereRef('chat_messages.chat_id', '=', 'support_chats.id')
          .as('last_message_at'),
      )
      .where(chats)
      .orderBy('support_chats.updated_at', 'desc')
      .orderBy('support_chats.id')
      .limit(limit)
      .execute(),
    db.selectFrom('support_chats').select((eb) => eb.fn.countAll<number>().as('n')).where(chats).executeTakeFirstOrThrow(),
  ]);

  return {
    assignedCases: { total: count(caseTotal), items: cases.map((row) => toWorkspaceCase(listedCase(row))) },
    openTasks: { total: count(taskTotal), items: tasks.map((row) => toTask(row, dayKey(now))) },
    appointmentsToday: {
      total: count(appointmentTotal),
      items: appointments.map((row) => ({
        id: row.id,
        title: Number(row.need_to_know) ? row.title : WITHHELD_LABEL,
        startTime: row.start_time,
        endTime: row.end_time,
        appointmentType: row.appointment_type as TAppointmentType,
        location: Number(row.need_to_know) ? row.location : null,
        status: row.status as TAppointmentStatus,
        caseId: row.case_id,
        patientName: row.patient_name ?? null,
      })),
    },
    unreadMessages: {
      total: messageTotal.count,
      items: messages.map((row) => ({
        id: row.id,
        subject: row.subject,
        senderName: fullName(row.first_name, row.last_name),
        createdAt: row.created_at,
      })),
    },
    openSupportChats: {
      total: count(chatTotal),
      items: chatRows.map((row) => ({
        id: row.id,
        title: row.title,
        category: row.category,
        priority: row.priority,
        status: row.status,
        updatedAt: row.updated_at,
        lastMessageAt: row.last_message_at ?? null,
      })),
    },
  };
}
