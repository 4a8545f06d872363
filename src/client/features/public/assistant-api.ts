import {
  ASSISTANT_FAILED_MESSAGE,
  ASSISTANT_HISTORY_MAX,
  ASSISTANT_HISTORY_TEXT_MAX,
  ASSISTANT_UNPARSEABLE_MESSAGE,
  ASSISTANT_UNREACHABLE_MESSAGE,
  DEFAULT_QUICK_HELP_TOPICS,
  QUICK_HELP_MAX,
} from '../../../shared/domain/assistant-text';
import { formatSaTime } from '../../../shared/format';
import { PLATFORMS, type TPlatform } from '../../../shared/platform';
import { DEMO_KEYS, readDemoIdentity } from '../../lib/demo-identity';

// The widget's two calls of SPEC §7.3, made with fetch against the REST paths: the widget is on
// public pages, where there is no demo identity and so no demo link, and §8 defines its failure
// messages in terms of the HTTP exchange itself (no answer / an answer that is not JSON / success false).

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: Date;
}

/** SPEC §8: what the assistant bubble shows for a reply, including every failure. */
export async function askAssistant(message: string, history: ChatMessage[]): Promise<string> {
  const identity = readDemoIdentity();
  const stored = safeStorage()?.getItem(DEMO_KEYS.selectedPlatform) ?? null;
  const platform: TPlatform | null = identity?.platform ?? ((PLATFORMS as readonly string[]).includes(stored ?? '') ? (stored as TPlatform) : null);
  const chatHistory = history.slice(-ASSISTANT_HISTORY_MAX).map((m) => ({
    role: m.role,
    content: m.content.slice(0, ASSISTANT_HISTORY_TEXT_MAX),
    timestamp: m.timestamp.toISOString(),
  }));
  let response: Response;
  try {
    response = await fetch('/api/ai-chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify({ message, chatHistory, role: identity?.role ?? null, platform }),
    });
  } catch {
    return ASSISTANT_UNREACHABLE_MESSAGE;
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page when the server is down reads as "cannot connect", not "cannot parse".
    return response.ok ? ASSISTANT_UNPARSEABLE_MESSAGE : ASSISTANT_UNREACHABLE_MESSAGE;
  }
  const data = body as { success?: unknown; message?: unknown } | null;
  const text = typeof data?.message === 'string' && data.message.trim() ? data.message : null;
  if (response.ok && data?.success === true && text) return text;
  // success false, or a refusal such as the rate limit (429), whose message says what to do.
  return text ?? ASSISTANT_FAILED_MESSAGE;
}

/** The quick-help topics (at most 3); the defaults of SPEC §9 if the call fails. */
export async function fetchQuickHelp(): Promise<string[]> {
  try {
    const response = await fetch('/api/ai-chat/quick-help', { credentials: 'include' });
    const body = (await response.json()) as { topics?: unknown };
    if (response.ok && Array.isArray(body.topics)) return body.topics.filter((t): t is string => typeof t === 'string').slice(0, QUICK_HELP_MAX);
  } catch {
    // fall through to the defaults
  }
  return [...DEFAULT_QUICK_HELP_TOPICS];
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** SPEC §9: chat times read hour:minute, in SA time like every other screen. */
export function hourMinute(date: Date): string {
  return formatSaTime(date);
}
