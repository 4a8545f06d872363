import { z } from 'zod';
import { ZAccountList, ZAccountListInput, ZAccountView, ZCreateAccountRequest, ZValidationResult } from '../../../shared/domain/account-wire';
import { router, tenantProcedure } from '../../trpc';
import { createAccount, getAccount, listAccounts, validateAccountById } from './accounts.service';

// Accounts (issue 33): the Administrator and the Case Manager (accounts.manage) turn a case's
// unbilled charges into an account and check it before it is claimed. Healthcare only; every write
// audited by the tRPC middleware; a restricted case's accounts only with need to know.

const feature = 'medicalAccounts' as const;
const tags = ['medical-accounts'];
const ZId = z.object({ id: z.string().trim().min(1).max(64) });

export const accountsRouter = router({
  create: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'POST', path: '/patient-cases/{id}/accounts', tags, summary: "Bill the case's unbilled charges as an account numbered in the practice's series; 409 when a charge is already billed" } })
    .input(ZCreateAccountRequest)
    .output(ZAccountView)
    .mutation(({ ctx, input }) => createAccount(ctx.db, ctx.actor, input)),

  get: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'GET', path: '/accounts/{id}', tags, summary: 'An account with its lines (codes, status, what the scheme paid, shortfall decisions), payments and balance' } })
    .input(ZId)
    .output(ZAccountView)
    .query(({ ctx, input }) => getAccount(ctx.db, ctx.actor, input.id)),

  list: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'GET', path: '/accounts', tags, summary: "The organisation's accounts, newest first, by stage (draft, open, settled) or case" } })
    .input(ZAccountListInput)
    .output(ZAccountList)
    .query(({ ctx, input }) => listAccounts(ctx.db, ctx.actor, input)),

  validation: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'GET', path: '/accounts/{id}/validation', tags, summary: 'Every reason a scheme would reject the draft lines: missing ICD-10, member details, authorisation, practitioner number, late service date' } })
    .input(ZId)
    .output(ZValidationResult)
    .query(({ ctx, input }) => validateAccountById(ctx.db, ctx.actor, input.id)),
});
