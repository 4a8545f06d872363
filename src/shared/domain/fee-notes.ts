import { z } from 'zod';
import { zCents, zDay } from './litigation-common';
import { ZBankDetails, ZVatNumber } from './medical-accounts';

// Getting paid on the legal platforms (issue 34, decision 0063): disbursements on a matter, fee notes
// from unbilled time and disbursements (pro-forma → numbered tax invoice → credit note), business
// receipts. Money is integer cents; VAT is 15% per line, rounded half up (money/vat.ts), and only
// when the firm is a registered vendor. Wire values are lowercase kebab-case ids; labels live here.

const ZId = z.string().trim().min(1).max(64);
const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);
const positiveCents = (label: string) => zCents(label).refine((v) => v > 0, `${label} must be more than zero`);

// ── The firm's billing details ───────────────────────────────────────────────────────────────────

export const ZFeeSettingsInput = z.object({
  vatNumber: ZVatNumber,
  bankDetails: ZBankDetails.nullish(),
  /** Medicolegal only: the organisation acts for claimants and bills them (a State unit bills nobody). */
  actsForClaimants: z.boolean().optional(),
});
export type TFeeSettingsInput = z.infer<typeof ZFeeSettingsInput>;
export const ZFeeSettings = z.object({
  firmName: z.string(),
  address: z.string().nullable(),
  vatNumber: z.string().nullable(),
  bankDetails: ZBankDetails.nullable(),
  /** VAT is charged only by a registered vendor (a VAT number is set). */
  registeredVendor: z.boolean(),
  actsForClaimants: z.boolean(),
  /** Whether this organisation bills at all: the legal platform always; the medicolegal one when it acts for claimants. */
  bills: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TFeeSettings = z.infer<typeof ZFeeSettings>;

// ── Disbursements ────────────────────────────────────────────────────────────────────────────────

export const ZDisbursementInput = z.object({
  date: zDay('Date'),
  description: text('Description', 300),
  /** Exclusive of VAT. */
  amountCents: positiveCents('Amount'),
  vatable: z.boolean({ error: 'Say whether VAT applies (vatable: true or false)' }),
});
export const ZCreateDisbursementRequest = z.object({ id: ZId, ...ZDisbursementInput.shape });
export type TCreateDisbursementRequest = z.infer<typeof ZCreateDisbursementRequest>;
export const ZDisbursement = z.object({
  id: z.string(),
  caseId: z.string(),
  date: z.string(),
  description: z.string(),
  amountCents: z.number(),
  vatable: z.boolean(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
  /** The live fee note it is billed on; null while unbilled (work in progress). */
  feeNoteId: z.string().nullable(),
});
export type TDisbursement = z.infer<typeof ZDisbursement>;

// ── Work in progress ─────────────────────────────────────────────────────────────────────────────

export const ZWipTimeEntry = z.object({
  id: z.string(),
  date: z.string(),
  feeEarnerId: z.string(),
  feeEarner: z.string(),
  description: z.string(),
  minutes: z.number(),
  rateCents: z.number(),
  amountCents: z.number(),
});
export const ZWip = z.object({
  timeEntries: z.array(ZWipTimeEntry),
  disbursements: z.array(ZDisbursement),
  feesCents: z.number(),
  disbursementsCents: z.number(),
});
export type TWip = z.infer<typeof ZWip>;

// ── Fee notes ────────────────────────────────────────────────────────────────────────────────────

export const FEE_NOTE_STATUSES = { 'pro-forma': 'Pro-forma', issued: 'Tax invoice', credited: 'Credited' } as const;
export const ZFeeNoteStatus = z.enum(['pro-forma', 'issued', 'credited']);
export type TFeeNoteStatus = z.infer<typeof ZFeeNoteStatus>;
export const FEE_LINE_KINDS = { fee: 'Fee', 'fixed-fee': 'Fixed fee', disbursement: 'Disbursement' } as const;
export const ZFeeLineKind = z.enum(['fee', 'fixed-fee', 'disbursement']);
export type TFeeLineKind = z.infer<typeof ZFeeLineKind>;

export const ZFixedFeeInput = z.object({ date: zDay('Date'), description: text('Description', 300), amountCents: positiveCents('Amount') });
const ZFeeNoteItems = z.object({
  timeEntryIds: z.array(ZId).max(500).optional(),
  disbursementIds: z.array(ZId).max(500).optional(),
  /** Agreed fees that are not hours × rate (a fixed fee for drafting, an appearance). */
  fixedFees: z.array(ZFixedFeeInput).max(50).optional(),
  /** A pro-forma has no number and no accounting effect until it is issued. */
  proForma: z.boolean().optional(),
});
const someWork = (v: z.infer<typeof ZFeeNoteItems>) => (v.timeEntryIds?.length ?? 0) + (v.disbursementIds?.length ?? 0) + (v.fixedFees?.length ?? 0) > 0;
const SOME_WORK = { message: 'Choose at least one time entry, disbursement or fixed fee', path: ['timeEntryIds'] };
export const ZCreateFeeNoteInput = ZFeeNoteItems.refine(someWork, SOME_WORK);
export const ZCreateFeeNoteRequest = z.object({ id: ZId, ...ZFeeNoteItems.shape }).refine(someWork, SOME_WORK);
export type TCreateFeeNoteRequest = z.infer<typeof ZCreateFeeNoteRequest>;

export const ZFeeNoteLine = z.object({
  id: z.string(),
  position: z.number(),
  kind: ZFeeLineKind,
  timeEntryId: z.string().nullable(),
  disbursementId: z.string().nullable(),
  date: z.string(),
  description: z.string(),
  feeEarner: z.string().nullable(),
  minutes: z.number().nullable(),
  rateCents: z.number().nullable(),
  /** Exclusive of VAT. */
  amountCents: z.number(),
  vatCents: z.number(),
});
export type TFeeNoteLine = z.infer<typeof ZFeeNoteLine>;

export const RECEIPT_METHODS = { cash: 'Cash', card: 'Card', eft: 'EFT', trust: 'Transfer from trust' } as const;
export const ZReceiptMethod = z.enum(['cash', 'card', 'eft', 'trust']);
export const ZFeeNoteReceipt = z.object({
  id: z.string(),
  receiptNumber: z.number(),
  amountCents: z.number(),
  method: ZReceiptMethod,
  date: z.string(),
  reversesId: z.string().nullable(),
  receivedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TFeeNoteReceipt = z.infer<typeof ZFeeNoteReceipt>;

export const ZFeeNote = z.object({
  id: z.string(),
  caseId: z.string(),
  caseReference: z.string().nullable(),
  /** The tax invoice number; null on a pro-forma. */
  number: z.number().nullable(),
  status: ZFeeNoteStatus,
  client: z.object({ name: z.string(), address: z.string().nullable(), vatNumber: z.string().nullable() }),
  firm: z.object({ name: z.string(), address: z.string().nullable(), vatNumber: z.string().nullable() }),
  issuedOn: z.string().nullable(),
  subtotalCents: z.number(),
  vatCents: z.number(),
  totalCents: z.number(),
  /** Receipts net of reversals (transfers from trust included). */
  paidCents: z.number(),
  /** What the client still owes on it: 0 on a pro-forma or a credited fee note. */
  owingCents: z.number(),
  lines: z.array(ZFeeNoteLine),
  receipts: z.array(ZFeeNoteReceipt),
  creditNote: z.object({ number: z.number(), date: z.string(), reason: z.string() }).nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TFeeNote = z.infer<typeof ZFeeNote>;
export const ZFeeNoteList = z.object({ items: z.array(ZFeeNote) });

export const ZCreditNoteInput = z.object({ reason: text('Reason', 500), date: zDay('Date').optional() });
export const ZCreditNoteRequest = z.object({ id: ZId, ...ZCreditNoteInput.shape });
export const ZIssueFeeNoteRequest = z.object({ id: ZId, date: zDay('Date').optional() });

export const ZFeeReceiptInput = z.object({
  amountCents: positiveCents('Amount'),
  date: zDay('Receipt date'),
  method: z.enum(['cash', 'card', 'eft'], { error: 'Choose cash, card or eft' }),
});
export const ZFeeReceiptRequest = z.object({ id: ZId, ...ZFeeReceiptInput.shape });
export type TFeeReceiptRequest = z.infer<typeof ZFeeReceiptRequest>;
