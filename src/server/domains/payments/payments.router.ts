import { ZAccountPayment, ZPaymentRequest, ZReversePaymentInput } from '../../../shared/domain/account-wire';
import { router, tenantProcedure } from '../../trpc';
import { recordPayment, reversePayment } from './payments.service';

// Patient payments (issue 33): billing staff (accounts.manage) take cash, card or EFT against an
// account, each with a receipt number; a payment taken in error is reversed, never edited.

const feature = 'medicalAccounts' as const;
const tags = ['medical-accounts'];

export const paymentsRouter = router({
  record: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'POST', path: '/accounts/{id}/payments', tags, summary: 'A patient payment (cash, card, EFT) with its receipt number; never more than the patient owes (400)' } })
    .input(ZPaymentRequest)
    .output(ZAccountPayment)
    .mutation(({ ctx, input }) => recordPayment(ctx.db, ctx.actor, input)),

  reverse: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'POST', path: '/payments/{id}/reverse', tags, summary: 'Reverse a payment taken in error: a negative row with its own receipt number (once)' } })
    .input(ZReversePaymentInput)
    .output(ZAccountPayment)
    .mutation(({ ctx, input }) => reversePayment(ctx.db, ctx.actor, input.id)),
});
