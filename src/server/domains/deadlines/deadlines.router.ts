import { ZDeadlinePreview, ZDeadlinePreviewInput, ZDeadlineRuleSummary } from '../../../shared/domain/deadlines';
import { computeDeadline, listDeadlineRules } from '../../../shared/deadlines/deadline-engine';
import { authedProcedure, router } from '../../trpc';
import { z } from 'zod';

// The South African deadline rules (issue 20) as a calculator: a rule and its trigger date give the
// due date and how it was counted. Pure arithmetic over public law and the holiday table — no
// organisation's data — so any signed-in caller may use it, the Super Admin included.
export const deadlinesRouter = router({
  preview: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/deadlines/preview', tags: ['deadlines'], summary: 'The due date a South African deadline rule gives for a trigger date, with the count explained' } })
    .input(ZDeadlinePreviewInput)
    .output(ZDeadlinePreview)
    .query(({ input }) => computeDeadline(input.rule, input.trigger)),
  rules: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/deadlines/rules', tags: ['deadlines'], summary: 'The deadline rules the preview knows, with their sources and counting' } })
    .output(z.object({ items: z.array(ZDeadlineRuleSummary) }))
    .query(() => ({ items: listDeadlineRules() })),
});
