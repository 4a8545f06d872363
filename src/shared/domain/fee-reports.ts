import { z } from 'zod';
import { ZAgeingView } from './account-wire';
import { ZFeeNoteStatus } from './fee-notes';
import { zCents, zDay } from './litigation-common';
import { ZBankDetails } from './medical-accounts';

// The fee reports of the legal platforms (issue 34, decision 0067): work in progress by matter and fee
// earner, fee-note debtors by age, fees billed against each fee earner's target, and a client's
// statement. Firm-wide money: Finance Staff and the Director (fees.manage). Every REST path of a report
// answers JSON, or CSV with ?format=csv (the REST adapter renders it; tRPC callers ignore `format`).

const ZId = z.string().trim().min(1).max(64);
/** ?format=csv on the REST path answers the report as CSV (rest-routes.ts); JSON otherwise. */
const ZFormat = z.enum(['json', 'csv']).optional();
/** The largest `limit` rows on screen; the CSV has every row and the totals always count every row. */
const ZLimit = z.coerce.number().int().min(1).max(1000).default(100);

// ── Work in progress ─────────────────────────────────────────────────────────────────────────────

export const ZWipReportInput = z.object({ format: ZFormat, limit: ZLimit }).default({ limit: 100 });
export type TWipReportInput = z.infer<typeof ZWipReportInput>;

/** One matter × fee earner: their stopped, unbilled time; the matter's unbilled disbursements on a row of their own (no fee earner). */
export const ZWipReportRow = z.object({
  caseId: z.string(),
  caseReference: z.string().nullable(),
  client: z.string(),
  /** Null on the row of the matter's disbursements: a disbursement is the matter's, not a fee earner's. */
  feeEarnerId: z.string().nullable(),
  feeEarner: z.string().nullable(),
  /** Hours × the rate in force when the work was done, exclusive of VAT. */
  timeCents: z.number(),
  minutes: z.number(),
  /** Exclusive of VAT. */
  disbursementsCents: z.number(),
  /** The date of the oldest unbilled item on the row (YYYY-MM-DD, Johannesburg). */
  oldestDate: z.string(),
});
export type TWipReportRow = z.infer<typeof ZWipReportRow>;
export const ZWipMatter = ZWipReportRow.omit({ feeEarnerId: true, feeEarner: true }).extend({ totalCents: z.number() });
export const ZWipFeeEarner = z.object({
  feeEarnerId: z.string(),
  feeEarner: z.string(),
  matters: z.number(),
  timeCents: z.number(),
  minutes: z.number(),
  oldestDate: z.string(),
});
export const ZWipTotals = z.object({ matters: z.number(), timeCents: z.number(), minutes: z.number(), disbursementsCents: z.number(), totalCents: z.number() });

export const ZWipReport = z.object({
  asOf: z.string(),
  /** The matters with work in progress, largest first: the first `limit` of them (CSV: every one). */
  byMatter: z.array(ZWipMatter),
  /** The matter × fee earner rows of the matters in `byMatter`. */
  rows: z.array(ZWipReportRow),
  /** Every fee earner with unbilled time, most first. */
  byFeeEarner: z.array(ZWipFeeEarner),
  /** Of every matter, shown or not. */
  totals: ZWipTotals,
});
export type TWipReport = z.infer<typeof ZWipReport>;

// ── Aged debtors (fee notes) ─────────────────────────────────────────────────────────────────────

export const ZFeeDebtorsInput = z.object({ format: ZFormat, limit: ZLimit }).default({ limit: 100 });
export type TFeeDebtorsInput = z.infer<typeof ZFeeDebtorsInput>;

export const ZFeeDebtorRow = ZAgeingView.extend({
  /** The client's person record; null for a client billed by name only (a matter with no person). */
  clientId: z.string().nullable(),
  client: z.string(),
  /** Issued fee notes with something still owing. */
  feeNotes: z.number(),
  totalCents: z.number(),
});
export type TFeeDebtorRow = z.infer<typeof ZFeeDebtorRow>;
export const ZFeeDebtorTotals = ZAgeingView.extend({ totalCents: z.number() });

/**
 * GET /api/reports/aged-debtors on a legal platform (and a medicolegal organisation that acts for
 * claimants): what each client owes on issued fee notes (total less receipts net of reversals; a
 * credited fee note owes nothing), by the fee note's issue date — current (under 30 days), 30, 60, 90,
 * 120+. A healthcare organisation gets its medical accounts' report (ZAgedDebtors) at the same path.
 */
export const ZFeeDebtors = z.object({
  asOf: z.string(),
  /** How many clients owe; `rows` holds the largest `limit` of them, the CSV every one. */
  debtors: z.number(),
  rows: z.array(ZFeeDebtorRow),
  totals: ZFeeDebtorTotals,
});
export type TFeeDebtors = z.infer<typeof ZFeeDebtors>;

// ── Fees billed against target, per fee earner ───────────────────────────────────────────────────

