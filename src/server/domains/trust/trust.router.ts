import {
  ZInterestRequest,
  ZInterestSplit,
  ZInvestment,
  ZInvestmentRequest,
  ZMonthQuery,
  ZReconciliation,
  ZReconciliationRequest,
  ZTrustLedger,
  ZTrustLedgerQuery,
  ZTrustPaymentRequest,
  ZTrustReceiptRequest,
  ZTrustReversalRequest,
  ZTrustTransferRequest,
  ZWithdrawalRequest,
} from '../../../shared/domain/trust';
import { router, tenantProcedure } from '../../trpc';
import { creditInterest, investTrustMoney, withdrawInvestment } from './trust-investments.service';
import { trustLedger } from './trust-ledger';
import { payFromTrust, receiveIntoTrust, reverseTrustEntry, transferToBusiness } from './trust-moves.service';
import { getReconciliation, saveReconciliation, signOffReconciliation } from './trust-reconciliation.service';

// The trust account (issue 34, decision 0065): only Finance Staff and the Director move trust money
// and reconcile (trust.manage); a fee-earner reads the ledgers of the matters they work on (fees.view,
// the team rule in the service).

const feature = 'feeNotes' as const;
const tags = ['trust'];
const capability = 'trust.manage' as const;

export const trustRouter = router({
  ledger: tenantProcedure
    .meta({ capability: 'fees.view', feature, openapi: { method: 'GET', path: '/trust/ledger', tags, summary: "A matter's trust ledger with running balances, and its investments' sub-ledgers (?caseId=)" } })
    .input(ZTrustLedgerQuery)
    .output(ZTrustLedger)
    .query(({ ctx, input }) => trustLedger(ctx.db, ctx.actor, input.caseId)),

  receive: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'POST', path: '/trust/receipts', tags, summary: 'Money received into trust for a client on a matter' } })
    .input(ZTrustReceiptRequest)
    .output(ZTrustLedger)
    .mutation(({ ctx, input }) => receiveIntoTrust(ctx.db, ctx.actor, input)),

  pay: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'POST', path: '/trust/payments', tags, summary: "A payment out of trust for a client; one that would put the client's trust balance in debit is 409" } })
    .input(ZTrustPaymentRequest)
    .output(ZTrustLedger)
    .mutation(({ ctx, input }) => payFromTrust(ctx.db, ctx.actor, input)),

  transfer: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'POST', path: '/trust/transfers', tags, summary: 'Trust to business against a fee note of the matter: never more than the trust balance or what the fee note owes (409)' } })
    .input(ZTrustTransferRequest)
    .output(ZTrustLedger)
    .mutation(({ ctx, input }) => transferToBusiness(ctx.db, ctx.actor, input)),

  reverse: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'POST', path: '/trust/entries/{id}/reverse', tags, summary: 'Reverse a receipt, payment or transfer recorded in error: a reversing entry (once)' } })
    .input(ZTrustReversalRequest)
    .output(ZTrustLedger)
    .mutation(({ ctx, input }) => reverseTrustEntry(ctx.db, ctx.actor, input)),

  invest: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'POST', path: '/trust/investments', tags, summary: 'Invest trust money of a matter under s86(3) or s86(4), with its own sub-ledger' } })
    .input(ZInvestmentRequest)
    .output(ZInvestment)
    .mutation(({ ctx, input }) => investTrustMoney(ctx.db, ctx.actor, input)),

  creditInterest: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'POST', path: '/trust/investments/{id}/interest', tags, summary: 'Interest on an investment, split per s86(5): s86(4) to the client less 5% to the Fidelity Fund; s86(3) to the Fund' } })
    .input(ZInterestRequest)
    .output(ZInterestSplit)
    .mutation(({ ctx, input }) => creditInterest(ctx.db, ctx.actor, input)),

  withdraw: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'POST', path: '/trust/investments/{id}/withdraw', tags, summary: "Withdraw an investment whole into the matter's trust balance" } })
    .input(ZWithdrawalRequest)
    .output(ZInvestment)
    .mutation(({ ctx, input }) => withdrawInvestment(ctx.db, ctx.actor, input)),

  reconciliation: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'GET', path: '/trust/reconciliations/{month}', tags, summary: "The month's trust creditors against the bank statement and investments (rule 54.15.1)" } })
    .input(ZMonthQuery)
    .output(ZReconciliation)
    .query(({ ctx, input }) => getReconciliation(ctx.db, ctx.actor, input.month)),

  saveReconciliation: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'PUT', path: '/trust/reconciliations/{month}', tags, summary: "Enter the trust bank balance from the month's statement, and notes explaining any difference" } })
    .input(ZReconciliationRequest)
    .output(ZReconciliation)
    .mutation(({ ctx, input }) => saveReconciliation(ctx.db, ctx.actor, input)),

  signOff: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'POST', path: '/trust/reconciliations/{month}/sign-off', tags, summary: 'Sign the month off (refused while a difference is unexplained); it is then closed to back-dated entries' } })
    .input(ZMonthQuery)
    .output(ZReconciliation)
    .mutation(({ ctx, input }) => signOffReconciliation(ctx.db, ctx.actor, input.month)),
});
