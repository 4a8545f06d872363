import { describe, expect, it } from 'vitest';
import { makeSaIdNumber } from '../../../shared/sa/sa-id-number';
import { emptyPersonFields, fieldsFromTypedName, idNumberFeedback, validatePersonFields } from './person-form';
import { ageOn, formatIdNumber } from './person-labels';

describe('the person dialog', () => {
  const valid = makeSaIdNumber('1985-03-14', 'male', 1);

  it('says nothing for an empty ID number, counts digits while it is short, then gives the reason or the facts', () => {
    expect(idNumberFeedback('').kind).toBe('none');
    expect(idNumberFeedback('850314')).toEqual({ kind: 'hint', text: '6 of 13 digits' });
    const wrongCheckDigit = valid.slice(0, 12) + String((Number(valid[12]) + 1) % 10);
    const bad = idNumberFeedback(wrongCheckDigit);
    expect(bad.kind).toBe('error');
    expect(bad.text).toMatch(/Luhn/);
    const good = idNumberFeedback(valid);
    expect(good.kind).toBe('ok');
    expect(good.facts).toEqual({ dateOfBirth: '1985-03-14', sex: 'male' });
  });

  it('refuses a bad ID number on the idNumber field and a birth date the number contradicts', () => {
    const wrong = validatePersonFields(emptyPersonFields({ firstName: 'Thabo', lastName: 'Mokoena', idNumber: '8503145000000' }));
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.errors.idNumber).toBeTruthy();
    const contradicted = validatePersonFields(emptyPersonFields({ firstName: 'Thabo', lastName: 'Mokoena', idNumber: valid, dateOfBirth: '1985-03-15' }));
    expect(contradicted.ok).toBe(false);
    if (!contradicted.ok) expect(contradicted.errors.idNumber).toContain('1985-03-14');
  });

  it('sends medical aid as one object, or none when its three fields are empty, and names a missing part', () => {
    const none = validatePersonFields(emptyPersonFields({ firstName: 'Thabo', lastName: 'Mokoena' }));
    expect(none.ok && none.input.medicalAid).toBeNull();
    const partial = validatePersonFields(emptyPersonFields({ firstName: 'Thabo', lastName: 'Mokoena', medicalAidScheme: 'Discovery Health' }));
    expect(partial.ok).toBe(false);
    if (!partial.ok) expect(Object.keys(partial.errors).sort()).toEqual(['medicalAidMainMember', 'medicalAidNumber']);
  });

  it('reads a typed name as first names and surname, digits as an ID number', () => {
    expect(fieldsFromTypedName('Thabo John Mokoena')).toEqual({ kind: 'person', firstName: 'Thabo John', lastName: 'Mokoena' });
    expect(fieldsFromTypedName('850314 5001 087')).toEqual({ kind: 'person', idNumber: '8503145001087' });
    expect(fieldsFromTypedName('MEC for Health', 'organization')).toEqual({ kind: 'organization', lastName: 'MEC for Health' });
  });

  it('counts age in whole years and groups an ID number', () => {
    expect(ageOn('1985-03-14', '2026-03-13')).toBe(40);
    expect(ageOn('1985-03-14', '2026-03-14')).toBe(41);
    expect(formatIdNumber('8503145001087')).toBe('850314 5001 087');
  });
});
