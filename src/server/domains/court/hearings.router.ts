import { ZCreateHearingInput, ZHearing, ZHearingList, ZUpdateHearingInput } from '../../../shared/domain/hearings';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { router, tenantProcedure } from '../../trpc';
import { createHearing, listHearings, updateHearing } from './hearings.service';

// GET/POST /api/patient-cases/{id}/hearings, PATCH /api/hearings/{id} (issue 20). They also show on
// the schedule (GET /api/appointments) and the legal dashboards' court schedule.

const tags = ['hearings'];

export const hearingsRouter = router({
  list: tenantProcedure
    .meta({ capability: 'caseFile.view', feature: 'courtCases', openapi: { method: 'GET', path: '/patient-cases/{id}/hearings', tags, summary: 'Hearings of a case, soonest first' } })
    .input(ZCaseIdInput)
    .output(ZHearingList)
    .query(({ ctx, input }) => listHearings(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'caseFile.write', feature: 'courtCases', openapi: { method: 'POST', path: '/patient-cases/{id}/hearings', tags, summary: 'Set down a hearing (trial, judicial case management, pre-trial, motion, mediation)' } })
    .input(ZCreateHearingInput)
    .output(ZHearing)
    .mutation(({ ctx, input }) => createHearing(ctx.db, ctx.actor, input)),

  update: tenantProcedure
    .meta({ capability: 'caseFile.write', feature: 'courtCases', openapi: { method: 'PATCH', path: '/hearings/{id}', tags, summary: 'Record an outcome or move a hearing (expectedVersion: a stale one is 409)' } })
    .input(ZUpdateHearingInput)
    .output(ZHearing)
    .mutation(({ ctx, input }) => updateHearing(ctx.db, ctx.actor, input)),
});
