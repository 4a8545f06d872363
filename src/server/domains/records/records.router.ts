import { z } from 'zod';
import { ZRecentTestResult } from '../../../shared/domain/portal';
import { router, tenantProcedure } from '../../trpc';
import { recentTestResults } from './records.service';

// Staff-facing reads of clinical records. 'records.view' is a staff capability: a Patient reads
// their own records through the portal only.

export const recordsRouter = router({
  recentTestResults: tenantProcedure
    .meta({ capability: 'records.view', openapi: { method: 'GET', path: '/test-results/recent', tags: ['records'], summary: "The organisation's latest test results" } })
    .input(z.void())
    .output(z.array(ZRecentTestResult))
    .query(({ ctx }) => recentTestResults(ctx.db, ctx.actor)),
});
