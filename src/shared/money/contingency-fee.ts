import { vatOnCents } from './vat';

// The success fee of a contingency-fee agreement (Contingency Fees Act 66 of 1997 s2(2); decision 0066):
// the lesser of the normal fees uplifted by the agreed percentage (at most 100%) and 25% of the amount
// awarded, costs excluded. The firm's decision (decision 0066, after Masango v RAF 2016 and the full
// bench in De Bod v RAF 2025): the 25% includes VAT, so a VAT vendor's fee with its VAT never exceeds the
// cap. Integer cents throughout; the uplift rounds half up to the cent, the cap down (it must not be
// exceeded by a fraction of a cent), and VAT is the fee notes' own rule (money/vat.ts) so the fee note
// that bills this fee comes to the same figures.

export interface ContingencyFeeInput {
  /** Amount awarded or obtained, costs excluded. */
  awardCents: number;
  /** Normal fees, exclusive of VAT. */
  normalFeesCents: number;
  /** 0–100: how far above normal fees the success fee may go (s2(2)). */
  upliftPercent: number;
  /** The firm charges VAT (it has a VAT number). */
  vatVendor: boolean;
}

export interface ContingencyFeeFigures {
  upliftedCents: number;
  upliftedInclVatCents: number;
  capCents: number;
  feeCents: number;
  feeExclVatCents: number;
  vatCents: number;
  limitedBy: 'uplift' | 'cap';
}

export const CAP_PERCENT = 25;

const wholeCents = (value: number, name: string) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole, non-negative cents`);
};

/** The largest VAT-exclusive fee whose VAT-inclusive total (VAT by the fee notes' rule) stays within `limitCents`. */
export function largestExclusiveWithin(limitCents: number, vatVendor: boolean): number {
  if (!vatVendor) return limitCents;
  // Start at limit ÷ 1.15 (integer division), then step by a cent: per-cent rounding of the VAT can put
  // the exact answer one cent either side.
  let exclusive = Math.floor((limitCents * 100) / 115);
  while (exclusive + 1 + vatOnCents(exclusive + 1, true) <= limitCents) exclusive += 1;
  while (exclusive > 0 && exclusive + vatOnCents(exclusive, true) > limitCents) exclusive -= 1;
  return exclusive;
}

export function contingencyFee(input: ContingencyFeeInput): ContingencyFeeFigures {
  wholeCents(input.awardCents, 'The award');
  wholeCents(input.normalFeesCents, 'Normal fees');
  if (!Number.isInteger(input.upliftPercent) || input.upliftPercent < 0 || input.upliftPercent > 100) throw new RangeError('The uplift is 0–100%');
  // (fees × (100 + uplift) + 50) div 100: the uplift rounded half up, with no float in between.
  const upliftedCents = Math.floor((input.normalFeesCents * (100 + input.upliftPercent) + 50) / 100);
  const upliftedInclVatCents = upliftedCents + vatOnCents(upliftedCents, input.vatVendor);
  const capCents = Math.floor((input.awardCents * CAP_PERCENT) / 100);
  if (upliftedInclVatCents <= capCents) {
    return {
      upliftedCents,
      upliftedInclVatCents,
      capCents,
      feeCents: upliftedInclVatCents,
      feeExclVatCents: upliftedCents,
      vatCents: upliftedInclVatCents - upliftedCents,
      limitedBy: 'uplift',
    };
  }
  const feeExclVatCents = largestExclusiveWithin(capCents, input.vatVendor);
  const vatCents = vatOnCents(feeExclVatCents, input.vatVendor);
  return { upliftedCents, upliftedInclVatCents, capCents, feeCents: feeExclVatCents + vatCents, feeExclVatCents, vatCents, limitedBy: 'cap' };
}
