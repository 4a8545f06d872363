import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../router';
import { router, tenantProcedure } from '../trpc';
import { restPathGroups, variantFor } from './shared-paths';

// One documented path, one procedure per platform (decision 0067): procedures may share a method and
// path only when each names a platform feature and no platform has two of them on; the caller's
// platform picks the procedure.

const report = (feature: 'medicalAccounts' | 'feeNotes' | 'courtCases' | undefined) =>
  tenantProcedure
    .meta({ capability: 'fees.manage', feature, openapi: { method: 'GET', path: '/reports/shared' } })
    .input(z.object({}))
    .output(z.object({ kind: z.string() }))
    .query(() => ({ kind: feature ?? 'none' }));

describe('a REST path shared across platforms', () => {
  it('answers GET /api/reports/aged-debtors with the medical accounts on healthcare and the fee notes on the legal platforms', () => {
    const variants = restPathGroups(appRouter).get('GET /reports/aged-debtors')!;
    expect(variants.map((v) => v.path)).toEqual(['statements.agedDebtors', 'feeReports.agedDebtors']);
    expect(variantFor(variants, 'healthcare').path).toBe('statements.agedDebtors');
    expect(variantFor(variants, 'legal').path).toBe('feeReports.agedDebtors');
    expect(variantFor(variants, 'medicolegal').path).toBe('feeReports.agedDebtors');
    // No platform (signed out, a Super Admin): the first, whose guard answers them.
    expect(variantFor(variants, null).path).toBe('statements.agedDebtors');
  });

  it('refuses a share where a procedure names no feature, or two answer on one platform', () => {
    expect(() => restPathGroups(router({ a: report('medicalAccounts'), b: report(undefined) }))).toThrow(/b must name the platform feature/);
    // Court cases and fee notes are both on the legal platform.
    expect(() => restPathGroups(router({ a: report('feeNotes'), b: report('courtCases') }))).toThrow(/a and b both answer on the legal platform/);
    expect(restPathGroups(router({ a: report('medicalAccounts'), b: report('feeNotes') })).get('GET /reports/shared')).toHaveLength(2);
  });
});
