import { z } from 'zod';
import { ZAccountView, ZClaimBatch, ZClaimList, ZClaimView, ZCreateClaimRequest, ZReverseLineInput } from '../../../shared/domain/account-wire';
import { router, tenantProcedure } from '../../trpc';
import { exportClaim, getClaim, listClaims, reverseLine, submitClaim } from './claims.service';

// Claims (issue 33): billing staff (accounts.manage) send scheme accounts' draft lines to the switch
// as a batch, read what it answered, export the batch as sent, and reverse a line sent in error.

const feature = 'medicalAccounts' as const;
const tags = ['medical-accounts'];
const ZId = z.object({ id: z.string().trim().min(1).max(64) });

export const claimsRouter = router({
  create: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'POST', path: '/claims', tags, summary: "Claim the accounts' draft lines from their scheme as one batch through the switch (CLAIM_SWITCH_URL, else the outbox folder)" } })
    .input(ZCreateClaimRequest)
    .output(ZClaimView)
    .mutation(({ ctx, input }) => submitClaim(ctx.db, ctx.config, ctx.actor, input.accountIds)),

  get: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'GET', path: '/claims/{id}', tags, summary: 'A claim batch with each line and what the switch answered' } })
    .input(ZId)
    .output(ZClaimView)
    .query(({ ctx, input }) => getClaim(ctx.db, ctx.actor, input.id)),

  list: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'GET', path: '/claims', tags, summary: "The practice's claim batches, newest first" } })
    .input(z.object({}).optional())
    .output(ZClaimList)
    .query(({ ctx }) => listClaims(ctx.db, ctx.actor)),

  export: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'GET', path: '/claims/{id}/export', tags, summary: 'The batch exactly as sent, in the casebridge-claim/1 format (decision 0061)' } })
    .input(ZId)
    .output(ZClaimBatch)
    .query(({ ctx, input }) => exportClaim(ctx.db, ctx.actor, input.id)),

  reverseLine: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'POST', path: '/account-lines/{id}/reverse', tags, summary: 'Reverse a line sent in error (before the scheme pays): it owes nothing and its charge may be billed again' } })
    .input(ZReverseLineInput)
    .output(ZAccountView)
    .mutation(({ ctx, input }) => reverseLine(ctx.db, ctx.actor, input.id, input.reason)),
});
