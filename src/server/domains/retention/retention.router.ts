import { z } from 'zod';
import { ZDeidentifyInput, ZDeidentifyResult, ZRetentionOverview } from '../../../shared/domain/retention';
import { router, tenantProcedure } from '../../trpc';
import { deidentifyCase, retentionOverview } from './retention.service';

const tags = ['retention'];

export const retentionRouter = router({
  overview: tenantProcedure
    .meta({ capability: 'retention.manage', openapi: { method: 'GET', path: '/retention/cases', tags, summary: 'The retention period, closed cases still held, and those past it that may be de-identified' } })
    .input(z.void())
    .output(ZRetentionOverview)
    .query(({ ctx }) => retentionOverview(ctx.db, ctx.actor, ctx.config.RETENTION_YEARS)),

  deidentify: tenantProcedure
    .meta({ capability: 'retention.manage', openapi: { method: 'POST', path: '/patient-cases/{id}/de-identify', tags, summary: 'De-identify a closed case past its retention period (409 before it)' } })
    .input(ZDeidentifyInput)
    .output(ZDeidentifyResult)
    .mutation(({ ctx, input }) => deidentifyCase(ctx.db, ctx.actor, input.id, ctx.config.RETENTION_YEARS)),
});
