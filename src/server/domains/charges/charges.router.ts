import { ZCharge, ZChargeList, ZCorrectChargeInput, ZRecordChargeInput, ZVoidChargeInput } from '../../../shared/billing-codes/charge-inputs';
import { ZCaseIdInput } from '../../../shared/domain/cases';
import { router, tenantProcedure } from '../../trpc';
import { correctCharge, listCharges, recordCharge, voidCharge } from './charges.service';

// Charges on the case (issue 33): clinicians record them (charges.record), anyone who reads records
// sees them, billing staff (accounts.manage) correct the authorisation number before submission.
// Healthcare only (the medicalAccounts feature); every write is audited by the tRPC middleware.

const feature = 'medicalAccounts' as const;
const tags = ['charges'];

export const chargesRouter = router({
  list: tenantProcedure
    .meta({ capability: 'records.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/charges', tags, summary: "The case's charges, newest service date first, with the account each is on" } })
    .input(ZCaseIdInput)
    .output(ZChargeList)
    .query(({ ctx, input }) => listCharges(ctx.db, ctx.actor, input.id)),

  record: tenantProcedure
    .meta({ capability: 'charges.record', feature, openapi: { method: 'POST', path: '/patient-cases/{id}/charges', tags, summary: 'Record a charge (tariff or NAPPI code, ICD-10 codes); priced from the list, VAT for a registered vendor' } })
    .input(ZRecordChargeInput)
    .output(ZCharge)
    .mutation(({ ctx, input }) => recordCharge(ctx.db, ctx.actor, input)),

  void: tenantProcedure
    .meta({ capability: 'charges.record', feature, openapi: { method: 'POST', path: '/charges/{id}/void', tags, summary: 'Void a charge not on an account (kept, with the reason); 409 once billed' } })
    .input(ZVoidChargeInput)
    .output(ZCharge)
    .mutation(({ ctx, input }) => voidCharge(ctx.db, ctx.actor, input)),

  correct: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'PATCH', path: '/charges/{id}', tags, summary: "Correct a charge's authorisation number while unbilled or its line is a draft (409 otherwise)" } })
    .input(ZCorrectChargeInput)
    .output(ZCharge)
    .mutation(({ ctx, input }) => correctCharge(ctx.db, ctx.actor, input)),
});
