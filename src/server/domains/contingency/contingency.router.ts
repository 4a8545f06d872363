import { z } from 'zod';
import {
  ZContingencyAgreement,
  ZContingencyAgreementView,
  ZContingencyFee,
  ZContingencyFeeRequest,
  ZSaveContingencyAgreementRequest,
} from '../../../shared/domain/contingency';
import { router, tenantProcedure } from '../../trpc';
import { contingencyFeeOf, getContingencyAgreement, saveContingencyAgreement } from './contingency.service';

// Contingency-fee agreements (issue 34, decision 0066): the matter's fee-earners and Finance record
// and amend the agreement (fees.record) and read it and work out the success fee (fees.view); the
// service keeps both to the matter's team unless one bills (fees.manage), and to firms that act for claimants.

const feature = 'feeNotes' as const;
const tags = ['contingency-fees'];

export const contingencyRouter = router({
  get: tenantProcedure
    .meta({
      capability: 'fees.view',
      feature,
      openapi: {
        method: 'GET',
        path: '/patient-cases/{id}/contingency-agreement',
        tags,
        summary: "The matter's contingency-fee agreement in force (null when none) and every earlier version",
      },
    })
    .input(z.object({ id: z.string().trim().min(1).max(64) }))
    .output(ZContingencyAgreementView)
    .query(({ ctx, input }) => getContingencyAgreement(ctx.db, ctx.actor, input.id)),

  save: tenantProcedure
    .meta({
      capability: 'fees.record',
      feature,
      openapi: {
        method: 'PUT',
        path: '/patient-cases/{id}/contingency-agreement',
        tags,
        summary: 'Record the contingency-fee agreement, or amend it as a new version (uplift at most 100%, the s3 checklist); a stale version is 409',
      },
    })
    .input(ZSaveContingencyAgreementRequest)
    .output(ZContingencyAgreement)
    .mutation(({ ctx, input }) => saveContingencyAgreement(ctx.db, ctx.actor, input)),

  fee: tenantProcedure
    .meta({
      capability: 'fees.view',
      feature,
      openapi: {
        method: 'GET',
        path: '/patient-cases/{id}/contingency-fee',
        tags,
        summary:
          'The success fee on an award (costs excluded): the lesser of the uplifted normal fees and 25% of the award, VAT included in the 25%; 409 without an agreement',
      },
    })
    .input(ZContingencyFeeRequest)
    .output(ZContingencyFee)
    .query(({ ctx, input }) => contingencyFeeOf(ctx.db, ctx.actor, input)),
});
