import { describe, expect, it } from 'vitest';
import { CDL_CONDITIONS, cdlConditionOf, isPmb } from './cdl';

// The Chronic Disease List (issue 33): which ICD-10 codes make a line a prescribed minimum benefit.

describe('cdlConditionOf', () => {
  it.each([
    ['E11.9', 'diabetes-type-2'],
    ['E11', 'diabetes-type-2'],
    ['e10.65', 'diabetes-type-1'],
    [' I10 ', 'hypertension'],
    ['I15.0', 'hypertension'],
    ['I20.0', 'coronary-artery-disease'],
    ['I21.9', 'coronary-artery-disease'],
    ['I25.1', 'coronary-artery-disease'],
    ['I48.9', 'dysrhythmias'],
    ['J45.9', 'asthma'],
    ['J46', 'asthma'],
    ['J44.9', 'copd'],
    ['E27.1', 'addisons-disease'],
    ['E27.2', 'addisons-disease'],
    ['E23.2', 'diabetes-insipidus'],
    ['D68.0', 'haemophilia'],
    ['B20.9', 'hiv'],
    ['B24', 'hiv'],
    ['Z21', 'hiv'],
    ['N18.5', 'chronic-renal-disease'],
    ['M06.9', 'rheumatoid-arthritis'],
    ['G40.9', 'epilepsy'],
    ['F20.0', 'schizophrenia'],
    ['K51.9', 'ulcerative-colitis'],
  ])('%s is %s', (code, id) => {
    expect(cdlConditionOf(code)?.id).toBe(id);
  });

  it.each(['J06.9', 'E27.0', 'E27.3', 'D68.1', 'E23.0', 'I16', 'I22.0', 'I46.9', 'I50X', 'S82.2', '', 'B25'])('%s is not on the list', (code) => {
    expect(cdlConditionOf(code)).toBeNull();
  });

  it('has 27 entries (the 25 Annexure A conditions, diabetes as type 1 and type 2, and HIV/AIDS), each with a prefix', () => {
    expect(CDL_CONDITIONS).toHaveLength(27);
    expect(new Set(CDL_CONDITIONS.map((c) => c.id)).size).toBe(27);
    expect(CDL_CONDITIONS.every((c) => c.prefixes.length > 0)).toBe(true);
  });

  it('isPmb is true when any code is on the list', () => {
    expect(isPmb(['S82.2', 'E11.9'])).toBe(true);
    expect(isPmb(['J06.9'])).toBe(false);
  });
});
