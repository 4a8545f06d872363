import { describe, expect, it } from 'vitest';
import { validateAccount, type TValidationSubject } from './account-validation';

const clean: TValidationSubject = {
  payer: 'scheme',
  cover: { membershipNumber: '12345678', dependantCode: '01' },
  practiceNumber: '0123456',
  lines: [{ lineId: 'l1', serviceDate: '2026-11-20', icd10Codes: ['J06.9'], needsAuthorisation: false, authorisationNumber: null, practitionerNumber: 'MP0123456' }],
};

describe('validateAccount', () => {
  it('finds nothing wrong with a complete account', () => {
    expect(validateAccount(clean, '2026-11-28')).toEqual([]);
  });

  it('names every line that would bounce, by field', () => {
    const problems = validateAccount(
      {
        payer: 'scheme',
        cover: { membershipNumber: ' ', dependantCode: null },
        practiceNumber: null,
        lines: [
          { lineId: 'a', serviceDate: '2026-07-27', icd10Codes: [], needsAuthorisation: true, authorisationNumber: null, practitionerNumber: null },
          { lineId: 'b', serviceDate: '2026-07-28', icd10Codes: ['J06.9'], needsAuthorisation: true, authorisationNumber: 'AUTH1', practitionerNumber: 'MP1' },
        ],
      },
      '2026-11-28',
    );
    expect(problems.map((p) => [p.lineId ?? null, p.field])).toEqual([
      [null, 'practiceNumber'],
      [null, 'membershipNumber'],
      [null, 'dependantCode'],
      ['a', 'icd10Codes'],
      ['a', 'authorisationNumber'],
      ['a', 'serviceDate'],
      ['a', 'practitionerNumber'],
    ]);
  });

  it('does not ask a patient-payer account for membership details', () => {
    expect(validateAccount({ ...clean, payer: 'patient', cover: null }, '2026-11-28')).toEqual([]);
  });

  it('keeps the window to the last day of a shorter month', () => {
    // 2026-06-30 − 4 months = 2026-02-28: a service on 2026-02-28 is inside, 2026-02-27 outside.
    const at = (serviceDate: string) => validateAccount({ ...clean, lines: [{ ...clean.lines[0]!, serviceDate }] }, '2026-06-30');
    expect(at('2026-02-28')).toEqual([]);
    expect(at('2026-02-27').map((p) => p.field)).toEqual(['serviceDate']);
  });
});
