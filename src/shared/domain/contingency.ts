import { z } from 'zod';
import { dayKey } from '../calendar';
import { ZExpectedVersion, zCents, zDay } from './litigation-common';

// Contingency-fee agreements (issue 34, decision 0066; Contingency Fees Act 66 of 1997). The agreement's
// terms on a matter — uplift above normal fees (s2(2): at most 100%), the normal-fee basis, the date
// signed and the s3 checklist — kept as versions: an amendment is a new version, never an edit. At
// settlement the success fee is the lesser of the uplifted normal fees and 25% of the award (costs
// excluded), VAT included in the 25% (money/contingency-fee.ts). Wire ids are kebab-case; labels live here.

const ZId = z.string().trim().min(1).max(64);

/**
 * What s3 asks of the written agreement (research §4): s3(1)(a) the prescribed form, s3(2) the
 * signatures, s3(3)(a)–(f) what it must state. s3(3)(g) onward was not retrieved, and the 14-day
 * withdrawal right is from a secondary source only: neither is listed until verified (decision 0066).
 */
export const CONTINGENCY_ITEMS = {
  'prescribed-form': 'In writing, in the form the Minister prescribed (s3(1)(a))',
  'signed-by-client-and-attorney': 'Signed by the client (or its authorised representative) and the attorney (s3(2))',
  'advocate-countersigned': 'Countersigned by the advocate where counsel is briefed, or no counsel is briefed (s3(2))',
  'proceedings-stated': 'States the proceedings it relates to (s3(3)(a))',
  'other-financing-explained': 'The client was told, before signing, of other ways to finance the litigation and what they mean (s3(3)(b)(i))',
  'adverse-costs-explained': "The client was told that if unsuccessful they may have to pay the opponent's party-and-party costs (s3(3)(b)(ii))",
  'success-fee-explained': 'The client was told they are liable for the success fee if successful (s3(3)(b)(iii))',
  'client-understood': 'The client understood the meaning and purport of the agreement (s3(3)(b)(iv))',
  'success-defined': 'States what counts as success or partial success (s3(3)(c))',
  'payment-terms': 'States when fees and disbursements are payable (s3(3)(d))',
  'partial-success-and-termination': 'States what is due on partial success and on premature termination (s3(3)(e))',
  'fee-calculation': 'States the amounts payable, or how they are calculated (s3(3)(f))',
} as const;
export const CONTINGENCY_ITEM_IDS = Object.keys(CONTINGENCY_ITEMS) as [keyof typeof CONTINGENCY_ITEMS, ...(keyof typeof CONTINGENCY_ITEMS)[]];
export const ZContingencyItem = z.enum(CONTINGENCY_ITEM_IDS, { error: 'Not an item of the s3 checklist' });
export type TContingencyItem = z.infer<typeof ZContingencyItem>;

/** s2(2): the success fee may exceed normal fees by at most 100%. */
export const MAX_UPLIFT_PERCENT = 100;
export const UPLIFT_MESSAGE = 'The uplift is a whole percentage from 0 to 100: the Contingency Fees Act (s2(2)) allows at most 100% above normal fees';

// ── The agreement ────────────────────────────────────────────────────────────────────────────────

export const ZContingencyAgreementInput = z.object({
  upliftPercent: z.number({ error: UPLIFT_MESSAGE }).int(UPLIFT_MESSAGE).min(0, UPLIFT_MESSAGE).max(MAX_UPLIFT_PERCENT, UPLIFT_MESSAGE),
  /** How normal fees are reckoned, e.g. "Attorney-and-client tariff, R2 500/hour". */
  normalFeeBasis: z
    .string({ error: 'Normal-fee basis is required' })
    .trim()
    .min(1, 'Normal-fee basis is required')
    .max(500, 'Normal-fee basis is at most 500 characters'),
  // The signature is a fact that happened: a date ahead of today is a typing slip (Johannesburg's today).
  signedOn: zDay('Signed on').refine((day) => day <= dayKey(), 'Signed on cannot be in the future'),
  /** The s3 items confirmed; the rest are open. */
  items: z
    .array(ZContingencyItem, { error: 'Items is a list of checklist ids' })
    .max(CONTINGENCY_ITEM_IDS.length)
    .refine((ids) => new Set(ids).size === ids.length, 'An item is confirmed once'),
  /** The version the editor read (absent for the first agreement): a stale one is 409. */
  version: ZExpectedVersion.optional(),
});
export type TContingencyAgreementInput = z.infer<typeof ZContingencyAgreementInput>;
export const ZSaveContingencyAgreementRequest = z.object({ id: ZId, ...ZContingencyAgreementInput.shape });
export type TSaveContingencyAgreementRequest = z.infer<typeof ZSaveContingencyAgreementRequest>;

