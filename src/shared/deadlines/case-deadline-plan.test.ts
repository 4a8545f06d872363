import { describe, expect, it } from 'vitest';
import { expertDueDates, planCaseDeadlines, trialDayOf } from './case-deadline-plan';

// The case's deadlines as planned from its facts (issue 20). Due dates counted by hand from the rules.

describe('trialDayOf', () => {
  const trial = (startsAt: string, type = 'trial') => ({ type, startsAt });

  it('takes the first trial from today on, by its South African day', () => {
    // 23:30 UTC on 13 May is 01:30 SAST on 14 May.
    expect(trialDayOf([trial('2027-09-01T08:00:00Z'), trial('2027-05-13T23:30:00Z'), trial('2027-03-10T08:00:00Z', 'pre-trial')], '2027-01-04')).toBe('2027-05-14');
  });

  it('takes the latest trial when all have passed, and none without a trial', () => {
    expect(trialDayOf([trial('2025-02-03T08:00:00Z'), trial('2025-06-02T08:00:00Z')], '2026-01-05')).toBe('2025-06-02');
    expect(trialDayOf([trial('2027-03-10T08:00:00Z', 'mediation')], '2026-01-05')).toBeNull();
  });
});

describe('planCaseDeadlines', () => {
  it('plans the court matter’s three rules and the 36(9) pair for each expert of ours only', () => {
    const planned = planCaseDeadlines({
      courtMatter: { id: 'cm', summonsServedOn: '2026-12-10', debtDueOn: null, knowledgeOn: '2025-06-10' },
      trialDay: '2027-05-14',
      experts: [{ id: 'e1', name: 'Dr A', side: 'ours' }, { id: 'e2', name: 'Dr B', side: 'opposing' }],
    });
    expect(planned.map((d) => [d.rule, d.sourceId, d.due, d.title])).toEqual([
      // 10th court day after Thu 10 Dec 2026, 16 Dec–15 Jan not counted.
      ['rule-19', 'cm', '2027-01-26', 'Rule 19(1) notice of intention to defend'],
      // The day before 10 June 2028.
      ['prescription', 'cm', '2028-06-09', 'Prescription: serve process before the claim prescribes'],
      // 15 and 10 court days before Fri 14 May 2027 (Freedom Day, Tue 27 April, passed over).
      ['rule-36-9-a', 'e1', '2027-04-22', 'Rule 36(9)(a) expert notice — Dr A'],
      ['rule-36-9-b', 'e1', '2027-04-30', 'Rule 36(9)(b) expert summary — Dr A'],
    ]);
  });

  it('plans nothing from a trigger the engine cannot count (outside 1996–2099)', () => {
    expect(planCaseDeadlines({ courtMatter: { id: 'cm', summonsServedOn: '1990-01-01', debtDueOn: null, knowledgeOn: null }, trialDay: null, experts: [] })).toEqual([]);
  });
});

describe('expertDueDates', () => {
  it('marks a due date met once its milestone has a date; none without a trial', () => {
    expect(expertDueDates('2027-05-14', { notice369a: '2027-04-20' }).map((d) => [d.milestone, d.due, d.met])).toEqual([
      ['notice369a', '2027-04-22', true],
      ['summary369b', '2027-04-30', false],
    ]);
    expect(expertDueDates(null, {})).toEqual([]);
  });
});
