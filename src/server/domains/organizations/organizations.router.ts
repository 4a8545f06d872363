import { z } from 'zod';
import { ZCreateOrganizationInput, ZOrganization, ZUpdateOrganizationInput } from '../../../shared/domain/organizations';
import { authedProcedure, router, tenantProcedure } from '../../trpc';
import {
  createOrganization,
  deactivateOrganization,
  getOwnOrganization,
  listOrganizations,
  updateOrganization,
} from './organizations.service';

const ZId = z.object({ id: z.string().min(1).max(64) });

export const organizationsRouter = router({
  list: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'GET', path: '/organizations', tags: ['organizations'], summary: 'All organisations (Super Admin)' } })
    .input(z.void())
    .output(z.array(ZOrganization))
    .query(({ ctx }) => listOrganizations(ctx.db, ctx.actor)),

  create: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'POST', path: '/organizations', tags: ['organizations'], summary: 'Create an organisation (Super Admin)' } })
    .input(ZCreateOrganizationInput)
    .output(ZOrganization)
    .mutation(({ ctx, input }) => createOrganization(ctx.db, ctx.actor, input)),

  update: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'PUT', path: '/organizations/{id}', tags: ['organizations'], summary: 'Update an organisation (Super Admin)' } })
    .input(ZUpdateOrganizationInput)
    .output(ZOrganization)
    .mutation(({ ctx, input }) => updateOrganization(ctx.db, ctx.actor, input)),

  deactivate: authedProcedure
    .meta({ capability: 'organizations.manage', openapi: { method: 'DELETE', path: '/organizations/{id}', tags: ['organizations'], summary: 'Deactivate an organisation (Super Admin)' } })
    .input(ZId)
    .output(ZOrganization)
    .mutation(({ ctx, input }) => deactivateOrganization(ctx.db, ctx.actor, input.id)),

  /** The caller's own organisation; tRPC only. */
  current: tenantProcedure
    .input(z.void()).output(ZOrganization).query(({ ctx }) => getOwnOrganization(ctx.db, ctx.actor)),
});
