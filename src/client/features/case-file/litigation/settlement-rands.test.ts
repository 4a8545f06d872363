import { describe, expect, it } from 'vitest';
import { centsToRandsText, parseRands } from './settlement-rands';

describe('parseRands', () => {
  it.each([
    ['1 250 000,50', 125_000_050],
    ['R 1 250 000', 125_000_000],
    ['1,250,000.50', 125_000_050],
    ['1.250.000,5', 125_000_050],
    ['96000', 9_600_000],
    ['R96 000,00', 9_600_000],
    ['0', 0],
    ['1,250,000', 125_000_000],
    ['12,5', 1_250],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseRands(text)).toEqual({ ok: true, cents });
  });

  it('reads blank as none, and refuses a negative or a word', () => {
    expect(parseRands('  ')).toEqual({ ok: true, cents: null });
    expect(parseRands('-5')).toMatchObject({ ok: false, error: 'Amount cannot be negative' });
    expect(parseRands('lots', 'General damages')).toMatchObject({ ok: false, error: expect.stringMatching(/^General damages must be an amount/) });
  });

  it('writes cents back as text that parses to the same cents', () => {
    for (const cents of [0, 5, 125_000_050, 9_600_000]) expect(parseRands(centsToRandsText(cents))).toEqual({ ok: true, cents });
  });
});
