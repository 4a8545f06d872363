import { describe, expect, it } from 'vitest';
import { contingencyFee, largestExclusiveWithin } from './contingency-fee';

// Expected values worked by hand from the Contingency Fees Act s2(2) (the lesser of normal fees + at most
// 100% and 25% of the award, costs excluded) and decision 0066 (VAT inside the 25%).

const R = (rand: number) => rand * 100;

describe('contingencyFee', () => {
  it("is capped at 25% of the award: R2 000 000 award, R300 000 normal fees, 100% uplift → R500 000 (the statute's example)", () => {
    expect(contingencyFee({ awardCents: R(2_000_000), normalFeesCents: R(300_000), upliftPercent: 100, vatVendor: false })).toEqual({
      upliftedCents: R(600_000),
      upliftedInclVatCents: R(600_000),
      capCents: R(500_000),
      feeCents: R(500_000),
      feeExclVatCents: R(500_000),
      vatCents: 0,
      limitedBy: 'cap',
    });
  });

  it('is the uplifted normal fees when they are the lesser: R300 000 + 50% = R450 000 under a R500 000 cap', () => {
    expect(contingencyFee({ awardCents: R(2_000_000), normalFeesCents: R(300_000), upliftPercent: 50, vatVendor: false })).toMatchObject({
      upliftedCents: R(450_000),
      capCents: R(500_000),
      feeCents: R(450_000),
      limitedBy: 'uplift',
    });
  });

  it('keeps a VAT vendor’s fee with its VAT inside the 25%: R434 782.61 + VAT R65 217.39 = R500 000', () => {
    // 434 782.61 × 15% = 65 217.3915 → 65 217.39; one cent more (434 782.62) would total R500 000.01.
    expect(contingencyFee({ awardCents: R(2_000_000), normalFeesCents: R(300_000), upliftPercent: 100, vatVendor: true })).toEqual({
      upliftedCents: R(600_000),
      upliftedInclVatCents: R(690_000),
      capCents: R(500_000),
      feeCents: R(500_000),
      feeExclVatCents: 434_782_61,
      vatCents: 65_217_39,
      limitedBy: 'cap',
    });
  });

  it('lets VAT, not the uplift, reach the cap: R450 000 + VAT R67 500 = R517 500 is over R500 000', () => {
    expect(contingencyFee({ awardCents: R(2_000_000), normalFeesCents: R(300_000), upliftPercent: 50, vatVendor: true })).toMatchObject({
      upliftedCents: R(450_000),
      upliftedInclVatCents: R(517_500),
      feeCents: R(500_000),
      limitedBy: 'cap',
    });
  });

  it('bills a vendor the uplifted fees plus VAT when that stays under the cap', () => {
    expect(contingencyFee({ awardCents: R(2_000_000), normalFeesCents: R(100_000), upliftPercent: 50, vatVendor: true })).toEqual({
      upliftedCents: R(150_000),
      upliftedInclVatCents: R(172_500),
      capCents: R(500_000),
      feeCents: R(172_500),
      feeExclVatCents: R(150_000),
      vatCents: R(22_500),
      limitedBy: 'uplift',
    });
  });

  it('rounds the uplift half up and the cap down, to the cent', () => {
    expect(contingencyFee({ awardCents: 1_000_00, normalFeesCents: 2, upliftPercent: 25, vatVendor: false }).upliftedCents).toBe(3); // 2.5c → 3c
    expect(contingencyFee({ awardCents: 1_000_00, normalFeesCents: 333, upliftPercent: 25, vatVendor: false }).upliftedCents).toBe(416); // 416.25c → 416c
    expect(contingencyFee({ awardCents: 10, normalFeesCents: 100, upliftPercent: 0, vatVendor: false })).toMatchObject({
      capCents: 2,
      feeCents: 2,
      limitedBy: 'cap',
    }); // 2.5c → 2c
    expect(contingencyFee({ awardCents: 3, normalFeesCents: 100, upliftPercent: 0, vatVendor: false }).capCents).toBe(0); // 0.75c → 0c
  });

  it('counts a tie as the uplift (the cap is reached, not exceeded)', () => {
    expect(contingencyFee({ awardCents: R(400_000), normalFeesCents: R(50_000), upliftPercent: 100, vatVendor: false })).toMatchObject({
      feeCents: R(100_000),
      capCents: R(100_000),
      limitedBy: 'uplift',
    });
  });

  it('refuses an uplift above 100% and cents that are not whole', () => {
    expect(() => contingencyFee({ awardCents: 100, normalFeesCents: 100, upliftPercent: 101, vatVendor: false })).toThrow(RangeError);
    expect(() => contingencyFee({ awardCents: 100.5, normalFeesCents: 100, upliftPercent: 10, vatVendor: false })).toThrow(RangeError);
  });

  it('never exceeds the cap nor the uplifted fees with VAT, and is the largest fee within the cap (many amounts)', () => {
    let checked = 0;
    for (let award = 1; award < 2_000_000; award = award * 3 + 7) {
      for (const fees of [0, 1, 99, 12_345, 777_777, 5_000_000]) {
        for (const upliftPercent of [0, 1, 33, 100]) {
          for (const vatVendor of [false, true]) {
            const f = contingencyFee({ awardCents: award, normalFeesCents: fees, upliftPercent, vatVendor });
            expect(f.feeCents).toBeLessThanOrEqual(f.capCents);
            expect(f.feeCents).toBeLessThanOrEqual(f.upliftedInclVatCents);
            expect(f.feeCents).toBe(f.feeExclVatCents + f.vatCents);
            // One cent more before VAT (15% rounded half up) would pass the cap.
            const oneMore = f.feeExclVatCents + 1;
            if (f.limitedBy === 'cap') expect(oneMore + (vatVendor ? Math.floor((oneMore * 15 + 50) / 100) : 0)).toBeGreaterThan(f.capCents);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('largestExclusiveWithin', () => {
  it('is the limit itself without VAT, and the largest amount whose VAT-inclusive total fits with it', () => {
    expect(largestExclusiveWithin(R(500_000), false)).toBe(R(500_000));
    expect(largestExclusiveWithin(R(500_000), true)).toBe(434_782_61);
    expect(largestExclusiveWithin(115, true)).toBe(100); // 100 + 15 = 115
    expect(largestExclusiveWithin(0, true)).toBe(0);
  });
});
