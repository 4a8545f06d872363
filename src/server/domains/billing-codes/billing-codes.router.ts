import { z } from 'zod';
import { ZBillingCodeSearch } from '../../../shared/domain/medical-accounts';
import { router, tenantProcedure } from '../../trpc';
import { searchBillingCodeList } from './billing-codes.service';

// The practice's tariff and NAPPI lists (issue 33). Search is for anyone who reads records (the
// charge form); the imports are multipart uploads beside this router (billing-codes.routes.ts).

const feature = 'medicalAccounts' as const;
const tags = ['billing-codes'];
const ZResult = z.object({ items: z.array(z.object({ code: z.string(), description: z.string(), priceCents: z.number() })) });

export const billingCodesRouter = router({
  tariffs: tenantProcedure
    .meta({ capability: 'records.view', feature, openapi: { method: 'GET', path: '/tariff-codes', tags, summary: "Search the organisation's tariff codes by code prefix or words, with the list price" } })
    .input(ZBillingCodeSearch)
    .output(ZResult)
    .query(({ ctx, input }) => searchBillingCodeList(ctx.db, ctx.actor, 'tariff', input.q)),

  nappi: tenantProcedure
    .meta({ capability: 'records.view', feature, openapi: { method: 'GET', path: '/nappi-codes', tags, summary: "Search the organisation's NAPPI codes by code prefix or words, with the list price" } })
    .input(ZBillingCodeSearch)
    .output(ZResult)
    .query(({ ctx, input }) => searchBillingCodeList(ctx.db, ctx.actor, 'nappi', input.q)),
});
