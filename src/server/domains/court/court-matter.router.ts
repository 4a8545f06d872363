import { ZCourtMatter, ZCourtMatterAnswer, ZPutCourtMatterInput } from '../../../shared/domain/court-matters';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { router, tenantProcedure } from '../../trpc';
import { getCourtMatter, putCourtMatter } from './court-matter.service';

// GET/PUT /api/patient-cases/{id}/court-matter (issue 20): the court matter of a legal or
// medicolegal case; the platform flag courtCases decides.

const tags = ['court-matters'];

export const courtMatterRouter = router({
  get: tenantProcedure
    .meta({ capability: 'caseFile.view', feature: 'courtCases', openapi: { method: 'GET', path: '/patient-cases/{id}/court-matter', tags, summary: 'The court matter of a case (court, division, case number, claim, stage, parties cited), or null' } })
    .input(ZCaseIdInput)
    .output(ZCourtMatterAnswer)
    .query(({ ctx, input }) => getCourtMatter(ctx.db, ctx.actor, input.id)),

  put: tenantProcedure
    .meta({ capability: 'caseFile.write', feature: 'courtCases', openapi: { method: 'PUT', path: '/patient-cases/{id}/court-matter', tags, summary: 'Record or replace the court matter (expectedVersion once it exists: a stale one is 409)' } })
    .input(ZPutCourtMatterInput)
    .output(ZCourtMatter)
    .mutation(({ ctx, input }) => putCourtMatter(ctx.db, ctx.actor, input)),
});
