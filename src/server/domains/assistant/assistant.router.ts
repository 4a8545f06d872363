import { z } from 'zod';
import { ZAssistantChatInput, ZAssistantChatResult, ZQuickHelpResult } from '../../../shared/domain/assistant';
import { publicProcedure, router } from '../../trpc';
import { answerQuestion, quickHelp } from './assistant.service';

// Public on purpose: the assistant widget is on the public pages (SPEC §2.15), for visitors with no
// account. Questions are rate-limited per address in the service.

export const assistantRouter = router({
  quickHelp: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/ai-chat/quick-help', protect: false, tags: ['assistant'], summary: 'Suggested questions for the assistant (at most 3)' } })
    .input(z.void())
    .output(ZQuickHelpResult)
    .query(() => quickHelp()),

  chat: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/ai-chat', protect: false, tags: ['assistant'], summary: 'Ask the help assistant a question about using CaseBridge' } })
    .input(ZAssistantChatInput)
    .output(ZAssistantChatResult)
    .mutation(({ ctx, input }) => answerQuestion(ctx.db, ctx.config, input, { ip: ctx.request.ip })),
});
