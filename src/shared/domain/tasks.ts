import { z } from 'zod';
import { ZAppointmentStatus, ZAppointmentType } from './appointments';
import { ZCaseTask } from './case-tasks';
import { ZWorkspaceCase } from './dashboard';

// Issue 7 /tasks: the caller's open work as lists — the same things the dashboard's "My Tasks"
// panel counts (dashboard.workspace), by the same rules, so the page and the panel agree.

/** Rows per section; `total` says how many there are in all. */
export const TASKS_SECTION_LIMIT = 50;

const section = <T extends z.ZodType>(item: T) => z.object({ total: z.number(), items: z.array(item) });

export const ZTaskAppointment = z.object({
  id: z.string(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  appointmentType: ZAppointmentType,
  location: z.string().nullable(),
  status: ZAppointmentStatus,
  caseId: z.string().nullable(),
  /** The case's patient / client name, for the link to the case list. */
  patientName: z.string().nullable(),
});
export type TTaskAppointment = z.infer<typeof ZTaskAppointment>;

export const ZTaskMessage = z.object({
  id: z.string(),
  subject: z.string(),
  senderName: z.string().nullable(),
  createdAt: z.string(),
});
export type TTaskMessage = z.infer<typeof ZTaskMessage>;

export const ZTaskSupportChat = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  priority: z.string(),
  status: z.string(),
  updatedAt: z.string(),
  lastMessageAt: z.string().nullable(),
});
export type TTaskSupportChat = z.infer<typeof ZTaskSupportChat>;

export const ZTasks = z.object({
  /** Active (not Completed) cases whose team the caller is on, most pressing first. */
  assignedCases: section(ZWorkspaceCase),
  /** Open tasks assigned to the caller (issue 18), overdue ones marked, soonest due first. */
  openTasks: section(ZCaseTask),
  /** The organisation's appointments today (South African day), Cancelled ones left out, earliest first. */
  appointmentsToday: section(ZTaskAppointment),
  /** Messages to the caller not yet read, newest first. */
  unreadMessages: section(ZTaskMessage),
  /** Support chats the caller started that are Open or In Progress, most recently changed first. */
  openSupportChats: section(ZTaskSupportChat),
});
export type TTasks = z.infer<typeof ZTasks>;
