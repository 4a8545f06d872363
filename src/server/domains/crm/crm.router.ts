import { z } from 'zod';
import { ZCreateCrmIntegrationInput, ZCrmIntegration, ZUpdateCrmIntegrationInput } from '../../../shared/domain/crm';
import { router, tenantProcedure } from '../../trpc';
import { createIntegration, listIntegrations, updateIntegrationStatus } from './crm.service';

export const crmRouter = router({
  list: tenantProcedure
    .meta({ capability: 'crm.view', openapi: { method: 'GET', path: '/crm-integrations', tags: ['crm'], summary: "The organisation's CRM integrations" } })
    .input(z.void())
    .output(z.array(ZCrmIntegration))
    .query(({ ctx }) => listIntegrations(ctx.db, ctx.actor)),

  create: tenantProcedure
    .meta({ capability: 'crm.manage', openapi: { method: 'POST', path: '/crm-integrations', tags: ['crm'], summary: 'Add a CRM integration' } })
    .input(ZCreateCrmIntegrationInput)
    .output(ZCrmIntegration)
    .mutation(({ ctx, input }) => createIntegration(ctx.db, ctx.actor, input)),

  update: tenantProcedure
    .meta({ capability: 'crm.manage', openapi: { method: 'PATCH', path: '/crm-integrations/{id}', tags: ['crm'], summary: 'Change the status of a CRM integration (connect, disconnect, mark error, force sync) or its configuration (secrets left out or blank are kept)' } })
    .input(ZUpdateCrmIntegrationInput)
    .output(ZCrmIntegration)
    .mutation(({ ctx, input }) => updateIntegrationStatus(ctx.db, ctx.actor, input)),
});