const ZPeriod = z.object({ from: zDay('From').optional(), to: zDay('To').optional(), format: ZFormat });
const inOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
/** The period, both days included; default this month (a missing end: the month of the other). */
export const ZFeesByFeeEarnerInput = ZPeriod.refine(inOrder, { message: 'From must be on or before To', path: ['to'] }).default({});
export type TFeesByFeeEarnerInput = z.infer<typeof ZFeesByFeeEarnerInput>;

export const ZFeeEarnerFees = z.object({
  feeEarnerId: z.string(),
  feeEarner: z.string(),
  monthlyTargetCents: z.number().nullable(),
  /** The monthly target × the months of the period (a part month by its days); null without a target. */
  targetCents: z.number().nullable(),
  /** Fee and fixed-fee lines (exclusive of VAT) of fee notes issued in the period. */
  billedCents: z.number(),
  /** The same lines of fee notes whose credit note is dated in the period. */
  creditedCents: z.number(),
  /** Billed less credited: what is measured against the target. */
  netBilledCents: z.number(),
  /** Net billed as a percentage of the target, one decimal; null without a target (or a zero one). */
  targetPercent: z.number().nullable(),
  /** Stopped time started in the period, and its value at the rates of the day. */
  recordedMinutes: z.number(),
  recordedCents: z.number(),
  /** Minutes on fee lines issued in the period, less those credited in it. */
  billedMinutes: z.number(),
});
export type TFeeEarnerFees = z.infer<typeof ZFeeEarnerFees>;

export const ZFeesByFeeEarner = z.object({
  from: z.string(),
  to: z.string(),
  /** The months of the period: whole months count 1, a part month its days over the month's days. */
  months: z.number(),
  rows: z.array(ZFeeEarnerFees),
  totals: ZFeeEarnerFees.omit({ feeEarnerId: true, feeEarner: true, monthlyTargetCents: true }).extend({ targetCents: z.number() }),
});
export type TFeesByFeeEarner = z.infer<typeof ZFeesByFeeEarner>;

// ── Fee targets ──────────────────────────────────────────────────────────────────────────────────

/** A monthly target in cents (exclusive of VAT); null removes it. */
export const ZFeeTargetInput = z.object({ monthlyTargetCents: zCents('Monthly target').nullable() });
export const ZSetFeeTargetRequest = z.object({ userId: ZId, ...ZFeeTargetInput.shape });
export type TSetFeeTargetRequest = z.infer<typeof ZSetFeeTargetRequest>;
export const ZFeeTarget = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.string(),
  monthlyTargetCents: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type TFeeTarget = z.infer<typeof ZFeeTarget>;
export const ZFeeTargetList = z.object({ items: z.array(ZFeeTarget) });

// ── A client's statement ─────────────────────────────────────────────────────────────────────────

export const ZFeeStatementInput = z.object({ personId: ZId });
export const FEE_STATEMENT_ENTRY_KINDS = { 'fee-note': 'Fee note', receipt: 'Receipt', reversal: 'Receipt reversed', 'credit-note': 'Credit note' } as const;
export const ZFeeStatementEntryKind = z.enum(['fee-note', 'receipt', 'reversal', 'credit-note']);
export type TFeeStatementEntryKind = z.infer<typeof ZFeeStatementEntryKind>;

export const ZFeeStatementEntry = z.object({
  date: z.string(),
  kind: ZFeeStatementEntryKind,
  feeNoteId: z.string(),
  feeNoteNumber: z.number().nullable(),
  caseReference: z.string().nullable(),
  /** "Fee note 12", "Receipt 7", "Credit note 2". */
  reference: z.string(),
  debitCents: z.number(),
  creditCents: z.number(),
  /** What the client owes after this entry. */
  balanceCents: z.number(),
});
export type TFeeStatementEntry = z.infer<typeof ZFeeStatementEntry>;

export const ZFeeStatementNote = z.object({
  id: z.string(),
  number: z.number().nullable(),
  caseId: z.string(),
  caseReference: z.string().nullable(),
  issuedOn: z.string().nullable(),
  status: ZFeeNoteStatus,
  totalCents: z.number(),
  paidCents: z.number(),
  owingCents: z.number(),
});

/** GET /api/fee-statements/{personId}: every issued (or credited) fee note of the client, with the running balance and its age. */
export const ZFeeStatement = z.object({
  asOf: z.string(),
  firm: z.object({ name: z.string(), address: z.string().nullable(), vatNumber: z.string().nullable(), bankDetails: ZBankDetails.nullable() }),
  client: z.object({ personId: z.string(), name: z.string(), address: z.string().nullable(), vatNumber: z.string().nullable() }),
  feeNotes: z.array(ZFeeStatementNote),
  /** By date: each fee note, receipt, reversal and credit note, with the balance after it. */
  entries: z.array(ZFeeStatementEntry),
  /** What is owing, by the issue date of the fee note that owes it. */
  ageing: ZAgeingView,
  balanceCents: z.number(),
});
export type TFeeStatement = z.infer<typeof ZFeeStatement>;
