import {
  type TResource,
  ZCreateResourceInput,
  ZListResourcesInput,
  ZUpdateResourceInput,
} from '../../../shared/domain/education';
import type { DemoContext } from '../context';
import { notFound } from '../demo-error';
import { demoResources } from '../fixtures/education';
import { type DemoProcedures, procedure } from '../procedure';

function allResources(ctx: DemoContext): TResource[] {
  return ctx.overlay
    .merge('resources', demoResources(ctx.platform, ctx.anchor))
    .sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()) || a.id.localeCompare(b.id));
}

export const educationProcedures = {
  'education.list': procedure({
    input: ZListResourcesInput,
    capability: 'education.view',
    run(ctx, input) {
      const term = input.search?.trim().toLowerCase();
      return allResources(ctx)
        .filter((r) => !input.category || r.category === input.category)
        .filter((r) => !input.type || r.type === input.type)
        .filter((r) => !term || r.title.toLowerCase().includes(term) || (r.description ?? '').toLowerCase().includes(term))
        .slice(0, input.limit);
    },
  }),

  'education.create': procedure({
    input: ZCreateResourceInput,
    capability: 'education.manage',
    run(ctx, input) {
      const now = ctx.nowIso();
      return ctx.overlay.put<TResource>('resources', { id: ctx.newId(), ...input, createdAt: now, updatedAt: now });
    },
  }),

  'education.update': procedure({
    input: ZUpdateResourceInput,
    capability: 'education.manage',
    run(ctx, { id, ...changes }) {
      const current = allResources(ctx).find((r) => r.id === id);
      if (!current) throw notFound('Resource');
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      return ctx.overlay.put<TResource>('resources', { ...current, ...defined, updatedAt: ctx.nowIso() });
    },
  }),
} satisfies Partial<DemoProcedures>;
