import type { TCase } from '../../../shared/domain/cases';
import { TASKS_SECTION_LIMIT, type TTasks } from '../../../shared/domain/tasks';
import { dayKey } from '../../../shared/calendar';
import type { DemoContext } from '../context';
import { type DemoProcedures, procedure } from '../procedure';
import { allAppointments } from './appointments';
import { teamMembersOf } from './case-file-state';
import { myOpenTasks } from './case-tasks';
import { visibleCases } from './cases';
import { allMessages } from './messages';
import { visibleChats } from './support';

// /tasks in demo mode: the rows behind the four "My Tasks" counts of the demo workspace
// (procedures/dashboard.ts), filtered by the same rules; tasks.test.ts holds the two together.

const PRIORITY_RANK = { High: 0, Medium: 1, Low: 2 } as const;
const byPressure = (a: TCase, b: TCase) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || b.updatedAt.localeCompare(a.updatedAt);

const section = <T>(rows: T[]) => ({ total: rows.length, items: rows.slice(0, TASKS_SECTION_LIMIT) });

export function demoTasks(ctx: DemoContext): TTasks {
  const me = ctx.me.id;
  const cases = visibleCases(ctx);
  const mine = cases
    .filter((c) => c.status !== 'Completed' && teamMembersOf(ctx, c).some((m) => m.userId === me))
    .sort(byPressure);
  const today = dayKey();
  const appointments = allAppointments(ctx)
    .filter((a) => a.status !== 'Cancelled' && dayKey(a.startTime) === today)
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id));
  const patientOf = (caseId: string | null) => (caseId ? (cases.find((c) => c.id === caseId)?.patientName ?? null) : null);
  const chats = visibleChats(ctx)
    .filter((c) => c.initiatorId === me && (c.status === 'Open' || c.status === 'In Progress'))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
  return {
    assignedCases: section(
      mine.map((c) => ({
        id: c.id, patientName: c.patientName, caseType: c.caseType, status: c.status, priority: c.priority,
        progressPercentage: c.progressPercentage, bedNumber: c.bedNumber, urgentFlags: c.urgentFlags,
        estimatedDischarge: c.estimatedDischarge, assignedDoctor: c.assignedDoctor, updatedAt: c.updatedAt,
      })),
    ),
    openTasks: section(myOpenTasks(ctx)),
    appointmentsToday: section(
      appointments.map((a) => ({
        id: a.id, title: a.title, startTime: a.startTime, endTime: a.endTime, appointmentType: a.appointmentType,
        location: a.location, status: a.status, caseId: a.caseId, patientName: patientOf(a.caseId),
      })),
    ),
    unreadMessages: section(
      allMessages(ctx)
        .filter((m) => !m.isRead)
        .map((m) => ({ id: m.id, subject: m.subject, senderName: m.senderName, createdAt: m.createdAt })),
    ),
    openSupportChats: section(
      chats.map((c) => ({
        id: c.id, title: c.title, category: c.category, priority: c.priority, status: c.status, updatedAt: c.updatedAt, lastMessageAt: c.lastMessageAt,
      })),
    ),
  };
}

export const tasksProcedures = {
  'dashboard.tasks': procedure({ input: null, capability: 'dashboard.view', run: demoTasks }),
} satisfies Partial<DemoProcedures>;
