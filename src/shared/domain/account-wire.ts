import { z } from 'zod';
import { zDay } from './litigation-common';
import { ZCoverKind, ZPaymentInput, ZShortfallInput } from './medical-accounts';

// The wire shapes of accounts, claims, remittances, payments, statements and the aged-debtors report
// (issue 33, decision 0061): the typed procedures' outputs and inputs with ids from the path. The
// rules (validation, VAT, ageing) live in medical-accounts.ts, account-validation.ts and vat.ts.

const ZId = z.string().trim().min(1).max(64);
export const ZLineStatus = z.enum(['draft', 'submitted', 'accepted', 'rejected', 'paid', 'short-paid', 'written-off', 'reversed']);
export const ZPayer = z.enum(['scheme', 'patient']);
export const ZPaymentMethod = z.enum(['cash', 'card', 'eft']);
const ZShortfallAction = z.enum(['patient', 'write-off']);

// ── Accounts ─────────────────────────────────────────────────────────────────────────────────────

export const ZAccountLine = z.object({
  id: z.string(),
  chargeId: z.string(),
  position: z.number(),
  serviceDate: z.string(),
  codeList: z.enum(['tariff', 'nappi']),
  code: z.string(),
  description: z.string(),
  quantity: z.number(),
  icd10Codes: z.array(z.string()),
  modifier: z.string().nullable(),
  authorisationNumber: z.string().nullable(),
  pmb: z.boolean(),
  treatingPractitioner: z.string().nullable(),
  amountCents: z.number(),
  vatCents: z.number(),
  status: ZLineStatus,
  statusReason: z.string().nullable(),
  claimId: z.string().nullable(),
  /** What the scheme paid on the line by remittance (0 until remitted). */
  schemePaidCents: z.number(),
  /** The decision on what the scheme did not pay, once taken. */
  shortfall: z.object({ action: ZShortfallAction, amountCents: z.number() }).nullable(),
});
export type TAccountLineView = z.infer<typeof ZAccountLine>;

