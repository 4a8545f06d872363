import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import {
  DEFAULT_QUICK_HELP_TOPICS,
  QUICK_HELP_MAX,
  type TAssistantChatInput,
  type TAssistantChatResult,
  type TQuickHelpResult,
} from '../../../shared/domain/assistant';
import { spendAllowance } from '../../auth/throttle';
import type { Config } from '../../config';
import { askerOf, composeAnswer } from './compose';
import { askModel } from './model';
import { searchKnowledge } from './search';

// The public AI assistant (SPEC §2.15). Answers come from the help knowledge base; when a model is
// configured it phrases the answer from the same passages, and the knowledge-base answer stands in
// whenever it fails. Nothing here reads patients, cases or any other organisation data.

/** The rate-limit window; the number of questions per window is AI_CHAT_PER_10_MINUTES. */
const WINDOW_MINUTES = 10;

export interface AssistantClient {
  ip: string | null;
  log?: (message: string) => void;
}

export function quickHelp(): TQuickHelpResult {
  return { topics: DEFAULT_QUICK_HELP_TOPICS.slice(0, QUICK_HELP_MAX) };
}

export async function answerQuestion(db: Kysely<DB>, config: Config, input: TAssistantChatInput, client: AssistantClient): Promise<TAssistantChatResult> {
  await spendAllowance(db, {
    key: `assistant:${client.ip ?? 'unknown'}`,
    limit: config.AI_CHAT_PER_10_MINUTES,
    windowMinutes: WINDOW_MINUTES,
    message: (minutes) => `You've asked a lot of questions in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  });
  const asker = askerOf(input);
  let hits = searchKnowledge(input.message);
  // A follow-up ("and how do I release it?") may only make sense with the question before it.
  const previous = input.chatHistory.findLast((h) => h.role === 'user')?.content;
  if (hits.length === 0 && previous) hits = searchKnowledge(`${previous.slice(0, 300)} ${input.message}`);
  const knowledgeAnswer = composeAnswer(hits, asker);
  const modelAnswer = await askModel(config, { question: input.message, history: input.chatHistory, hits, asker }, { log: client.log });
  return { success: true, message: modelAnswer ?? knowledgeAnswer };
}
