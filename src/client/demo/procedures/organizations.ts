import { z } from 'zod';
import {
  type TOrganization,
  ZCreateOrganizationInput,
  ZUpdateOrganizationInput,
} from '../../../shared/domain/organizations';
import { ZListUsersInput } from '../../../shared/domain/users';
import { displayName } from '../fixtures/people';
import { addDays } from '../../../shared/calendar';
import { type DemoContext, toMember } from '../context';
import { notFound } from '../demo-error';
import { demoOrganizations, slugOf } from '../fixtures/organizations';
import { type DemoProcedures, procedure } from '../procedure';

const ZId = z.object({ id: z.string().min(1).max(64) });

function allOrganizations(ctx: DemoContext): TOrganization[] {
  // As the server: active ones first, then by name.
  return ctx.overlay
    .merge('organizations', demoOrganizations(ctx.anchor))
    .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export function homeOrganization(ctx: DemoContext): TOrganization {
  const home = allOrganizations(ctx).find((o) => o.id === ctx.organizationId);
  if (!home) throw notFound('Organization');
  // The member count is the demo team the visitor sees on the Users list.
  return { ...home, memberCount: ctx.members.filter((m) => m.role !== 'Patient').length };
}

function findOrganization(ctx: DemoContext, id: string): TOrganization {
  const found = id === ctx.organizationId ? homeOrganization(ctx) : allOrganizations(ctx).find((o) => o.id === id);
  if (!found) throw notFound('Organization');
  return found;
}

function uniqueSlug(ctx: DemoContext, name: string): string {
  const base = slugOf(name);
  const taken = new Set(allOrganizations(ctx).map((o) => o.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export const organizationsProcedures = {
  'organizations.list': procedure({
    input: null,
    capability: 'organizations.manage',
    run: (ctx) => allOrganizations(ctx).map((o) => (o.id === ctx.organizationId ? homeOrganization(ctx) : o)),
  }),

  'organizations.current': procedure({ input: null, run: (ctx) => homeOrganization(ctx) }),

  'organizations.create': procedure({
    input: ZCreateOrganizationInput,
    capability: 'organizations.manage',
    run(ctx, input) {
      const now = ctx.nowIso();
      return ctx.overlay.put<TOrganization>('organizations', {
        id: ctx.newId(),
        slug: uniqueSlug(ctx, input.name),
        ...input,
        isActive: true,
        plan: 'trial',
        trialEndsAt: addDays(new Date(now), 30).toISOString(),
        memberCount: 0,
        createdAt: now,
        updatedAt: now,
      });
    },
  }),

  'organizations.update': procedure({
    input: ZUpdateOrganizationInput,
    capability: 'organizations.manage',
    run(ctx, { id, ...changes }) {
      const current = findOrganization(ctx, id);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      return ctx.overlay.put<TOrganization>('organizations', { ...current, ...defined, updatedAt: ctx.nowIso() });
    },
  }),

  // SPEC §4: delete is presented as deactivation.
  'organizations.deactivate': procedure({
    input: ZId,
    capability: 'organizations.manage',
    run: (ctx, { id }) => ctx.overlay.put('organizations', { ...findOrganization(ctx, id), isActive: false, updatedAt: ctx.nowIso() }),
  }),

  'users.list': procedure({
    input: ZListUsersInput,
    capability: 'users.view',
    run: (ctx, input) =>
      ctx.members
        .filter((m) => !input?.role || m.role === input.role)
        .map((m) => toMember(ctx, m))
        .sort((a, b) => a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName)),
  }),

  // As the server: active staff by name, no Patients; names and roles only.
  'users.directory': procedure({
    input: z.void(),
    capability: 'messages.use',
    run: (ctx) => ({
      items: ctx.members
        .filter((m) => m.role !== 'Patient')
        .map((m) => ({ userId: m.id, name: displayName(m), role: m.role as string }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId)),
    }),
  }),
} satisfies Partial<DemoProcedures>;
