import { z } from 'zod';
import { PLATFORMS } from '../platform';
import { ASSISTANT_HISTORY_MAX, ASSISTANT_HISTORY_TEXT_MAX, ASSISTANT_MESSAGE_MAX } from './assistant-text';

// SPEC §3.7, §5 and §9: the public AI assistant. Anyone may call it, so every field is bounded:
// the message, each history entry and the number of entries. The plain constants and texts live in
// ./assistant-text so the widget can use them without bundling zod.

export * from './assistant-text';

export const ZAssistantHistoryEntry = z.object({
  role: z.enum(['user', 'assistant'], { error: "Each history entry's role must be user or assistant" }),
  content: z.string().max(ASSISTANT_HISTORY_TEXT_MAX, `Keep each history entry under ${ASSISTANT_HISTORY_TEXT_MAX} characters`),
  // The widget sends a time string or a Date serialised to one; it is not read.
  timestamp: z.union([z.string().max(64), z.number()]).nullish(),
});
export type TAssistantHistoryEntry = z.infer<typeof ZAssistantHistoryEntry>;

export const ZAssistantChatInput = z.object({
  message: z
    .string({ error: 'Please type a question' })
    .trim()
    .min(1, 'Please type a question')
    .max(ASSISTANT_MESSAGE_MAX, `Keep your question under ${ASSISTANT_MESSAGE_MAX} characters`),
  chatHistory: z
    .array(ZAssistantHistoryEntry)
    .max(ASSISTANT_HISTORY_MAX, `Send at most ${ASSISTANT_HISTORY_MAX} earlier messages`)
    .default([]),
  // Optional hints to tailor the answer (SPEC §2.15: the widget takes a userRole). Free text, as a
  // visitor's stored demo role may be any label; unknown ones are treated as "no role".
  role: z.string().trim().max(60).nullish(),
  platform: z.enum(PLATFORMS).nullish().catch(null),
});
export type TAssistantChatInput = z.infer<typeof ZAssistantChatInput>;

export const ZAssistantChatResult = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type TAssistantChatResult = z.infer<typeof ZAssistantChatResult>;

export const ZQuickHelpResult = z.object({ topics: z.array(z.string()) });
export type TQuickHelpResult = z.infer<typeof ZQuickHelpResult>;
