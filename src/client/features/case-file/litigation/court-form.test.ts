import { describe, expect, it } from 'vitest';
import { centsToRands, randsToCents, wallClockToInstant } from './court-form';

describe('the court tab’s form values', () => {
  it.each([
    ['1 250 000,00', 125_000_000],
    ['R 1 250 000,50', 125_000_050],
    ['R1,250,000.50', 125_000_050],
    ['1250000', 125_000_000],
    ['1250000.5', 125_000_050],
    ['850,5', 85_050],
    ['1,250,000', 125_000_000],
    ['', null],
    ['   ', null],
  ])('reads %s as %s cents', (text, cents) => {
    expect(randsToCents(text)).toBe(cents);
  });

  it.each(['one million', '-500', '12.345', '1.2.3'])('refuses %s', (text) => {
    expect(randsToCents(text)).toBeUndefined();
  });

  it('shows cents back as rands with the decimal comma, and reads that again', () => {
    expect(centsToRands(125_000_050)).toBe('1250000,50');
    expect(randsToCents(centsToRands(125_000_050))).toBe(125_000_050);
    expect(centsToRands(null)).toBe('');
  });

  it('reads a form time as South African time', () => {
    expect(wallClockToInstant('2027-03-15T10:00')).toBe('2027-03-15T08:00:00.000Z');
    expect(wallClockToInstant('soon')).toBe('soon');
  });
});
