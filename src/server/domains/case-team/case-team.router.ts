import { ZCaseIdInput } from '../../../shared/domain/cases';
import { ZCaseTeam, ZCaseTeamCandidates, ZPutCaseTeamInput } from '../../../shared/domain/case-team';
import { router, tenantProcedure } from '../../trpc';
import { getCaseTeam, putCaseTeam } from './case-team.service';
import { listTeamCandidates } from './team-candidates.service';

const tags = ['case-team'];

export const caseTeamRouter = router({
  get: tenantProcedure
    .meta({ capability: 'caseFile.view', openapi: { method: 'GET', path: '/patient-cases/{id}/team', tags, summary: 'The team of a case: members and their role on it' } })
    .input(ZCaseIdInput)
    .output(ZCaseTeam)
    .query(({ ctx, input }) => getCaseTeam(ctx.db, ctx.actor, input.id)),

  candidates: tenantProcedure
    .meta({ capability: 'caseFile.write', openapi: { method: 'GET', path: '/patient-cases/{id}/team/candidates', tags, summary: 'Staff who can be put on the team or given a task: names and roles' } })
    .input(ZCaseIdInput)
    .output(ZCaseTeamCandidates)
    .query(({ ctx, input }) => listTeamCandidates(ctx.db, ctx.actor, input.id)),

  put: tenantProcedure
    .meta({ capability: 'caseFile.write', openapi: { method: 'PUT', path: '/patient-cases/{id}/team', tags, summary: 'Replace the team of a case (assign and remove members)' } })
    .input(ZPutCaseTeamInput)
    .output(ZCaseTeam)
    .mutation(({ ctx, input }) => putCaseTeam(ctx.db, ctx.actor, input)),
});
