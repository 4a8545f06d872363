import { z } from 'zod';
import { ZPlatformOverview } from '../../../shared/domain/platform-overview';
import { authedProcedure, router } from '../../trpc';
import { getPlatformOverview } from './platform-overview.service';

// authedProcedure, not tenantProcedure: the Super Admin who reads this belongs to no organisation,
// and the figures span all of them. 'organizations.manage' is held by Super Admin only.

export const platformRouter = router({
  overview: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'GET', path: '/platform/overview', tags: ['platform'], summary: 'Platform-wide figures and lists for the Super Admin dashboard' } })
    .input(z.void())
    .output(ZPlatformOverview)
    .query(({ ctx }) => getPlatformOverview(ctx.db, ctx.actor)),
});
