import { z } from 'zod';
import { zCents, zDay } from './litigation-common';

// Getting paid on the healthcare platform (issue 33, decision 0061). The account cycle of a South
// African practice: charges on a case (tariff or NAPPI code, ICD-10 on every line) → an account
// (invoice) to the scheme or the patient → a claim batch sent through a switch → the scheme's
// remittance pays, short-pays or rejects each line → the remainder goes to the patient or is written
// off → patient payments → statements per main member with an age analysis. Money is integer cents.
// Wire values are lowercase kebab-case ids (decision 0060); labels live here for the client.

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = (label: string, max: number) =>
  z.preprocess(blankToUndefined, z.string({ error: `${label} must be text` }).trim().max(max, `${label} is at most ${max} characters`).optional());

// ── Practice identity ────────────────────────────────────────────────────────────────────────────

/** A BHF (PCNS) practice number: 7 digits. Spaces are dropped. */
export const ZPracticeNumber = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v),
  z.string({ error: 'Practice number is required' }).regex(/^\d{7}$/, 'A BHF practice number is 7 digits'),
);
/** A SARS VAT number: 10 digits starting with 4. */
export const ZVatNumber = z.preprocess(
  (v) => (typeof v === 'string' ? (v.replace(/\s+/g, '') === '' ? undefined : v.replace(/\s+/g, '')) : v),
  z.string().regex(/^4\d{9}$/, 'A VAT number is 10 digits starting with 4').optional(),
);
export const BANK_ACCOUNT_TYPES = { cheque: 'Cheque / current', savings: 'Savings', transmission: 'Transmission' } as const;
export const ZBankDetails = z.object({
  bankName: z.string({ error: 'Bank is required' }).trim().min(1, 'Bank is required').max(80),
  accountName: z.string({ error: 'Account name is required' }).trim().min(1, 'Account name is required').max(120),
  accountNumber: z.string({ error: 'Account number is required' }).trim().regex(/^\d{6,16}$/, 'An account number is 6 to 16 digits'),
  branchCode: z.string({ error: 'Branch code is required' }).trim().regex(/^\d{6}$/, 'A branch code is 6 digits'),
  accountType: z.enum(['cheque', 'savings', 'transmission'], { error: 'Choose cheque, savings or transmission' }),
});
export type TBankDetails = z.infer<typeof ZBankDetails>;
export const ZBillingSettingsInput = z.object({
  practiceNumber: ZPracticeNumber,
  vatNumber: ZVatNumber,
  bankDetails: ZBankDetails.nullish(),
});
export type TBillingSettingsInput = z.infer<typeof ZBillingSettingsInput>;
/** The roles that treat patients and so bill under their own practitioner number. */
export const TREATING_ROLES = ['Doctor', 'Nurse', 'Clinical Staff', 'Diagnostic Services'] as const;
export const ZPractitioner = z.object({ userId: z.string(), name: z.string(), role: z.string(), practitionerNumber: z.string().nullable() });
export const ZBillingSettings = z.object({
  practiceNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  bankDetails: ZBankDetails.nullable(),
  /** VAT is charged only by a registered vendor (a VAT number is set). */
  registeredVendor: z.boolean(),
  updatedAt: z.string().nullable(),
  practitioners: z.array(ZPractitioner),
});
export type TBillingSettings = z.infer<typeof ZBillingSettings>;
export const ZPractitionerNumberInput = z.object({
  userId: z.string().trim().min(1).max(64),
  /** The clinician's own BHF practice number (7 digits); null clears it. */
  practitionerNumber: z.preprocess(
    (v) => (typeof v === 'string' ? (v.replace(/\s+/g, '') === '' ? null : v.replace(/\s+/g, '')) : v),
    z.string().regex(/^\d{7}$/, 'A practitioner number is 7 digits').nullable(),
  ),
});

// ── Cover on the person ──────────────────────────────────────────────────────────────────────────

export const COVER_KINDS = { cash: 'Cash (private)', 'medical-aid': 'Medical aid' } as const;
export type TCoverKind = keyof typeof COVER_KINDS;
export const ZCoverKind = z.enum(['cash', 'medical-aid'], { error: 'Choose cash or medical-aid' });
const ZCoverFields = z
  .object({
    kind: ZCoverKind,
    scheme: optionalText('Scheme', 80),
    plan: optionalText('Plan', 80),
    option: optionalText('Option', 80),
    membershipNumber: z.preprocess(blankToUndefined, z.string().trim().regex(/^[A-Za-z0-9-]{3,20}$/, 'A membership number is 3 to 20 letters or digits').optional()),
    /** Two digits: 00 is the main member, 01… the dependants as the scheme numbers them. */
    dependantCode: z.preprocess(blankToUndefined, z.string().trim().regex(/^\d{2}$/, 'A dependant code is 2 digits, e.g. 00 or 01').optional()),
    /** The account holder, a person of the registry; absent when this person is the main member. */
    mainMemberId: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  });
