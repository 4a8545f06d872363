// SPEC §2.15, §8 and §9: the AI assistant's constants and fixed texts, with no zod, so the lazily
// loaded widget and the server read the same values.

export const ASSISTANT_MESSAGE_MAX = 1000;
export const ASSISTANT_HISTORY_MAX = 20;
export const ASSISTANT_HISTORY_TEXT_MAX = 2000;

/** SPEC §9: at most this many quick-help topics, shown while the chat has this many messages or fewer. */
export const QUICK_HELP_MAX = 3;
export const QUICK_HELP_MAX_MESSAGES = 1;
/** SPEC §9: a clicked topic is sent after this delay. */
export const QUICK_HELP_SEND_DELAY_MS = 100;

/** SPEC §9: the default topics. */
export const DEFAULT_QUICK_HELP_TOPICS = [
  'How do I navigate between platforms?',
  'What features are available in my role?',
  'How do I update my profile information?',
] as const;

export const ASSISTANT_GREETING =
  "Hi! I'm the CaseBridge assistant. Ask me about features, finding your way around, or what each role can do.";

export const ASSISTANT_DISCLAIMER = 'AI responses are generated and may not always be accurate';

/** SPEC §8: the three failure messages of the assistant. */
export const ASSISTANT_FAILED_MESSAGE = "Sorry, I couldn't process your request. Please try again.";
export const ASSISTANT_UNPARSEABLE_MESSAGE = "I apologize, but I'm having trouble processing your request. Please try again.";
export const ASSISTANT_UNREACHABLE_MESSAGE = "I apologize, but I'm having trouble connecting right now. Please try again in a moment.";
