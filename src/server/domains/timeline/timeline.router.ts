import { ZTimelineInput, ZTimelinePage } from '../../../shared/domain/case-timeline';
import { router, tenantProcedure } from '../../trpc';
import { listCaseTimeline } from './timeline.service';

const tags = ['case-timeline'];

export const timelineRouter = router({
  list: tenantProcedure
    .meta({ capability: 'caseFile.view', openapi: { method: 'GET', path: '/patient-cases/{id}/timeline', tags, summary: 'What happened to a case, newest first (keyset pages)' } })
    .input(ZTimelineInput)
    .output(ZTimelinePage)
    .query(({ ctx, input }) => listCaseTimeline(ctx.db, ctx.actor, input)),
});
