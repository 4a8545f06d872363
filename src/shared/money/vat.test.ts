import { describe, expect, it } from 'vitest';
import { vatOnCents } from './vat';

// Expected values worked by hand: 15% of the exclusive amount, half a cent rounds up.
describe('vatOnCents', () => {
  it('charges 15% rounded half up to the cent, per line', () => {
    expect(vatOnCents(100_00, true)).toBe(15_00); // R100.00 → R15.00
    expect(vatOnCents(10, true)).toBe(2); // 1.5c → 2c
    expect(vatOnCents(3, true)).toBe(0); // 0.45c → 0c
    expect(vatOnCents(1_234_57, true)).toBe(185_19); // 18 518.55c → 18 519c
  });
  it('charges nothing when the practice is not a registered vendor, or on nothing', () => {
    expect(vatOnCents(100_00, false)).toBe(0);
    expect(vatOnCents(0, true)).toBe(0);
  });
});
