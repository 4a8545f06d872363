import { DEFAULT_QUICK_HELP_TOPICS, ZAssistantChatInput } from '../../../shared/domain/assistant';
import { type DemoProcedures, procedure } from '../procedure';

// The assistant widget talks to the server's /api/ai-chat directly (it lives on the public pages,
// which have no demo identity). These stand-ins only keep the demo table complete: without the
// server's knowledge base the demo can point to Live Support, which the demo does answer.

export const assistantProcedures = {
  'assistant.quickHelp': procedure({ input: null, run: () => ({ topics: [...DEFAULT_QUICK_HELP_TOPICS] }) }),
  'assistant.chat': procedure({
    input: ZAssistantChatInput,
    run: () => ({
      success: true,
      message: 'In the demo, questions go to Live Support: the round chat button at the bottom right of your screen.',
    }),
  }),
} satisfies Partial<DemoProcedures>;