export const ZAccountPayment = z.object({
  id: z.string(),
  accountId: z.string(),
  receiptNumber: z.number(),
  amountCents: z.number(),
  method: ZPaymentMethod,
  date: z.string(),
  /** A reversing row names the payment it reverses (its amount is negative). */
  reversesId: z.string().nullable(),
  /** The reversing row of this payment, when it was reversed. */
  reversedById: z.string().nullable(),
  receivedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TAccountPayment = z.infer<typeof ZAccountPayment>;

export const ZAccountCover = z.object({
  kind: ZCoverKind,
  scheme: z.string().nullable(),
  plan: z.string().nullable(),
  option: z.string().nullable(),
  membershipNumber: z.string().nullable(),
  dependantCode: z.string().nullable(),
});

export const ZAccountView = z.object({
  id: z.string(),
  number: z.number(),
  caseId: z.string(),
  caseReference: z.string().nullable(),
  payer: ZPayer,
  accountDate: z.string(),
  personId: z.string().nullable(),
  personName: z.string(),
  holderId: z.string().nullable(),
  holderName: z.string().nullable(),
  /** The patient's cover as it is now (what a claim is sent with). */
  cover: ZAccountCover.nullable(),
  totalCents: z.number(),
  vatCents: z.number(),
  schemePaidCents: z.number(),
  writtenOffCents: z.number(),
  /** What the patient owes before their payments: patient-payer lines and shortfalls moved to them. */
  patientDueCents: z.number(),
  patientPaidCents: z.number(),
  balanceCents: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(ZAccountLine),
  payments: z.array(ZAccountPayment),
});
export type TAccountView = z.infer<typeof ZAccountView>;

/** POST /api/patient-cases/{id}/accounts. The payer defaults from the patient's cover. */
export const ZCreateAccountRequest = z.object({
  id: ZId,
  chargeIds: z.array(ZId, { error: 'Choose the charges to bill' }).min(1, 'Choose at least one charge').max(200, 'At most 200 charges on an account'),
  payer: ZPayer.optional(),
});
export type TCreateAccountRequest = z.infer<typeof ZCreateAccountRequest>;

export const ACCOUNT_STAGES = { draft: 'Not yet claimed', open: 'Awaiting payment', settled: 'Settled' } as const;
export type TAccountStage = keyof typeof ACCOUNT_STAGES;

export const ZAccountSummary = z.object({
  id: z.string(),
  number: z.number(),
  caseId: z.string(),
  caseReference: z.string().nullable(),
  personName: z.string(),
  holderId: z.string().nullable(),
  holderName: z.string().nullable(),
  payer: ZPayer,
  scheme: z.string().nullable(),
  accountDate: z.string(),
  totalCents: z.number(),
  balanceCents: z.number(),
  lineCount: z.number(),
  draftLines: z.number(),
  /** Lines rejected or short-paid whose remainder awaits a decision (patient or write-off). */
  awaitingDecision: z.number(),
  stage: z.enum(['draft', 'open', 'settled']),
});
export type TAccountSummary = z.infer<typeof ZAccountSummary>;
export const ZAccountListInput = z.object({
  stage: z.enum(['draft', 'open', 'settled']).optional(),
  caseId: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const ZAccountList = z.object({ items: z.array(ZAccountSummary) });
export type TAccountList = z.infer<typeof ZAccountList>;

export const ZValidationResult = z.object({
  problems: z.array(z.object({ lineId: z.string().optional(), field: z.string(), message: z.string() })),
});
export type TValidationResult = z.infer<typeof ZValidationResult>;

// ── Claims ───────────────────────────────────────────────────────────────────────────────────────

export const ZClaimStatus = z.enum(['submitted', 'accepted', 'partly-rejected', 'rejected', 'failed']);
export const ZClaimView = z.object({
  id: z.string(),
  number: z.number(),
  scheme: z.string(),
  status: ZClaimStatus,
  transport: z.enum(['file', 'http']),
  switchReference: z.string().nullable(),
  /** Why the switch did not take the batch (status failed). */
  failure: z.string().nullable(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string(),
  totalCents: z.number(),
  lines: z.array(z.object({ id: z.string(), accountId: z.string(), accountNumber: z.number(), amountCents: z.number(), status: ZLineStatus, statusReason: z.string().nullable() })),
});
export type TClaimView = z.infer<typeof ZClaimView>;
export const ZClaimList = z.object({ items: z.array(ZClaimView.omit({ lines: true }).extend({ lineCount: z.number() })) });
export const ZCreateClaimRequest = z.object({
  accountIds: z.array(ZId, { error: 'Choose the accounts to claim' }).min(1, 'Choose at least one account').max(500, 'At most 500 accounts in a batch'),
});
export const ZReverseLineInput = z.object({
  id: ZId,
  reason: z.string({ error: 'Give the reason for the reversal' }).trim().min(1, 'Give the reason for the reversal').max(500, 'The reason is at most 500 characters'),
});

/** The claim batch as exported and sent ("casebridge-claim/1", decision 0061). */
export const ZClaimBatch = z.object({
  format: z.literal('casebridge-claim/1'),
  claimNumber: z.number(),
  createdAt: z.string(),
  practice: z.object({ name: z.string(), practiceNumber: z.string(), vatNumber: z.string().nullable() }),
  scheme: z.string(),
  accounts: z.array(
    z.object({
      accountNumber: z.number(),
      accountDate: z.string(),
      member: z.object({ scheme: z.string(), plan: z.string().nullable(), option: z.string().nullable(), membershipNumber: z.string(), mainMemberName: z.string() }),
      patient: z.object({ name: z.string(), dateOfBirth: z.string().nullable(), idNumber: z.string().nullable(), dependantCode: z.string() }),
      lines: z.array(
        z.object({
          lineId: z.string(),
          serviceDate: z.string(),
          treatingPractitionerNumber: z.string().nullable(),
          codeType: z.enum(['tariff', 'nappi']),
          code: z.string(),
          description: z.string(),
          quantity: z.number(),
          modifier: z.string().nullable(),
          icd10Codes: z.array(z.string()),
          authorisationNumber: z.string().nullable(),
          pmb: z.boolean(),
          amountCents: z.number(),
          vatCents: z.number(),
        }),
      ),
    }),
  ),
  totals: z.object({ lines: z.number(), amountCents: z.number(), vatCents: z.number() }),
});
export type TClaimBatch = z.infer<typeof ZClaimBatch>;

/** What an HTTP switch answers a batch with: its reference and, per line, accepted or rejected with the reason. */
export const ZSwitchResponse = z.object({
  reference: z.string().trim().min(1).max(80),
  lines: z.array(z.object({ lineId: z.string(), status: z.enum(['accepted', 'rejected']), reason: z.string().max(500).nullish() })).default([]),
});
export type TSwitchResponse = z.infer<typeof ZSwitchResponse>;

// ── Remittances, shortfalls, payments ────────────────────────────────────────────────────────────

export const ZRemittanceView = z.object({
  id: z.string(),
  scheme: z.string(),
  date: z.string(),
  reference: z.string(),
  totalCents: z.number(),
  capturedBy: z.string().nullable(),
  capturedAt: z.string(),
  lines: z.array(
    z.object({ accountLineId: z.string(), accountId: z.string(), accountNumber: z.number(), billedCents: z.number(), paidCents: z.number(), reasonCode: z.string().nullable(), reason: z.string().nullable(), status: ZLineStatus }),
  ),
});
export type TRemittanceView = z.infer<typeof ZRemittanceView>;
export const ZRemittanceList = z.object({ items: z.array(ZRemittanceView.omit({ lines: true }).extend({ lineCount: z.number() })) });
export const ZShortfallRequest = z.object({ id: ZId, ...ZShortfallInput.shape });
export const ZPaymentRequest = z.object({ id: ZId, ...ZPaymentInput.shape });
export const ZReversePaymentInput = z.object({
  id: ZId,
  reason: z.string({ error: 'Give the reason for the reversal' }).trim().min(1, 'Give the reason for the reversal').max(500, 'The reason is at most 500 characters'),
});

// ── Statements and aged debtors ──────────────────────────────────────────────────────────────────

export const ZAgeingView = z.object({ current: z.number(), d30: z.number(), d60: z.number(), d90: z.number(), d120: z.number() });
export const ZStatement = z.object({
  asOf: z.string(),
  practice: z.object({
    name: z.string(),
    practiceNumber: z.string().nullable(),
    vatNumber: z.string().nullable(),
    bankDetails: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string(), branchCode: z.string(), accountType: z.string() }).nullable(),
  }),
  holder: z.object({ personId: z.string(), name: z.string(), address: z.string().nullable(), scheme: z.string().nullable(), membershipNumber: z.string().nullable() }),
  accounts: z.array(
    z.object({
      id: z.string(),
      number: z.number(),
      accountDate: z.string(),
      payer: ZPayer,
      patientName: z.string(),
      dependantCode: z.string().nullable(),
      totalCents: z.number(),
      schemePaidCents: z.number(),
      writtenOffCents: z.number(),
      patientPaidCents: z.number(),
      balanceCents: z.number(),
      lines: z.array(ZAccountLine.pick({ id: true, serviceDate: true, code: true, codeList: true, description: true, quantity: true, icd10Codes: true, amountCents: true, status: true, schemePaidCents: true, shortfall: true })),
      payments: z.array(ZAccountPayment.pick({ id: true, receiptNumber: true, amountCents: true, method: true, date: true, reversesId: true })),
    }),
  ),
  ageing: ZAgeingView,
  balanceCents: z.number(),
});
export type TStatement = z.infer<typeof ZStatement>;
export const ZStatementInput = z.object({ id: ZId, asOf: zDay('As-of date').optional() });

export const ZAgedDebtors = z.object({
  asOf: z.string(),
  /** How many holders owe (or are in credit); `rows` holds the largest of them, the CSV every one. */
  debtors: z.number(),
  rows: z.array(ZAgeingView.extend({ holderId: z.string().nullable(), holderName: z.string(), accounts: z.number(), totalCents: z.number() })),
  totals: ZAgeingView.extend({ totalCents: z.number() }),
});
export type TAgedDebtors = z.infer<typeof ZAgedDebtors>;
/** The largest `limit` debtors on screen; `format=csv` gives every debtor as a spreadsheet. */
export const ZAgedDebtorsInput = z
  .object({ format: z.enum(['json', 'csv']).optional(), limit: z.coerce.number().int().min(1).max(1000).default(100) })
  .default({ limit: 100 });
export type TAgedDebtorsInput = z.infer<typeof ZAgedDebtorsInput>;
