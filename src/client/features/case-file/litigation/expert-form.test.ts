import { describe, expect, it } from 'vitest';
import { feeCentsOf, feeTextOf } from './expert-form';

// The expert dialogs' fee (issue 20): typed in rand, sent in cents.

describe('fee in rand', () => {
  it('reads rand as typed in South Africa into cents, and an empty box as no fee', () => {
    expect(feeCentsOf('45 000')).toBe(4_500_000);
    expect(feeCentsOf('R 45000,50')).toBe(4_500_050);
    expect(feeCentsOf('')).toBeNull();
    expect(feeCentsOf('forty')).toBeUndefined();
    expect(feeCentsOf('1.234')).toBeUndefined();
    expect(feeTextOf(4_500_050)).toBe('45000.50');
    expect(feeTextOf(4_500_000)).toBe('45000');
  });
});
