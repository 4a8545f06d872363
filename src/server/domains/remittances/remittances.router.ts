import { z } from 'zod';
import { ZAccountView, ZRemittanceList, ZRemittanceView, ZShortfallRequest } from '../../../shared/domain/account-wire';
import { ZRemittanceInput } from '../../../shared/domain/medical-accounts';
import { router, tenantProcedure } from '../../trpc';
import { importRemittanceCsv, ZRemittanceImportInput } from './remittance-import';
import { captureRemittance, decideShortfall, getRemittance, listRemittances } from './remittances.service';

// Remittances (issue 33): billing staff (accounts.manage) capture a scheme's remittance by hand or
// as CSV, and decide each shortfall (to the patient, or written off). Every write audited.

const feature = 'medicalAccounts' as const;
const tags = ['medical-accounts'];
const ZId = z.object({ id: z.string().trim().min(1).max(64) });

export const remittancesRouter = router({
  capture: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'POST', path: '/remittances', tags, summary: "Capture a scheme's remittance: per claimed line the paid amount and reason; each line is paid once (409)" } })
    .input(ZRemittanceInput)
    .output(ZRemittanceView)
    .mutation(({ ctx, input }) => captureRemittance(ctx.db, ctx.actor, input)),

  import: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'POST', path: '/remittances/import', tags, summary: 'Capture a remittance from CSV text: account,line,paid,reason_code,reason (decision 0061)' } })
    .input(ZRemittanceImportInput)
    .output(ZRemittanceView)
    .mutation(({ ctx, input }) => importRemittanceCsv(ctx.db, ctx.actor, input)),

  list: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'GET', path: '/remittances', tags, summary: 'Remittances captured, newest first' } })
    .input(z.object({}).optional())
    .output(ZRemittanceList)
    .query(({ ctx }) => listRemittances(ctx.db, ctx.actor)),

  get: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'GET', path: '/remittances/{id}', tags, summary: 'A remittance with each line it paid' } })
    .input(ZId)
    .output(ZRemittanceView)
    .query(({ ctx, input }) => getRemittance(ctx.db, ctx.actor, input.id)),

  shortfall: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'POST', path: '/account-lines/{id}/shortfall', tags, summary: 'What the scheme did not pay on a rejected or short-paid line: to the patient, or written off (once)' } })
    .input(ZShortfallRequest)
    .output(ZAccountView)
    .mutation(({ ctx, input }) => decideShortfall(ctx.db, ctx.actor, input.id, input.action)),
});
