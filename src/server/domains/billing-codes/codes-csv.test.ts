import { describe, expect, it } from 'vitest';
import { parseBillingCodesCsv, randToCents } from './codes-csv';

// The practice's tariff/NAPPI CSV (issue 33): rand to cents without floats, and a bad row named by line.

describe('randToCents', () => {
  it.each([['520.00', 520_00], ['520', 520_00], ['520.5', 520_50], ['0.07', 7], ['1234567.89', 1_234_567_89]])('%s → %i', (text, cents) => {
    expect(randToCents(text)).toBe(cents);
  });
});

describe('parseBillingCodesCsv', () => {
  it('reads rows with or without the header, quoted commas, Y/N in any case', () => {
    expect(parseBillingCodesCsv('0190,"Consult, GP",520.00,y\n0191,Consult 2,680\n', 'f.csv')).toEqual([
      { code: '0190', description: 'Consult, GP', priceCents: 520_00, needsAuthorisation: true },
      { code: '0191', description: 'Consult 2', priceCents: 680_00, needsAuthorisation: false },
    ]);
  });

  it.each([
    ['code,description,price,needs_authorisation\n0190,A,520.00,N\n0190,B,1,N\n', 'f.csv, line 3: 0190 appears twice'],
    ['0190,,520.00,N\n', 'f.csv, line 1: the description of 0190 is empty'],
    ['0190,A,1 250.00,N\n', 'f.csv, line 1: price "1 250.00" is not an amount in rand like 520.00'],
    ['0190,A,5.123,N\n', 'f.csv, line 1: price "5.123" is not an amount in rand like 520.00'],
    ['0190,A,5,maybe\n', 'f.csv, line 1: needs_authorisation "maybe" is not Y or N'],
    ['0190,A\n', 'f.csv, line 1: expected code,description,price,needs_authorisation'],
    ['code,description,price,needs_authorisation\n', 'f.csv holds no codes'],
  ])('refuses %j', (csv, message) => {
    expect(() => parseBillingCodesCsv(csv, 'f.csv')).toThrow(message);
  });
});
