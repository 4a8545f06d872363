import { ZConflictCheckIdInput, ZIntakeConflictCheck, ZResolveConflictHitInput, ZRunConflictCheckInput } from '../../../shared/domain/conflict-checks';
import { router, tenantProcedure } from '../../trpc';
import { getConflictCheck, resolveConflictHit, runConflictCheck } from './conflict-checks.service';

// The conflict check at intake (issue 32, decision 0055): run by whoever opens matters (cases.create),
// on the litigation platforms (legal and medicolegal: the courtCases feature). Every call is audited.
const tags = ['conflict-checks'];
const feature = 'courtCases' as const;

export const conflictChecksRouter = router({
  run: tenantProcedure
    .meta({ capability: 'cases.create', feature, openapi: { method: 'POST', path: '/conflict-checks', tags, summary: 'Conflict check at intake: search the prospective client and the other side (name, SA ID or registration number) in the organisation’s matters; the result is recorded' } })
    .input(ZRunConflictCheckInput)
    .output(ZIntakeConflictCheck)
    .mutation(({ ctx, input }) => runConflictCheck(ctx.db, ctx.actor, input)),

  get: tenantProcedure
    .meta({ capability: 'cases.create', feature, openapi: { method: 'GET', path: '/conflict-checks/{id}', tags, summary: 'A recorded conflict check: the parties searched, the hits (adverse marked, resolutions), who ran it and when, the matter it is attached to' } })
    .input(ZConflictCheckIdInput)
    .output(ZIntakeConflictCheck)
    .query(({ ctx, input }) => getConflictCheck(ctx.db, ctx.actor, input.id)),

  resolve: tenantProcedure
    .meta({ capability: 'cases.create', feature, openapi: { method: 'POST', path: '/conflict-checks/{id}/hits/{hitId}/resolve', tags, summary: 'Resolve an adverse hit with a reason (informed consent obtained, not the same person, not adverse); once (a second time is 409)' } })
    .input(ZResolveConflictHitInput)
    .output(ZIntakeConflictCheck)
    .mutation(({ ctx, input }) => resolveConflictHit(ctx.db, ctx.actor, input)),
});
