import { describe, expect, it } from 'vitest';
import { CASE_NOTE_KINDS_BY_PLATFORM } from '../domain/case-notes';
import { CASE_TEAM_ROLES_BY_PLATFORM } from '../domain/case-team';
import { PLATFORMS } from '../platform';
import { SAMPLE_CASE_FILES } from './case-file-samples';
import { SAMPLE_CASES, sampleCasesFor } from './catalogue';
import { type TSampleCase, type TSampleSide, samplePerson } from './sample-case';

// The shared catalogue holds together: every person a side shows resolves on that side, each case
// is written once, and the case-file samples name cases, kinds and roles that exist.

const SIDES: TSampleSide[] = ['seed', 'demo'];

describe('sample case catalogue', () => {
  for (const platform of PLATFORMS) {
    it(`${platform}: each side's cases name people that side has, and the demo ones are placed`, () => {
      for (const side of SIDES) {
        const cases = sampleCasesFor(platform, side);
        expect(cases.length, side).toBeGreaterThan(5);
        for (const c of cases) {
          for (const key of [c.lead, c.support, c.manager, c.patientUser]) if (key) expect(() => samplePerson(platform, key, side), `${c.patient} ${key}`).not.toThrow();
          if (side === 'seed') expect(c.manager, c.patient).toBeDefined();
          if (side === 'demo') expect(c.demo, c.patient).toBeDefined();
        }
      }
      const names = SAMPLE_CASES[platform].map((c) => c.patient);
      expect(new Set(names).size).toBe(names.length);
    });

    it(`${platform}: case-file samples belong to catalogue cases, with the platform's kinds and roles and people of each side the case is on, and one is restricted`, () => {
      const samples = SAMPLE_CASE_FILES[platform];
      expect(samples.filter((s) => s.restricted)).toHaveLength(1);
      for (const sample of samples) {
        const kase = (SAMPLE_CASES[platform] as readonly TSampleCase[]).find((c) => c.patient === sample.caseName);
        expect(kase, sample.caseName).toBeDefined();
        for (const note of sample.notes ?? []) expect(CASE_NOTE_KINDS_BY_PLATFORM[platform]).toContain(note.kind);
        for (const member of sample.team ?? []) {
          expect(CASE_TEAM_ROLES_BY_PLATFORM[platform]).toContain(member.roleOnCase);
          if (typeof member.person !== 'object') continue;
          const staff = (member.person as { staff: string }).staff;
          for (const side of kase!.in) expect(() => samplePerson(platform, staff, side)).not.toThrow();
        }
      }
    });
  }
});
