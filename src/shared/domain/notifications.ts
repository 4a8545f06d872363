import { z } from 'zod';

// Notifications for everyone (issue 21). Each says what happened (its kind) and carries SPEC §3.4's
// type: 'assignment' (something is now yours), 'system' (something moved), 'urgent' (act today).

export const NOTIFICATION_KINDS = [
  'case.assigned', // put on a case's team
  'task.assigned', // given a task
  'task.due', // an open task of yours is due today or overdue
  'message.direct', // a message sent to you by name, to your role or to your case team
  'appointment.booked', // booked with you attending
  'appointment.moved', // its time changed
  'appointment.cancelled',
  'portal.request', // a patient asked something through the portal
  'deadline.soon', // a deadline of your case within 5 court days
  'result.released', // a clinician released a result of yours to the portal (issue 31)
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

export const NOTIFICATION_TYPES = ['assignment', 'system', 'urgent'] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

export const NOTIFICATION_EMAIL_STATES = ['none', 'due', 'queued'] as const;
export type TNotificationEmailState = (typeof NOTIFICATION_EMAIL_STATES)[number];

/** The §3.4 type each kind carries, and how the settings list names it. */
export const NOTIFICATION_KIND_INFO: Record<TNotificationKind, { type: TNotificationType; label: string }> = {
  'case.assigned': { type: 'assignment', label: 'I am added to a case team' },
  'task.assigned': { type: 'assignment', label: 'I am given a task' },
  'task.due': { type: 'urgent', label: 'A task of mine is due today or overdue' },
  'message.direct': { type: 'system', label: 'A message is sent to me' },
  'appointment.booked': { type: 'system', label: 'An appointment I attend is booked' },
  'appointment.moved': { type: 'system', label: 'An appointment I attend is moved' },
  'appointment.cancelled': { type: 'urgent', label: 'An appointment I attend is cancelled' },
  'portal.request': { type: 'system', label: 'A patient asks something through the portal' },
  'deadline.soon': { type: 'urgent', label: 'A deadline of my case is within 5 court days' },
  'result.released': { type: 'system', label: 'A new result of mine is ready in the portal' },
};

/** The bell lists the newest this many. */
export const NOTIFICATION_LIST_LIMIT = 50;
/** Court days ahead that make a deadline "soon". */
export const DEADLINE_SOON_COURT_DAYS = 5;

export const ZNotification = z.object({
  id: z.string(),
  type: ZNotificationType,
  kind: ZNotificationKind,
  title: z.string(),
  message: z.string(),
  /** A path inside the app, e.g. /patients/<caseId>?tab=tasks. */
  href: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({ items: z.array(ZNotification), unread: z.number().int().min(0) });
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZMarkNotificationReadInput = z.object({ id: z.string().trim().min(1).max(64) });
export const ZReadAllResult = z.object({ unread: z.literal(0), marked: z.number().int().min(0) });

/** GET/PUT /api/notifications/email-preferences: the kinds also sent by e-mail. */
export const ZNotificationEmailPreferences = z.object({
  kinds: z.array(ZNotificationKind, 'Kinds must be a list of notification kinds').max(NOTIFICATION_KINDS.length),
});
export type TNotificationEmailPreferences = z.infer<typeof ZNotificationEmailPreferences>;
