import { type TCrmIntegration, ZCreateCrmIntegrationInput, ZUpdateCrmIntegrationInput } from '../../../shared/domain/crm';
import type { DemoContext } from '../context';
import { conflict, notFound } from '../demo-error';
import { demoIntegrations } from '../fixtures/crm';
import { type DemoProcedures, procedure } from '../procedure';

function allIntegrations(ctx: DemoContext): TCrmIntegration[] {
  return ctx.overlay.merge('crm', demoIntegrations(ctx.platform, ctx.anchor)).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export const crmProcedures = {
  'crm.list': procedure({ input: null, capability: 'crm.view', run: (ctx) => allIntegrations(ctx) }),

  'crm.create': procedure({
    input: ZCreateCrmIntegrationInput,
    capability: 'crm.manage',
    run(ctx, input) {
      if (allIntegrations(ctx).some((i) => i.name.toLowerCase() === input.name.toLowerCase())) {
        throw conflict(`An integration named ${input.name} already exists`, { name: 'An integration with this name already exists' });
      }
      const now = ctx.nowIso();
      return ctx.overlay.put<TCrmIntegration>('crm', {
        id: ctx.newId(), name: input.name, status: 'disconnected', lastSync: null, configuration: input.configuration, createdAt: now, updatedAt: now,
      });
    },
  }),

  'crm.update': procedure({
    input: ZUpdateCrmIntegrationInput,
    capability: 'crm.manage',
    run(ctx, input) {
      const current = allIntegrations(ctx).find((i) => i.id === input.id);
      if (!current) throw notFound('CRM integration');
      // SPEC §4, as the server: Connect and Force Sync stamp lastSync with our own clock.
      const now = ctx.nowIso();
      const stampsSync = input.status === 'connected' || input.status === 'syncing';
      return ctx.overlay.put('crm', { ...current, status: input.status, updatedAt: now, ...(stampsSync ? { lastSync: now } : {}) });
    },
  }),
} satisfies Partial<DemoProcedures>;
