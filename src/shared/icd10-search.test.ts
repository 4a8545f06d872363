import { describe, expect, it } from 'vitest';
import { VITAL_RANGES, ZCreateEncounterInput } from './domain/encounters';
import { buildIcd10Index, searchIcd10Index, starterIcd10Index } from './icd10-search';

// The pure pieces of issue 22: the ICD-10 index's ranking, and the plausible vital ranges as the
// brief writes them (pinned here, not read back from the table under test).

describe('the ICD-10 index', () => {
  const index = buildIcd10Index([
    { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications', validPrimary: true },
    { code: 'E11.2', description: 'Type 2 diabetes mellitus with renal complications', validPrimary: true },
    { code: 'E10.9', description: 'Type 1 diabetes mellitus without complications', validPrimary: true },
    { code: 'I10', description: 'Essential (primary) hypertension', validPrimary: true },
    { code: 'I11.9', description: 'Hypertensive heart disease without (congestive) heart failure', validPrimary: true },
    { code: 'O13', description: 'Gestational [pregnancy-induced] hypertension', validPrimary: true },
  ]);

  it('puts codes starting with the query first, then word matches, shorter descriptions first', () => {
    expect(searchIcd10Index(index, 'e11', 20).map((c) => c.code)).toEqual(['E11.2', 'E11.9']);
    expect(searchIcd10Index(index, 'hypertension', 20).map((c) => c.code)).toEqual(['I10', 'O13']);
    expect(searchIcd10Index(index, 'hypert', 20).map((c) => c.code)).toEqual(['I10', 'O13', 'I11.9']);
  });

  it('needs every word (as the start of a word), in any order and case', () => {
    expect(searchIcd10Index(index, 'DIABETES type 2', 20).map((c) => c.code)).toEqual(['E11.9', 'E11.2']);
    // As many words each: code order.
    expect(searchIcd10Index(index, 'without diab', 20).map((c) => c.code)).toEqual(['E10.9', 'E11.9']);
    expect(searchIcd10Index(index, 'diabetes asthma', 20)).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(searchIcd10Index(index, 'diabetes', 2)).toHaveLength(2);
    expect(searchIcd10Index(starterIcd10Index(), 'unspecified', 20)).toHaveLength(20);
  });

  it('ships a starter list of ~200 common codes, external causes not valid as primary', () => {
    const starter = starterIcd10Index();
    expect(starter.entries.length).toBeGreaterThan(150);
    expect(starter.byCode.get('I10')).toMatchObject({ description: 'Essential (primary) hypertension', validPrimary: true });
    expect(starter.byCode.get('W19')?.validPrimary).toBe(false);
  });
});

describe('plausible vitals', () => {
  const RANGES: Record<string, [number, number]> = { pulse: [20, 250], systolic: [50, 280], diastolic: [20, 180], temperatureC: [30, 45], respiratoryRate: [4, 70], spo2: [50, 100], weightKg: [0.3, 400] };
  const encounter = (vitals: object) => ({ id: 'c1', type: 'Consultation', occurredAt: new Date().toISOString(), diagnoses: [], vitals });

  it.each(Object.entries(RANGES))('%s accepts %j and refuses just outside, naming the field', (key, [min, max]) => {
    expect([VITAL_RANGES[key as keyof typeof VITAL_RANGES].min, VITAL_RANGES[key as keyof typeof VITAL_RANGES].max]).toEqual([min, max]);
    const ok = key === 'diastolic' ? { systolic: 280 } : {};
    expect(ZCreateEncounterInput.safeParse(encounter({ ...ok, [key]: min })).success).toBe(true);
    expect(ZCreateEncounterInput.safeParse(encounter({ ...ok, [key]: max })).success).toBe(true);
    const step = key === 'weightKg' ? 0.1 : key === 'temperatureC' ? 0.1 : 1;
    for (const bad of [min - step, max + step]) {
      const parsed = ZCreateEncounterInput.safeParse(encounter({ ...ok, [key]: bad }));
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain(`vitals.${key}`);
    }
  });

  it('takes form text, and an empty field as no reading', () => {
    const parsed = ZCreateEncounterInput.parse(encounter({ pulse: '72', temperatureC: '36.6', spo2: '' }));
    expect(parsed.vitals).toEqual({ pulse: 72, temperatureC: 36.6 });
  });
});
