import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { ZCreateExpertInput, ZExpert, ZExpertList, ZUpdateExpertInput } from '../../../shared/domain/experts';
import { router, tenantProcedure } from '../../trpc';
import { createExpert, listExperts, updateExpert } from './experts.service';

// Expert witnesses of a case (issue 20), where the platform has expert witnesses (SPEC §3.6).
const tags = ['experts'];
const feature = 'expertWitness' as const;

export const expertsRouter = router({
  list: tenantProcedure
    .meta({ capability: 'caseFile.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/experts', tags, summary: "The case's expert witnesses, both sides, with milestones and their Rule 36(9) due dates" } })
    .input(ZCaseIdInput)
    .output(ZExpertList)
    .query(({ ctx, input }) => listExperts(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'caseFile.write', feature, openapi: { method: 'POST', path: '/patient-cases/{id}/experts', tags, summary: 'Add an expert witness (a person of the registry) for our side or the opposing one' } })
    .input(ZCreateExpertInput)
    .output(ZExpert)
    .mutation(({ ctx, input }) => createExpert(ctx.db, ctx.actor, input)),

  update: tenantProcedure
    .meta({ capability: 'caseFile.write', feature, openapi: { method: 'PATCH', path: '/experts/{id}', tags, summary: "Change an expert: milestones as dates, discipline, registration, side, fee (with the version seen; stale → 409)" } })
    .input(ZUpdateExpertInput)
    .output(ZExpert)
    .mutation(({ ctx, input }) => updateExpert(ctx.db, ctx.actor, input)),
});
