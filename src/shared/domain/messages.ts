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
    /** Issue 21: one thread — its first message and the replies the caller can see. */
    threadId: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), ZId.optional()),
    limit: z.coerce.number().int().min(1).max(MESSAGE_LIST_MAX_LIMIT).default(MESSAGE_LIST_DEFAULT_LIMIT),
  })
  .prefault({});
export type TListMessagesInput = z.infer<typeof ZListMessagesInput>;

/**
 * Whom a message went to (issue 21): everybody (SPEC §5's broadcast, the default), named people, one
 * role, or the case's team. A message with recipients is listed only for its sender and recipients.
 */
export const MESSAGE_AUDIENCES = ['broadcast', 'people', 'role', 'team'] as const;
export const ZMessageAudience = z.enum(MESSAGE_AUDIENCES);
export type TMessageAudience = z.infer<typeof ZMessageAudience>;
export const MESSAGE_RECIPIENTS_MAX = 100;

export const ZMessageSubject = z.string('Subject is required').trim().min(1, 'Subject is required').max(MESSAGE_SUBJECT_MAX);
export const ZMessageContent = z.string('Content is required').trim().min(1, 'Content is required').max(MESSAGE_CONTENT_MAX);

export const ZSendMessageInput = z
  .object({
    subject: ZMessageSubject,
    content: ZMessageContent,
    // Accepted for the client's sake; the audience below decides how the message is stored.
    messageType: ZMessageType.optional(),
    patientCaseId: ZId.nullish().transform((v) => v ?? null),
    /** Issue 21's name for patientCaseId; either may be given (the same case if both). */
    caseId: ZId.nullish().transform((v) => v ?? null),
    /** Named people of the organisation; none (and no role or team) = the §5 broadcast. */
    recipientIds: z
      .array(ZId, 'Recipients must be a list of user ids')
      .max(MESSAGE_RECIPIENTS_MAX, `At most ${MESSAGE_RECIPIENTS_MAX} recipients`)
      .transform((ids) => [...new Set(ids)])
      .default([]),
    /** Everyone of the organisation holding this role. */
    recipientRole: z.string().trim().min(1).max(60).nullish().transform((v) => v ?? null),
    /** The team of the message's case (needs a case). */
    toCaseTeam: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const chosen = [v.recipientIds.length > 0, v.recipientRole !== null, v.toCaseTeam].filter(Boolean).length;
    if (chosen > 1) ctx.addIssue({ code: 'custom', path: ['recipientIds'], message: 'Choose people, a role or the case team, not more than one' });
    if (v.patientCaseId && v.caseId && v.patientCaseId !== v.caseId) {
      ctx.addIssue({ code: 'custom', path: ['caseId'], message: 'caseId and patientCaseId name different cases' });
    }
    if (v.toCaseTeam && !v.patientCaseId && !v.caseId) ctx.addIssue({ code: 'custom', path: ['toCaseTeam'], message: 'Choose the case whose team gets the message' });
  })
  .transform(({ caseId, ...v }) => ({ ...v, patientCaseId: v.patientCaseId ?? caseId }));
export type TSendMessageInput = z.infer<typeof ZSendMessageInput>;

export const ZMarkMessageReadInput = z.object({ id: ZId });

/**
 * A direct answer to the sender of a message the caller received (e.g. a patient's portal message);
 * with replyAll (issue 21), to the sender and everyone the message went to, the caller left out.
 */
export const ZReplyMessageInput = z.object({
  id: ZId,
  content: z.string('Content is required').trim().min(1, 'Content is required').max(MESSAGE_CONTENT_MAX),
  replyAll: z.boolean('Reply to all must be true or false').default(false),
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
  /** Issue 21: the thread's first message (its own id for a first message), and the one answered. */
  threadId: z.string(),
  parentId: z.string().nullable(),
  audience: ZMessageAudience,
  /** The "To:" line: the people's names, the role, or the case reference; null for everybody. */
  audienceLabel: z.string().nullable(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZUnreadCount = z.object({ count: z.number().int().min(0) });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;
