import { z } from 'zod';

// SPEC §3.7, §4, §5 and §9: live-support chats and their messages.

export const SUPPORT_CATEGORIES = ['Technical', 'Administrative', 'Training', 'Emergency'] as const;
export type TSupportCategory = (typeof SUPPORT_CATEGORIES)[number];

/** SPEC §9: the label each category carries in the 'Request Support' dialog. */
export const SUPPORT_CATEGORY_LABELS: Record<TSupportCategory, string> = {
  Technical: 'Technical Issue',
  Administrative: 'Administrative Help',
  Training: 'Training & Education',
  Emergency: 'Emergency Support',
};

export const SUPPORT_PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export type TSupportPriority = (typeof SUPPORT_PRIORITIES)[number];

/** In workflow order: a chat moves forward through these, and may be reopened from any of them. */
export const SUPPORT_STATUSES = ['Open', 'In Progress', 'Resolved', 'Closed'] as const;
export type TSupportStatus = (typeof SUPPORT_STATUSES)[number];

export const CHAT_MESSAGE_TYPES = ['text'] as const;

export const SUPPORT_TITLE_MAX = 200;
export const CHAT_MESSAGE_MAX = 5000;

/** A move is allowed forward by one or more steps, or back to Open (reopening). */
export function canMoveSupportChat(from: TSupportStatus, to: TSupportStatus): boolean {
  return to === 'Open' || SUPPORT_STATUSES.indexOf(to) > SUPPORT_STATUSES.indexOf(from);
}

const ZId = z.string().trim().min(1).max(64);

const ZStatus = z.enum(SUPPORT_STATUSES, { error: `Status must be one of ${SUPPORT_STATUSES.join(', ')}` });

// The client sends who it thinks it is (SPEC §7.3: initiatorId, senderId). The server takes identity
// from the session only; these are accepted so the documented body is not a 400, and never read.
const ZIgnoredClientId = z.union([z.string().max(200), z.number()]).nullish();

const optionalLongText = z
  .string()
  .trim()
  .max(CHAT_MESSAGE_MAX, `Keep the description under ${CHAT_MESSAGE_MAX} characters`)
  .nullish()
  .transform((v) => v || null);

export const ZListSupportChatsInput = z.object({
  status: ZStatus.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type TListSupportChatsInput = z.infer<typeof ZListSupportChatsInput>;

export const ZCreateSupportChatInput = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(SUPPORT_TITLE_MAX, `Keep the title under ${SUPPORT_TITLE_MAX} characters`),
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Category is required' }),
  priority: z.enum(SUPPORT_PRIORITIES, { error: `Priority must be one of ${SUPPORT_PRIORITIES.join(', ')}` }).default('Medium'),
  /** SPEC §5 calls it the description; the §7.3 body carries it as initialMessage. Either is taken. */
  description: optionalLongText,
  initialMessage: optionalLongText,
  initiatorId: ZIgnoredClientId,
});
export type TCreateSupportChatInput = z.infer<typeof ZCreateSupportChatInput>;

export const ZUpdateSupportChatStatusInput = z.object({
  id: ZId,
  status: ZStatus,
});
export type TUpdateSupportChatStatusInput = z.infer<typeof ZUpdateSupportChatStatusInput>;

export const ZSupportChat = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  priority: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  initiatorId: z.string(),
  initiatorName: z.string(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
});
export type TSupportChat = z.infer<typeof ZSupportChat>;

export const ZListChatMessagesInput = z.object({
  chatId: ZId,
  /** Only messages created strictly after this instant: an idle poll moves no message bodies. */
  after: z.iso.datetime({ offset: true, error: 'after must be an ISO-8601 date-time' }).max(40).optional(),
});
export type TListChatMessagesInput = z.infer<typeof ZListChatMessagesInput>;

export const ZSendChatMessageInput = z.object({
  chatId: z.string({ error: 'Select a conversation' }).trim().min(1, 'Select a conversation').max(64),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CHAT_MESSAGE_MAX, `Keep the message under ${CHAT_MESSAGE_MAX} characters`),
  messageType: z.enum(CHAT_MESSAGE_TYPES, { error: "Message type must be 'text'" }).default('text'),
  senderId: ZIgnoredClientId,
});
export type TSendChatMessageInput = z.infer<typeof ZSendChatMessageInput>;

export const ZChatMessage = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  message: z.string(),
  messageType: z.string(),
  createdAt: z.string(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** SPEC §2.10 / §9: the Super Admin bell lists at most this many urgent-or-high and recent open chats. */
export const BELL_URGENT_MAX = 3;
export const BELL_RECENT_MAX = 5;

export const ZSupportBell = z.object({
  /** Open or In Progress chats of priority Urgent or High, Urgent first, newest first. */
  urgent: z.array(ZSupportChat),
  /** The newest Open or In Progress chats. */
  recent: z.array(ZSupportChat),
  /** Open chats created after the caller last opened the bell (all Open chats if never opened). */
  unseen: z.number().int().min(0),
  /** When the caller last opened the bell; null = never. */
  openedAt: z.string().nullable(),
});
export type TSupportBell = z.infer<typeof ZSupportBell>;

export const ZOpenBellResult = z.object({ openedAt: z.string() });
export type TOpenBellResult = z.infer<typeof ZOpenBellResult>;
