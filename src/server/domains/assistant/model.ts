import type { TAssistantHistoryEntry } from '../../../shared/domain/assistant';
import type { Config } from '../../config';
import { withTerminology, type Asker } from './compose';
import type { Hit } from './search';

// The optional language model (AI_BASE_URL, an OpenAI-compatible chat-completions endpoint, e.g. a
// model served on the clinic's own box). It receives only the help passages, the visitor's own
// question and the bounded chat history — never anything read from the database, so nothing about
// patients or cases can reach it. Any failure returns null and the caller uses the knowledge-base
// answer instead.

export const MODEL_TIMEOUT_MS = 8000;
/** Only the most recent turns go to the model, each cut short, to bound the prompt. */
const HISTORY_TURNS = 8;
const HISTORY_ENTRY_CHARS = 1000;
const ANSWER_MAX_CHARS = 4000;

export type ModelConfig = Pick<Config, 'AI_BASE_URL' | 'AI_MODEL' | 'AI_API_KEY'>;

export function modelConfigured(config: ModelConfig): boolean {
  return Boolean(config.AI_BASE_URL && config.AI_MODEL);
}

function systemPrompt(hits: Hit[], asker: Asker): string {
  const passages = hits
    .map((h) => `## ${withTerminology(h.passage.title, asker.platform)}${h.passage.route ? ` (${h.passage.route})` : ''}\n${withTerminology(h.passage.text, asker.platform)}`)
    .join('\n\n');
  const who = [asker.role ? `role: ${asker.role}` : null, asker.platform ? `platform: ${asker.platform}` : null].filter(Boolean).join(', ');
  return [
    'You are the help assistant of CaseBridge, a case management web application for healthcare, legal and medicolegal organisations in South Africa.',
    'Answer in at most four short sentences, using only the help passages below. Name the screen and its route when there is one.',
    "If the passages do not answer the question, say you don't know and point to Live Support (signed-in users) or the Contact Us page at /register.",
    'Never invent features, prices or patient or case details.',
    who ? `The person asking: ${who}.` : 'The person asking is not signed in.',
    '',
    '# Help passages',
    passages || '(none matched)',
  ].join('\n');
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
}

export async function askModel(
  config: ModelConfig,
  request: { question: string; history: TAssistantHistoryEntry[]; hits: Hit[]; asker: Asker },
  options: { timeoutMs?: number; log?: (message: string) => void } = {},
): Promise<string | null> {
  if (!modelConfigured(config)) return null;
  const url = `${config.AI_BASE_URL!.replace(/\/+$/, '')}/chat/completions`;
  const messages = [
    { role: 'system', content: systemPrompt(request.hits, request.asker) },
    ...request.history.slice(-HISTORY_TURNS).map((h) => ({ role: h.role, content: h.content.slice(0, HISTORY_ENTRY_CHARS) })),
    { role: 'user', content: request.question },
  ];
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.AI_API_KEY ? { authorization: `Bearer ${config.AI_API_KEY}` } : {}) },
      body: JSON.stringify({ model: config.AI_MODEL, messages, temperature: 0.2, max_tokens: 400, stream: false }),
      signal: AbortSignal.timeout(options.timeoutMs ?? MODEL_TIMEOUT_MS),
    });
    if (!response.ok) {
      options.log?.(`assistant model answered ${response.status}`);
      return null;
    }
    const body = (await response.json()) as ChatCompletion;
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || !content.trim()) {
      options.log?.('assistant model answer had no text');
      return null;
    }
    return content.trim().slice(0, ANSWER_MAX_CHARS);
  } catch (error) {
    options.log?.(`assistant model unreachable: ${(error as Error).name}`);
    return null;
  }
}
