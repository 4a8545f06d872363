import { ZCaseDeadline, ZCaseDeadlineList, ZMarkDeadlineInput, ZUpcomingDeadlineList, ZUpcomingDeadlinesInput } from '../../../shared/domain/case-deadlines';
import { ZDeadlinePreview, ZDeadlinePreviewInput, ZDeadlineRuleSummary } from '../../../shared/domain/deadlines';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { computeDeadline, listDeadlineRules } from '../../../shared/deadlines/deadline-engine';
import { authedProcedure, router, tenantProcedure } from '../../trpc';
import { z } from 'zod';
import { listCaseDeadlines, listUpcomingDeadlines, readCaseDeadline } from './case-deadlines.service';
import { markDeadline } from './deadline-outcomes.service';

// The South African deadline rules (issue 20) as a calculator: a rule and its trigger date give the
// due date and how it was counted. Pure arithmetic over public law and the holiday table — no
// organisation's data — so any signed-in caller may use it, the Super Admin included.
// forCase and upcoming read the deadlines computed for the organisation's cases (case_deadlines):
// case data, so caseFile.view on a platform with court cases. mark (issue 32) records that a deadline
// was met or does not apply: caseFile.write, the case opened first.
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
  forCase: tenantProcedure
    .meta({ capability: 'caseFile.view', feature: 'courtCases', openapi: { method: 'GET', path: '/patient-cases/{id}/deadlines', tags: ['deadlines'], summary: "The case's deadlines computed from South African rules, each with its task" } })
    .input(ZCaseIdInput)
    .output(ZCaseDeadlineList)
    .query(({ ctx, input }) => listCaseDeadlines(ctx.db, ctx.actor, input.id)),
  upcoming: tenantProcedure
    .meta({ capability: 'caseFile.view', feature: 'courtCases', openapi: { method: 'GET', path: '/deadlines/upcoming', tags: ['deadlines'], summary: "The organisation's deadlines due from today through the next days (default 7), on cases the caller may read" } })
    .input(ZUpcomingDeadlinesInput)
    .output(ZUpcomingDeadlineList)
    .query(({ ctx, input }) => listUpcomingDeadlines(ctx.db, ctx.actor, input)),
  mark: tenantProcedure
    .meta({ capability: 'caseFile.write', feature: 'courtCases', openapi: { method: 'PATCH', path: '/deadlines/{id}', tags: ['deadlines'], summary: 'Mark a deadline met (on a day, default today) or not applicable (with a reason); a second mark amends the first' } })
    .input(ZMarkDeadlineInput)
    .output(ZCaseDeadline)
    .mutation(({ ctx, input }) => markDeadline(ctx.db, ctx.actor, input, (caseId, id) => readCaseDeadline(ctx.db, ctx.actor, caseId, id))),
});
