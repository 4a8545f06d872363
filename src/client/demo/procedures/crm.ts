import { type TCrmIntegration, ZCreateCrmIntegrationInput, ZUpdateCrmIntegrationInput } from '../../../shared/domain/crm';
import { mergeConfiguration, redactConfiguration } from '../../../shared/domain/crm-secrets';
import { can } from '../../../shared/roles';
import type { DemoContext } from '../context';
import { conflict, notFound } from '../demo-error';
import { demoIntegrations } from '../fixtures/crm';
import { type DemoProcedures, procedure } from '../procedure';

// As the server: the stored rows (fixtures and this session's writes) keep their secrets; every
// answer drops them, and shows whether each is set only to those who hold crm.manage.

function storedIntegrations(ctx: DemoContext): TCrmIntegration[] {
  return ctx.overlay.merge('crm', demoIntegrations(ctx.platform, ctx.anchor)).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

function shown(ctx: DemoContext, stored: TCrmIntegration): TCrmIntegration {
  const { secretsSet: _stored, ...rest } = stored;
  const { configuration, secretsSet } = redactConfiguration(stored.configuration);
  return { ...rest, configuration, ...(can(ctx.identity, 'crm.manage') ? { secretsSet } : {}) };
}

export const crmProcedures = {
  'crm.list': procedure({ input: null, capability: 'crm.view', run: (ctx) => storedIntegrations(ctx).map((i) => shown(ctx, i)) }),

  'crm.create': procedure({
    input: ZCreateCrmIntegrationInput,
    capability: 'crm.manage',
    run(ctx, input) {
      if (storedIntegrations(ctx).some((i) => i.name.toLowerCase() === input.name.toLowerCase())) {
        throw conflict(`An integration named ${input.name} already exists`, { name: 'An integration with this name already exists' });
      }
      const now = ctx.nowIso();
      const created = ctx.overlay.put<TCrmIntegration>('crm', {
        id: ctx.newId(), name: input.name, status: 'disconnected', lastSync: null, configuration: mergeConfiguration({}, input.configuration), createdAt: now, updatedAt: now,
      });
      return shown(ctx, created);
    },
  }),

  'crm.update': procedure({
    input: ZUpdateCrmIntegrationInput,
    capability: 'crm.manage',
    run(ctx, input) {
      const current = storedIntegrations(ctx).find((i) => i.id === input.id);
      if (!current) throw notFound('CRM integration');
      // SPEC §4, as the server: Connect and Force Sync stamp lastSync with our own clock.
      const now = ctx.nowIso();
      const stampsSync = input.status === 'connected' || input.status === 'syncing';
      const updated = ctx.overlay.put('crm', {
        ...current,
        ...(input.status ? { status: input.status } : {}),
        ...(input.configuration ? { configuration: mergeConfiguration(current.configuration, input.configuration) } : {}),
        updatedAt: now,
        ...(stampsSync ? { lastSync: now } : {}),
      });
      return shown(ctx, updated);
    },
  }),
} satisfies Partial<DemoProcedures>;
