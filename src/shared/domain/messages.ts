import { z } from 'zod';

// SPEC §3.4 (live message shape) and §5 (subject and content required, always sent as broadcast).

export const MESSAGE_TYPES = ['direct', 'broadcast', 'system'] as const;
export const ZMessageType = z.enum(MESSAGE_TYPES);
export type TMessageType = z.infer<typeof ZMessageType>;

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_CONTENT_MAX = 10_000;
export const MESSAGE_LIST_DEFAULT_LIMIT = 100;
export const MESSAGE_LIST_MAX_LIMIT = 500;

const ZId = z.string().trim().min(1).max(64);

// Read from the query string on GET /api/messages, so the limit is coerced from text.
export const ZListMessagesInput = z
  .object({
    search: z.string().trim().max(200).optional(),
    /** Issue 18: the thread of one case — the caller's messages whose patientCaseId is this case. */
    caseId: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), ZId.optional()),
    limit: z.coerce.number().int().min(1).max(MESSAGE_LIST_MAX_LIMIT).default(MESSAGE_LIST_DEFAULT_LIMIT),
  })
  .prefault({});
export type TListMessagesInput = z.infer<typeof ZListMessagesInput>;

export const ZSendMessageInput = z.object({
  subject: z.string('Subject is required').trim().min(1, 'Subject is required').max(MESSAGE_SUBJECT_MAX),
  content: z.string('Content is required').trim().min(1, 'Content is required').max(MESSAGE_CONTENT_MAX),
  // Accepted for the client's sake; the server stores every message as a broadcast (SPEC §5).
  messageType: ZMessageType.optional(),
  patientCaseId: ZId.nullish().transform((v) => v ?? null),
});
export type TSendMessageInput = z.infer<typeof ZSendMessageInput>;

export const ZMarkMessageReadInput = z.object({ id: ZId });

/** A direct answer to the sender of a message the caller received (e.g. a patient's portal message). */
export const ZReplyMessageInput = z.object({
  id: ZId,
  content: z.string('Content is required').trim().min(1, 'Content is required').max(MESSAGE_CONTENT_MAX),
});
export type TReplyMessageInput = z.infer<typeof ZReplyMessageInput>;

/** 'Re: <subject>', once, within the subject limit. */
export function replySubject(subject: string): string {
  return (subject.startsWith('Re: ') ? subject : `Re: ${subject}`).slice(0, MESSAGE_SUBJECT_MAX);
}
export type TMarkMessageReadInput = z.infer<typeof ZMarkMessageReadInput>;

export const ZMessage = z.object({
  id: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string().nullable(),
  recipientId: z.string().nullable(),
  subject: z.string(),
  content: z.string(),
  /** The caller's own read state; a message the caller sent counts as read. */
  isRead: z.boolean(),
  messageType: ZMessageType,
  createdAt: z.string(),
  patientCaseId: z.string().nullable(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZUnreadCount = z.object({ count: z.number().int().min(0) });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;
