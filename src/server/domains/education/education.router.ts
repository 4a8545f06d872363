import { z } from 'zod';
import { ZCreateResourceInput, ZListResourcesInput, ZResource, ZUpdateResourceInput } from '../../../shared/domain/education';
import { router, tenantProcedure } from '../../trpc';
import { createResource, listResources, updateResource } from './education.service';

export const educationRouter = router({
  list: tenantProcedure
    .meta({ capability: 'education.view', openapi: { method: 'GET', path: '/educational-resources', tags: ['education'], summary: "The organisation's educational resources, with search and filters" } })
    .input(ZListResourcesInput)
    .output(z.array(ZResource))
    .query(({ ctx, input }) => listResources(ctx.db, ctx.actor, input)),

  create: tenantProcedure
    .meta({ capability: 'education.manage', openapi: { method: 'POST', path: '/educational-resources', tags: ['education'], summary: 'Add an educational resource (Administrator)' } })
    .input(ZCreateResourceInput)
    .output(ZResource)
    .mutation(({ ctx, input }) => createResource(ctx.db, ctx.actor, input)),

  update: tenantProcedure
    .meta({ capability: 'education.manage', openapi: { method: 'PUT', path: '/educational-resources/{id}', tags: ['education'], summary: 'Edit an educational resource (Administrator)' } })
    .input(ZUpdateResourceInput)
    .output(ZResource)
    .mutation(({ ctx, input }) => updateResource(ctx.db, ctx.actor, input)),
});
