// South African identity numbers (Identification Act 68 of 1997; the Department of Home Affairs
// layout): YYMMDD SSSS C A Z — 13 digits.
//   YYMMDD  date of birth
//   SSSS    sequence; 0000–4999 female, 5000–9999 male
//   C       0 South African citizen, 1 permanent resident (2 refugee, issued since 2015)
//   A       8 or 9 on every number issued since the 1980s (formerly race); not checked
//   Z       Luhn check digit over the first 12 digits
// Pure and table-free so the form, the server and the tests share it. The century is not in the
// number: a birth year that would lie in the future is taken as 19YY.

export type TIdSex = 'female' | 'male';

export interface SaIdNumberFacts {
  dateOfBirth: string; // YYYY-MM-DD
  sex: TIdSex;
  citizenship: 'citizen' | 'permanent resident' | 'refugee';
}

export type SaIdNumberCheck = { ok: true; facts: SaIdNumberFacts } | { ok: false; reason: string };

/** Luhn (mod 10) over all digits, the last one being the check digit. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit that completes 12 digits (used by the seed and the tests to make numbers). */
export function luhnCheckDigit(first12: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(first12 + d)) return String(d);
  throw new Error('unreachable');
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Checks a number and reads its facts; `today` (YYYY-MM-DD) decides the century. */
export function checkSaIdNumber(raw: string, today: string = new Date().toISOString().slice(0, 10)): SaIdNumberCheck {
  const value = raw.replace(/\s+/g, '');
  if (!/^\d{13}$/.test(value)) return { ok: false, reason: 'An ID number has 13 digits' };
  const yy = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  const currentYear = Number(today.slice(0, 4));
  let year = 2000 + yy;
  if (`${year}-${value.slice(2, 4)}-${value.slice(4, 6)}` > today) year -= 100;
  if (year > currentYear || !isRealDate(year, month, day)) return { ok: false, reason: 'The first six digits are not a valid date of birth (YYMMDD)' };
  const citizenDigit = value[10];
  if (citizenDigit !== '0' && citizenDigit !== '1' && citizenDigit !== '2') return { ok: false, reason: 'The 11th digit must be 0 (citizen), 1 (permanent resident) or 2 (refugee)' };
  if (!luhnValid(value)) return { ok: false, reason: 'The check digit does not match (Luhn): a digit is mistyped' };
  return {
    ok: true,
    facts: {
      dateOfBirth: `${year}-${value.slice(2, 4)}-${value.slice(4, 6)}`,
      sex: Number(value.slice(6, 10)) < 5000 ? 'female' : 'male',
      citizenship: citizenDigit === '0' ? 'citizen' : citizenDigit === '1' ? 'permanent resident' : 'refugee',
    },
  };
}

/** A valid number for a date of birth and sex (seed data and tests); `sequence` 0–4999. */
export function makeSaIdNumber(dateOfBirth: string, sex: TIdSex, sequence = 123, citizen = true): string {
  const yymmdd = dateOfBirth.slice(2, 4) + dateOfBirth.slice(5, 7) + dateOfBirth.slice(8, 10);
  const ssss = String((sex === 'female' ? 0 : 5000) + (sequence % 5000)).padStart(4, '0');
  const first12 = `${yymmdd}${ssss}${citizen ? '0' : '1'}8`;
  return first12 + luhnCheckDigit(first12);
}

/**
 * An ID number as roles without `people.idNumbers` see it (decision 0042): the date of birth, which
 * the record shows anyway, and the last three digits, by which a caller can be asked to confirm
 * "the number ending 08 6"; the four sequence digits (which tell apart everyone born that day) are
 * hidden, so the masked form opens no account and registers no SIM card. `550212 **** 08 6`.
 * Anything that is not 13 digits is hidden whole.
 */
export function maskSaIdNumber(value: string): string {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{13}$/.test(digits)) return '*'.repeat(Math.min(Math.max(digits.length, 1), 20));
  return `${digits.slice(0, 6)} **** ${digits.slice(10, 12)} ${digits.slice(12)}`;
}

