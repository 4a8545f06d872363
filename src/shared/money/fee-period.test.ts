import { describe, expect, it } from 'vitest';
import { monthsOf, percentOf, periodOf, targetForPeriod } from './fee-period';

// A fee earner's target over a period (decision 0067): the monthly target for each whole month, a
// part month by its days (rounded half up to the cent per month); figures worked by hand.

describe('the period of the fees-by-fee-earner report', () => {
  it('defaults to the month of today, or of the one end given', () => {
    expect(periodOf({}, '2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodOf({ from: '2024-02-10' }, '2026-11-29')).toEqual({ from: '2024-02-10', to: '2024-02-29' });
    expect(periodOf({ to: '2026-03-15' }, '2026-11-29')).toEqual({ from: '2026-03-01', to: '2026-03-15' });
  });

  it('counts whole months as 1 and a part month by its days', () => {
    expect(monthsOf('2026-01-01', '2026-03-31')).toBe(3);
    expect(monthsOf('2026-02-15', '2026-02-28')).toBe(0.5);
    // 17 of January's 31 days and 14 of February's 28: 0.5484 + 0.5.
    expect(monthsOf('2026-01-15', '2026-02-14')).toBe(1.0484);
    expect(monthsOf('2026-12-31', '2026-12-31')).toBe(0.0323);
  });

  it('gives the target for the period in whole cents', () => {
    expect(targetForPeriod(10_000_00, '2026-01-01', '2026-03-31')).toBe(30_000_00);
    expect(targetForPeriod(10_000_00, '2026-02-15', '2026-02-28')).toBe(5_000_00);
    // R10 000 × 17/31 = R5 483.87 (548 387.09… cents); + R5 000 for half of February.
    expect(targetForPeriod(10_000_00, '2026-01-15', '2026-02-14')).toBe(5_483_87 + 5_000_00);
    // One day of a 30-day month of R1 000.01: 3 333.366… cents → 3 333; of R1 000.05: 3 333.5 → 3 334 (half up).
    expect(targetForPeriod(1_000_01, '2026-11-01', '2026-11-01')).toBe(3_333);
    expect(targetForPeriod(1_000_05, '2026-11-01', '2026-11-01')).toBe(3_334);
    // A leap February has 29 days.
    expect(targetForPeriod(29_00, '2024-02-01', '2024-02-01')).toBe(1_00);
  });

  it('puts net billed against the target as a percentage, one decimal', () => {
    expect(percentOf(4_000_00, 30_000_00)).toBe(13.3);
    expect(percentOf(-1_000_00, 30_000_00)).toBe(-3.3);
    expect(percentOf(1, null)).toBeNull();
    expect(percentOf(1, 0)).toBeNull();
  });
});
