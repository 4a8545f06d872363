import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { type OpenApiMeta, forEachOpenApiProcedure } from 'trpc-to-openapi';
import { PLATFORMS, PLATFORM_CONFIG, type TPlatform } from '../../shared/platform';
import type { Meta } from '../trpc';

// One documented /api path answered by one procedure per platform (decision 0067). SPEC §7.3 names
// GET /api/reports/aged-debtors once, and a hospital's debtors (medical accounts) and a law firm's
// (fee notes) are different reports: different capabilities (accounts.manage / fees.manage), rules
// and rows. Each stays its own typed procedure — its capability, feature and output pinned like any
// other — and procedures that declare the same method and path must each name a platform feature,
// no platform having two of them on. The REST adapter answers the path with the procedure of the
// caller's platform; the OpenAPI document lists the path once with the answers of each (openapi.ts).

export interface PathVariant {
  /** The procedure's path in the router ("statements.agedDebtors"). */
  path: string;
  procedure: AnyProcedure;
  meta: Meta & { openapi: NonNullable<OpenApiMeta['openapi']> };
}

/** The procedures of each `METHOD /path`, in the router's order. Throws at start-up on an ambiguous share. */
export function restPathGroups(router: AnyRouter): Map<string, PathVariant[]> {
  const groups = new Map<string, PathVariant[]>();
  forEachOpenApiProcedure(router._def.procedures, ({ path, procedure, meta }) => {
    const key = `${meta.openapi!.method} ${meta.openapi!.path}`;
    groups.set(key, [...(groups.get(key) ?? []), { path, procedure: procedure as AnyProcedure, meta: meta as PathVariant['meta'] }]);
  });
  for (const [key, variants] of groups) {
    if (variants.length < 2) continue;
    const unfeatured = variants.find((v) => !v.meta.feature);
    if (unfeatured)
      throw new Error(`${key} is shared by ${variants.map((v) => v.path).join(', ')}: ${unfeatured.path} must name the platform feature it answers for`);
    for (const platform of PLATFORMS) {
      const on = variants.filter((v) => PLATFORM_CONFIG[platform].features[v.meta.feature!]);
      if (on.length > 1) throw new Error(`${key}: ${on.map((v) => v.path).join(' and ')} both answer on the ${platform} platform`);
    }
  }
  return groups;
}

/** The procedure that answers the caller: the one whose feature their platform has; else the first, whose guard refuses them. */
export function variantFor<V extends Pick<PathVariant, 'meta'>>(variants: readonly V[], platform: TPlatform | string | null | undefined): V {
  const config = variants.length > 1 && platform ? PLATFORM_CONFIG[platform as TPlatform] : undefined;
  return (config && variants.find((v) => config.features[v.meta.feature!])) || variants[0]!;
}
