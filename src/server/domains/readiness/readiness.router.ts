import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { ZTrialReadiness } from '../../../shared/domain/trial-readiness';
import { router, tenantProcedure } from '../../trpc';
import { getTrialReadiness } from './readiness.service';

// The trial-readiness summary of a case (issue 20). The PDF of the same summary is a plain route
// (readiness-pdf.routes.ts): GET /api/patient-cases/{id}/trial-readiness.pdf.
export const readinessRouter = router({
  get: tenantProcedure
    .meta({
      capability: 'caseFile.view',
      feature: 'courtCases',
      openapi: { method: 'GET', path: '/patient-cases/{id}/trial-readiness', tags: ['trial-readiness'], summary: 'Form 10-style trial readiness: trial date, merits/quantum, experts filed and outstanding per side, open items and deadlines, ready or why not' },
    })
    .input(ZCaseIdInput)
    .output(ZTrialReadiness)
    .query(({ ctx, input }) => getTrialReadiness(ctx.db, ctx.actor, input.id)),
});