/** Medical aid needs the scheme, the membership number and the dependant code (claims bounce without them). */
function requireSchemeDetails(v: z.infer<typeof ZCoverFields>, ctx: z.RefinementCtx) {
  if (v.kind !== 'medical-aid') return;
  if (!v.scheme) ctx.addIssue({ code: 'custom', path: ['scheme'], message: 'Scheme is required for medical aid' });
  if (!v.membershipNumber) ctx.addIssue({ code: 'custom', path: ['membershipNumber'], message: 'Membership number is required for medical aid' });
  if (!v.dependantCode) ctx.addIssue({ code: 'custom', path: ['dependantCode'], message: 'Dependant code is required for medical aid' });
}
export const ZCoverInput = ZCoverFields.superRefine(requireSchemeDetails);
export type TCoverInput = z.infer<typeof ZCoverInput>;
/** PUT /api/people/{id}/cover: the person's id and the cover. */
export const ZSaveCoverInput = ZCoverFields.extend({ id: z.string().trim().min(1).max(64) }).superRefine(requireSchemeDetails);
export const ZCover = z.object({
  personId: z.string(),
  kind: ZCoverKind,
  scheme: z.string().nullable(),
  plan: z.string().nullable(),
  option: z.string().nullable(),
  membershipNumber: z.string().nullable(),
  dependantCode: z.string().nullable(),
  mainMemberId: z.string().nullable(),
  mainMemberName: z.string().nullable(),
  /** The people whose account holder this person is (their dependants on the scheme). */
  dependants: z.array(z.object({ personId: z.string(), name: z.string(), dependantCode: z.string().nullable() })),
  /** Null: nothing recorded yet (the person is treated as paying cash). */
  updatedAt: z.string().nullable(),
});
export type TCover = z.infer<typeof ZCover>;
export const ZPersonIdInput = z.object({ id: z.string().trim().min(1).max(64) });

// ── Code lists ───────────────────────────────────────────────────────────────────────────────────

export const CODE_LISTS = { tariff: 'Tariff code', nappi: 'NAPPI code' } as const;
export type TCodeList = keyof typeof CODE_LISTS;
export interface TBillingCode {
  code: string;
  description: string;
  priceCents: number;
  needsAuthorisation: boolean;
}
export const BILLING_CODE_SEARCH_LIMIT = 25;
export const ZBillingCodeSearch = z.object({ q: z.string().trim().max(100).optional() });

// ── Charges ──────────────────────────────────────────────────────────────────────────────────────

const ICD10_CODE = /^[A-Z]\d{2}(\.[0-9A-Z]{1,4})?$/;
export const ZChargeInput = z
  .object({
    serviceDate: zDay('Service date'),
    tariffCode: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
    nappiCode: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
    quantity: z.coerce.number({ error: 'Quantity must be a number' }).int('Quantity is a whole number').min(1, 'Quantity is at least 1').max(10_000, 'Quantity is at most 10 000'),
    unitPriceCents: zCents('Unit price').optional(),
    icd10Codes: z
      .array(z.string().trim().toUpperCase().regex(ICD10_CODE, 'An ICD-10 code looks like S82.2'), { error: 'ICD-10 codes are required' })
      .min(1, 'At least one ICD-10 code is required on every line')
      .max(12, 'At most 12 ICD-10 codes on a line'),
    modifier: z.preprocess(blankToUndefined, z.string().trim().regex(/^\d{4}$/, 'A modifier is 4 digits, e.g. 0009').optional()),
    authorisationNumber: optionalText('Authorisation number', 40),
    /** The encounter the charge comes from (its diagnoses prefill the form). */
    encounterId: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.tariffCode && !v.nappiCode) ctx.addIssue({ code: 'custom', path: ['tariffCode'], message: 'Give a tariff code or a NAPPI code' });
    if (v.tariffCode && v.nappiCode) ctx.addIssue({ code: 'custom', path: ['nappiCode'], message: 'A line has a tariff code or a NAPPI code, not both' });
  });
export type TChargeInput = z.infer<typeof ZChargeInput>;
export interface TCharge {
  id: string;
  caseId: string;
  encounterId: string | null;
  serviceDate: string;
  codeList: TCodeList;
  code: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  vatCents: number;
  icd10Codes: string[];
  modifier: string | null;
  authorisationNumber: string | null;
  needsAuthorisation: boolean;
  /** A diagnosis is on the Chronic Disease List: a prescribed minimum benefit. */
  pmb: boolean;
  treatingPractitioner: string | null;
  createdBy: string | null;
  createdAt: string;
  /** The account the charge is on, if billed. */
  accountId: string | null;
  accountNumber: number | null;
  voided: boolean;
}

// ── Accounts and lines ───────────────────────────────────────────────────────────────────────────

