import { describe, expect, it } from 'vitest';
import { allergyMatches, allergyWarning } from './allergy-match';

// Expected values from the written rule (issue 31): a penicillin allergy catches every penicillin,
// a class member recorded catches its class, cephalosporins are warned of as cross-reactive, and an
// entry marked entered in error never warns.

const penicillin = { substance: 'Penicillin', severity: 'severe' as const };

describe('allergyMatches', () => {
  it('catches amoxicillin, co-amoxiclav, Augmentin and flucloxacillin for a penicillin allergy', () => {
    for (const drug of ['Amoxicillin', 'Co-amoxiclav 625 mg', 'Augmentin', 'Flucloxacillin', 'Benzylpenicillin', 'Piperacillin-tazobactam']) {
      const found = allergyMatches(drug, [penicillin]);
      expect(found.map((m) => [m.substance, m.kind === 'cross-reactive' ? 'cross' : 'direct']), drug).toEqual([['Penicillin', 'direct']]);
    }
    expect(allergyMatches('Amoxicillin', [penicillin])).toEqual([{ substance: 'Penicillin', severity: 'severe', kind: 'class', className: 'penicillins' }]);
  });

  it('treats an allergy to one member as an allergy to its class', () => {
    expect(allergyMatches('Ampicillin', [{ substance: 'Amoxicillin', severity: 'moderate' }])).toEqual([{ substance: 'Amoxicillin', severity: 'moderate', kind: 'class', className: 'penicillins' }]);
    expect(allergyMatches('Bactrim DS', [{ substance: 'Sulfonamides (co-trimoxazole)', severity: 'moderate' }])).toMatchObject([{ kind: 'class', className: 'sulfonamides' }]);
    expect(allergyMatches('Diclofenac', [{ substance: 'Ibuprofen', severity: 'mild' }])).toMatchObject([{ kind: 'class', className: 'NSAIDs' }]);
  });

  it('matches the substance itself, and warns of cephalosporin cross-reactivity', () => {
    expect(allergyMatches('Morphine sulphate', [{ substance: 'morphine', severity: 'unknown' }])).toEqual([{ substance: 'morphine', severity: 'unknown', kind: 'same', className: null }]);
    expect(allergyMatches('Ceftriaxone', [penicillin])).toEqual([{ substance: 'Penicillin', severity: 'severe', kind: 'cross-reactive', className: 'cephalosporins' }]);
  });

  it('does not warn for unrelated drugs, or for an entry marked entered in error', () => {
    expect(allergyMatches('Paracetamol', [penicillin, { substance: 'Latex', severity: 'mild' }])).toEqual([]);
    expect(allergyMatches('Amoxicillin', [{ ...penicillin, enteredInError: { at: '2026-11-01' } }])).toEqual([]);
    expect(allergyMatches('Azithromycin', [penicillin])).toEqual([]);
  });

  it('says what matched and asks for confirmation', () => {
    expect(allergyWarning('Amoxicillin', allergyMatches('Amoxicillin', [penicillin]))).toBe(
      'Recorded allergy: Penicillin (severe); Amoxicillin is one of the penicillins. Confirm to prescribe anyway.',
    );
  });
});
