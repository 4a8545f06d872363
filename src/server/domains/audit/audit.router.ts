import { ZAccessReport, ZAccessReportInput, ZAuditActors, ZAuditActorsInput, ZAuditListInput, ZAuditPage } from '../../../shared/domain/audit';
import { authedProcedure, router } from '../../trpc';
import { accessReport, listAuditActors, listAuditEvents } from './audit.service';

const tags = ['audit'];

// authedProcedure, not tenantProcedure: a Super Admin (no organisation) reads every organisation's trail.
export const auditRouter = router({
  list: authedProcedure
    .meta({ capability: 'audit.view', openapi: { method: 'GET', path: '/audit-events', tags, summary: 'The audit trail, newest first: filters by person, entity, action and SAST dates; pages' } })
    .input(ZAuditListInput)
    .output(ZAuditPage)
    .query(({ ctx, input }) => listAuditEvents(ctx.db, ctx.actor, input)),

  actors: authedProcedure
    .meta({ capability: 'audit.view', openapi: { method: 'GET', path: '/audit-events/people', tags, summary: 'Everyone who appears in the trail (for the person filter)' } })
    .input(ZAuditActorsInput)
    .output(ZAuditActors)
    .query(({ ctx, input }) => listAuditActors(ctx.db, ctx.actor, input.organizationId)),

  accessReport: authedProcedure
    .meta({ capability: 'audit.view', openapi: { method: 'GET', path: '/patient-cases/{caseId}/access-report', tags, summary: 'POPIA s23: everyone who read or changed one case, and when' } })
    .input(ZAccessReportInput)
    .output(ZAccessReport)
    .query(({ ctx, input }) => accessReport(ctx.db, ctx.actor, input.caseId)),
});