export const PAYERS = { scheme: 'Medical scheme', patient: 'Patient' } as const;
export type TPayer = keyof typeof PAYERS;
export const LINE_STATUSES = {
  draft: 'Draft',
  submitted: 'Submitted',
  accepted: 'Accepted',
  rejected: 'Rejected',
  paid: 'Paid',
  'short-paid': 'Short-paid',
  'written-off': 'Written off',
  reversed: 'Reversed',
} as const;
export type TLineStatus = keyof typeof LINE_STATUSES;
export const ZCreateAccountInput = z.object({
  chargeIds: z.array(z.string().trim().min(1).max(64), { error: 'Choose the charges to bill' }).min(1, 'Choose at least one charge').max(200, 'At most 200 charges on an account'),
});
export interface TAccountLine {
  id: string;
  chargeId: string;
  amountCents: number;
  vatCents: number;
  status: TLineStatus;
  statusReason: string | null;
  serviceDate: string;
  code: string;
  codeList: TCodeList;
  description: string;
  quantity: number;
  icd10Codes: string[];
  authorisationNumber: string | null;
  pmb: boolean;
  /** What the scheme paid on it, what the patient owes of it, what was written off. */
  schemePaidCents: number;
  patientCents: number;
  writtenOffCents: number;
}
export interface TAccount {
  id: string;
  number: number;
  caseId: string;
  payer: TPayer;
  accountDate: string;
  personId: string | null;
  personName: string | null;
  holderId: string | null;
  holderName: string | null;
  totalCents: number;
  vatCents: number;
  /** Paid by patient payments (receipts), net of reversals. */
  patientPaidCents: number;
  balanceCents: number;
  lines: TAccountLine[];
}
export interface TValidationProblem {
  lineId?: string;
  field: string;
  message: string;
}
/** Claims must reach the scheme within four months of the service date (Medical Schemes Act, reg. 6). */
export const CLAIM_WINDOW_MONTHS = 4;

// ── Claims, remittances, shortfalls, payments ────────────────────────────────────────────────────

export const CLAIM_STATUSES = { submitted: 'Submitted', accepted: 'Accepted', 'partly-rejected': 'Partly rejected', rejected: 'Rejected', failed: 'Not delivered' } as const;
export type TClaimStatus = keyof typeof CLAIM_STATUSES;
export const ZCreateClaimInput = z.object({
  accountIds: z.array(z.string().trim().min(1).max(64), { error: 'Choose the accounts to claim' }).min(1, 'Choose at least one account').max(500),
});
export const ZRemittanceInput = z.object({
  scheme: z.string({ error: 'Scheme is required' }).trim().min(1, 'Scheme is required').max(80),
  date: zDay('Remittance date'),
  reference: z.string({ error: 'Reference is required' }).trim().min(1, 'Reference is required').max(60),
  lines: z
    .array(
      z.object({
        accountLineId: z.string().trim().min(1).max(64),
        paidCents: zCents('Paid amount'),
        reasonCode: optionalText('Reason code', 20),
        reason: optionalText('Reason', 200),
      }),
      { error: 'Give the remittance lines' },
    )
    .min(1, 'A remittance pays at least one line')
    .max(2000),
});
export type TRemittanceInput = z.infer<typeof ZRemittanceInput>;
export const SHORTFALL_ACTIONS = { patient: 'Move to the patient', 'write-off': 'Write off' } as const;
export type TShortfallAction = keyof typeof SHORTFALL_ACTIONS;
export const ZShortfallInput = z.object({ action: z.enum(['patient', 'write-off'], { error: 'Choose patient or write-off' }) });
export const PAYMENT_METHODS = { cash: 'Cash', card: 'Card', eft: 'EFT' } as const;
export type TPaymentMethod = keyof typeof PAYMENT_METHODS;
export const ZPaymentInput = z.object({
  amountCents: zCents('Amount').refine((v) => v > 0, 'Amount must be more than zero'),
  method: z.enum(['cash', 'card', 'eft'], { error: 'Choose cash, card or eft' }),
  date: zDay('Payment date'),
});
export type TPaymentInput = z.infer<typeof ZPaymentInput>;

// ── Statements and the age analysis ──────────────────────────────────────────────────────────────

export const AGE_BUCKETS = { current: 'Current', d30: '30 days', d60: '60 days', d90: '90 days', d120: '120+ days' } as const;
export type TAgeBucket = keyof typeof AGE_BUCKETS;
export type TAgeing = Record<TAgeBucket, number>;

/** Days from an account's date to the statement's, both 'YYYY-MM-DD' (calendar days, no time zone). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The bucket of an amount owed since `accountDate`: under 30 days current, then 30, 60, 90, 120 and over. */
export function ageBucketOf(accountDate: string, asOf: string): TAgeBucket {
  const days = daysBetween(accountDate, asOf);
  if (days < 30) return 'current';
  if (days < 60) return 'd30';
  if (days < 90) return 'd60';
  if (days < 120) return 'd90';
  return 'd120';
}

export function emptyAgeing(): TAgeing {
  return { current: 0, d30: 0, d60: 0, d90: 0, d120: 0 };
}
