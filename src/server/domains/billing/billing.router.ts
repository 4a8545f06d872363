import { z } from 'zod';
import { ZBillingStatement, ZBillingStatementInput, ZBillingSummary } from '../../../shared/domain/billing';
import { router, tenantProcedure } from '../../trpc';
import { billingStatement, billingSummary } from './billing.service';

// Billing is for Administrators and Finance Staff (billing.view). The CSV download is built in the
// browser from billing.statement (src/shared/domain/billing.ts statementCsv): the same figures as
// the table by construction, and it works in demo mode, where there is no server.
const tags = ['billing'];

export const billingRouter = router({
  summary: tenantProcedure
    .meta({ capability: 'billing.view', openapi: { method: 'GET', path: '/billing', tags, summary: "The organisation's plan or trial and its users" } })
    .input(z.void())
    .output(ZBillingSummary)
    .query(({ ctx }) => billingSummary(ctx.db, ctx.actor)),

  statement: tenantProcedure
    .meta({ capability: 'billing.view', openapi: { method: 'GET', path: '/billing/statement', tags, summary: 'Hours and cost per role for a month (YYYY-MM, SAST; default this month)' } })
    .input(ZBillingStatementInput)
    .output(ZBillingStatement)
    .query(({ ctx, input }) => billingStatement(ctx.db, ctx.actor, input)),
});
