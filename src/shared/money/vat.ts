// VAT in one place (ARCHITECTURE "Money"; VAT Act 89 of 1991): 15% on the VAT-exclusive amount of a
// line, in integer cents, rounded half up to the cent per line (SARS accepts per-line rounding on a
// tax invoice; the invoice total is the sum of the rounded lines, so the lines always add up to it).
// A practice that is not a registered vendor charges none.

export const VAT_RATE_PERCENT = 15;

/** The VAT on an amount of whole cents (exclusive of VAT), rounded half up; 0 when not a vendor. */
export function vatOnCents(exclusiveCents: number, registeredVendor: boolean): number {
  if (!registeredVendor || exclusiveCents <= 0) return 0;
  // Integer arithmetic: (cents × 15 + 50) div 100 is 15% rounded half up, with no float in between.
  return Math.floor((exclusiveCents * VAT_RATE_PERCENT + 50) / 100);
}