export const ZContingencyChecklistItem = z.object({ id: ZContingencyItem, label: z.string(), checked: z.boolean() });
export type TContingencyChecklistItem = z.infer<typeof ZContingencyChecklistItem>;

export const ZContingencyAgreement = z.object({
  id: z.string(),
  caseId: z.string(),
  version: z.number(),
  upliftPercent: z.number(),
  normalFeeBasis: z.string(),
  signedOn: z.string(),
  /** Every s3 item, in the Act's order, ticked or not. */
  items: z.array(ZContingencyChecklistItem),
  /** Every s3 item is confirmed. */
  complete: z.boolean(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export type TContingencyAgreement = z.infer<typeof ZContingencyAgreement>;

export const ZContingencyAgreementView = z.object({
  /** The version in force (the latest); null when the matter has no agreement. */
  agreement: ZContingencyAgreement.nullable(),
  /** Every version, newest first (the one in force included). */
  history: z.array(ZContingencyAgreement),
});
export type TContingencyAgreementView = z.infer<typeof ZContingencyAgreementView>;

/** The checklist of an agreement: every s3 item in order, ticked when confirmed. */
export function contingencyChecklist(confirmed: readonly string[]): { items: TContingencyChecklistItem[]; complete: boolean } {
  const items = CONTINGENCY_ITEM_IDS.map((id) => ({ id, label: CONTINGENCY_ITEMS[id], checked: confirmed.includes(id) }));
  return { items, complete: items.every((i) => i.checked) };
}

// ── The success fee at settlement ────────────────────────────────────────────────────────────────

const positiveCents = (label: string) => zCents(label).refine((v) => v > 0, `${label} must be more than zero`);
export const ZContingencyFeeRequest = z.object({
  id: ZId,
  /** The amount awarded or obtained, costs excluded (s2(2)). */
  awardCents: positiveCents('Award'),
  /** Normal fees on the matter, exclusive of VAT. */
  normalFeesCents: zCents('Normal fees'),
});
export type TContingencyFeeRequest = z.infer<typeof ZContingencyFeeRequest>;

export const ZContingencyLimit = z.enum(['uplift', 'cap']);
export type TContingencyLimit = z.infer<typeof ZContingencyLimit>;
export const CONTINGENCY_LIMITS: Record<TContingencyLimit, string> = { uplift: 'the uplifted normal fees', cap: '25% of the award' };

export const ZContingencyFee = z.object({
  /** Normal fees × (100 + uplift)%, exclusive of VAT. */
  upliftedCents: z.number(),
  /** 25% of the award (costs excluded), rounded down: the success fee, VAT included, never exceeds it. */
  capCents: z.number(),
  /** The success fee: the lesser, VAT included when the firm is a VAT vendor. */
  feeCents: z.number(),
  limitedBy: ZContingencyLimit,
  /** The uplifted fees with VAT (equal to upliftedCents when the firm charges no VAT). */
  upliftedInclVatCents: z.number(),
  feeExclVatCents: z.number(),
  vatCents: z.number(),
  vatVendor: z.boolean(),
  awardCents: z.number(),
  normalFeesCents: z.number(),
  upliftPercent: z.number(),
  /** The agreement version the fee was worked from, and whether its s3 checklist is complete. */
  agreementVersion: z.number(),
  agreementComplete: z.boolean(),
});
export type TContingencyFee = z.infer<typeof ZContingencyFee>;
