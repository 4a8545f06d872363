import { z } from 'zod';
import { zCents, zDay } from './litigation-common';

// The trust account of a law firm (issue 34, decision 0065; Legal Practice Act s86–s87, LPC rule 54).
// Money held for a client on a matter: receipts into trust, payments out, transfers to the business
// account against a fee note, investments under s86(3) (the firm's own accord, interest to the
// Fidelity Fund) and s86(4) (the client's instruction, interest to the client less 5% to the Fund),
// and the monthly reconciliation of the trust creditors against the bank (rule 54.15.1). Entries are
// append-only; a correction is a reversing entry. Money is integer cents; wire values are kebab-case.

const ZId = z.string().trim().min(1).max(64);
const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);
const positiveCents = (label: string) => zCents(label).refine((v) => v > 0, `${label} must be more than zero`);

/** A month of the books, 'YYYY-MM'. */
export const zMonth = z
  .string({ error: 'Month is required' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM');

/** The last day of a month 'YYYY-MM' as 'YYYY-MM-DD'. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

export const TRUST_ENTRY_KINDS = {
  receipt: 'Receipt into trust',
  payment: 'Payment from trust',
  transfer: 'Transfer to business',
  investment: 'Invested',
  withdrawal: 'Investment withdrawn',
  interest: 'Interest',
  'fund-share': 'Fidelity Fund share of interest',
  reversal: 'Reversal',
} as const;
export const ZTrustEntryKind = z.enum(['receipt', 'payment', 'transfer', 'investment', 'withdrawal', 'interest', 'fund-share', 'reversal']);
export type TTrustEntryKind = z.infer<typeof ZTrustEntryKind>;
/** Which ledger an entry is in: the client's trust bank ledger (s86(2)), or an investment's sub-ledger. */
export type TTrustAccount = 'bank' | 'investment';

export const INVESTMENT_SECTIONS = {
  '86(3)': 's86(3) — surplus trust money invested by the firm (interest to the Fidelity Fund)',
  '86(4)': "s86(4) — invested on the client's instruction (interest to the client, 5% to the Fidelity Fund)",
} as const;
export const ZInvestmentSection = z.enum(['86(3)', '86(4)'], { error: 'Section must be "86(3)" or "86(4)"' });
export type TInvestmentSection = z.infer<typeof ZInvestmentSection>;

/** s86(5)(b): 5% of the interest on an s86(4) investment goes to the Fund. */
export const FUND_SHARE_PERCENT = 5;

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────

export const ZTrustReceiptRequest = z.object({
  caseId: ZId,
  date: zDay('Date'),
  amountCents: positiveCents('Amount'),
  reference: text('Reference', 120),
  from: text('Received from', 200),
});
export type TTrustReceiptRequest = z.infer<typeof ZTrustReceiptRequest>;

export const ZTrustPaymentRequest = z.object({
  caseId: ZId,
  date: zDay('Date'),
  amountCents: positiveCents('Amount'),
  payee: text('Payee', 200),
  reference: text('Reference', 120),
});
export type TTrustPaymentRequest = z.infer<typeof ZTrustPaymentRequest>;

export const ZTrustTransferRequest = z.object({
  caseId: ZId,
  feeNoteId: ZId,
  amountCents: positiveCents('Amount'),
  date: zDay('Date'),
});
export type TTrustTransferRequest = z.infer<typeof ZTrustTransferRequest>;

export const ZTrustReversalRequest = z.object({ id: ZId, reason: text('Reason', 300), date: zDay('Date') });
export type TTrustReversalRequest = z.infer<typeof ZTrustReversalRequest>;

export const ZInvestmentRequest = z.object({
  caseId: ZId,
  section: ZInvestmentSection,
  amountCents: positiveCents('Amount'),
  institution: text('Institution', 120),
  date: zDay('Date'),
});
export type TInvestmentRequest = z.infer<typeof ZInvestmentRequest>;

export const ZInterestRequest = z.object({ id: ZId, amountCents: positiveCents('Interest'), date: zDay('Date') });
export type TInterestRequest = z.infer<typeof ZInterestRequest>;
export const ZWithdrawalRequest = z.object({ id: ZId, date: zDay('Date') });
export type TWithdrawalRequest = z.infer<typeof ZWithdrawalRequest>;

export const ZTrustLedgerQuery = z.object({ caseId: ZId });

// ── Views ────────────────────────────────────────────────────────────────────────────────────────

export const ZTrustEntry = z.object({
  id: z.string(),
  /** The entry's number in the firm's trust series. */
  number: z.number(),
  date: z.string(),
  kind: ZTrustEntryKind,
  /** Into the ledger (+) or out of it (−). */
  amountCents: z.number(),
  /** The ledger's balance after this entry. */
  balanceCents: z.number(),
  reference: z.string(),
  /** Who paid it in, or who was paid. */
  counterparty: z.string().nullable(),
  feeNoteId: z.string().nullable(),
  feeNoteNumber: z.number().nullable(),
  reversesId: z.string().nullable(),
  /** Reversed by a later entry. */
  reversed: z.boolean(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TTrustEntry = z.infer<typeof ZTrustEntry>;

export const ZInvestment = z.object({
  id: z.string(),
  caseId: z.string(),
  section: ZInvestmentSection,
  institution: z.string(),
  openedOn: z.string(),
  principalCents: z.number(),
  /** What the investment holds for the client now (principal and the client's interest). */
  balanceCents: z.number(),
  interestCents: z.number(),
  fundShareCents: z.number(),
  closedOn: z.string().nullable(),
  entries: z.array(ZTrustEntry),
});
export type TInvestment = z.infer<typeof ZInvestment>;

export const ZTrustLedger = z.object({
  caseId: z.string(),
  caseReference: z.string().nullable(),
  client: z.string(),
  /** The trust bank ledger of the matter (s86(2)). */
  entries: z.array(ZTrustEntry),
  /** Held in the trust bank account for this client: what a payment or transfer may use. */
  balanceCents: z.number(),
  /** Held in the client's investments. */
  investedCents: z.number(),
  /** The client's credit as a trust creditor: the bank balance and the investments. */
  totalCents: z.number(),
  investments: z.array(ZInvestment),
});
export type TTrustLedger = z.infer<typeof ZTrustLedger>;

export const ZInterestSplit = z.object({
  investmentId: z.string(),
  section: ZInvestmentSection,
  interestCents: z.number(),
  /** Credited to the client's investment (s86(4): 95%; s86(3): nothing). */
  clientCents: z.number(),
  /** To the Legal Practitioners' Fidelity Fund (s86(4): 5%; s86(3): all of it). */
  fundCents: z.number(),
  balanceCents: z.number(),
});
export type TInterestSplit = z.infer<typeof ZInterestSplit>;

// ── The monthly reconciliation (rule 54.15.1) ────────────────────────────────────────────────────

export const ZReconciliationInput = z.object({
  bankBalanceCents: zCents('Bank balance'),
  notes: z.string().trim().max(2000, 'Notes are at most 2000 characters').optional(),
});
export const ZReconciliationRequest = z.object({ month: zMonth, ...ZReconciliationInput.shape });
export type TReconciliationRequest = z.infer<typeof ZReconciliationRequest>;
export const ZMonthQuery = z.object({ month: zMonth });

export const ZTrustCreditor = z.object({
  caseId: z.string(),
  caseReference: z.string().nullable(),
  client: z.string(),
  trustBankCents: z.number(),
  investedCents: z.number(),
  /** The client's credit as a trust creditor at the month's end. */
  balanceCents: z.number(),
});
export const ZReconciliation = z.object({
  month: z.string(),
  asAt: z.string(),
  creditors: z.array(ZTrustCreditor),
  creditorsTotalCents: z.number(),
  /** The trust bank balance by the firm's own ledger (the cash book). */
  ledgerBankCents: z.number(),
  /** From the bank statement, entered by Finance; null until entered. */
  bankBalanceCents: z.number().nullable(),
  investmentsCents: z.number(),
  /** Bank statement + investments − trust creditors; null until the bank balance is entered. */
  differenceCents: z.number().nullable(),
  notes: z.string().nullable(),
  /** Rule 54.14.9: no trust creditor in debit. */
  debitBalances: z.number(),
  signedOff: z.boolean(),
  signedOffBy: z.string().nullable(),
  signedOffAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TReconciliation = z.infer<typeof ZReconciliation>;
