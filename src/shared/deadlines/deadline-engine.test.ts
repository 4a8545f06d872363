import { describe, expect, it } from 'vitest';
import { DEADLINE_RULE_IDS, ZDeadlinePreviewInput, ZDeadlineRuleSummary, type TDeadlineRuleId } from '../domain/deadlines';
import { computeDeadline, listDeadlineRules } from './deadline-engine';

// Each due date is counted by hand on a calendar from the rule as written (conventions: the header
// of deadline-rules.ts). Calendar anchors: 2026-01-01 Thu, 2027-01-01 Fri, 2028-01-01 Sat.
// Holidays met: 2026 Good Friday 3 Apr, Family Day 6 Apr, Freedom Day Mon 27 Apr, Workers' Day
// Fri 1 May, Youth Day Tue 16 Jun, Women's Day observed Mon 10 Aug, Day of Reconciliation Wed 16 Dec,
// Christmas Fri 25 Dec, Day of Goodwill Sat 26 Dec; New Year's Day Fri 2027-01-01.

const cases: [TDeadlineRuleId, string, string, string][] = [
  // Rule 19(1): the 10th court day after service; 16 Dec–15 Jan not counted.
  ['rule-19', '2026-12-10', '2027-01-26', 'Fri 11 (1), Mon 14 (2), Tue 15 (3); recess; Mon 18 Jan (4) … Fri 22 (8), Mon 25 (9), Tue 26 (10)'],
  ['rule-19', '2026-12-14', '2027-01-28', 'Tue 15 (1); recess; Mon 18 Jan (2) … Thu 28 (10)'],
  ['rule-19', '2027-01-14', '2027-01-29', 'served in the recess: Fri 15 not counted; Mon 18 (1) … Fri 29 (10)'],
  ['rule-19', '2026-11-30', '2026-12-14', 'done before the recess: Tue 1 Dec (1) … Mon 14 (10)'],
  ['rule-19', '2026-12-01', '2026-12-15', 'the 10th court day is the last day before the recess'],
  ['rule-19', '2026-12-02', '2027-01-18', '9 days to Tue 15 Dec; the 10th is the first court day after the recess'],
  ['rule-19', '2027-12-10', '2028-01-25', 'Mon 13 … Wed 15 (3); recess to Sat 15 Jan 2028; Mon 17 (4) … Tue 25 (10)'],
  ['rule-19', '2026-04-01', '2026-04-17', 'Thu 2 (1); Good Friday, weekend, Family Day; Tue 7 (2) … Fri 17 (10)'],
  ['rule-19', '2026-04-24', '2026-05-12', 'Freedom Day Mon 27 and Workers Day Fri 1 May passed over'],
  ['rule-19', '2026-06-13', '2026-06-29', 'served on a Saturday: Mon 15 (1), Youth Day Tue 16, Wed 17 (2) … Mon 29 (10)'],
  // Rule 36(9): the 15th / 10th court day before the trial date; the recess plays no part.
  ['rule-36-9-a', '2026-04-20', '2026-03-26', 'back: Fri 17 (1) … Tue 7 (9); Family Day, weekend, Good Friday; Thu 2 (10) … Thu 26 Mar (15)'],
  ['rule-36-9-a', '2027-01-18', '2026-12-24', 'back: Fri 15 Jan (1) … Mon 4 (10); New Year; Thu 31 Dec (11) … Mon 28 (14); Christmas; Thu 24 (15)'],
  ['rule-36-9-a', '2026-06-22', '2026-05-29', 'back over Youth Day Tue 16 June'],
  ['rule-36-9-b', '2026-04-20', '2026-04-02', 'back: Fri 17 (1) … Tue 7 (9); Family Day, weekend, Good Friday; Thu 2 (10)'],
  ['rule-36-9-b', '2026-08-13', '2026-07-29', 'back: Wed 12 (1), Tue 11 (2); Mon 10 observed holiday; Fri 7 (3) … Wed 29 Jul (10)'],
  // Act 40 of 2002 s3: civil method, the day before the date 6 months on.
  ['act-40-s3', '2026-03-15', '2026-09-14', '15 Sep is the corresponding day'],
  ['act-40-s3', '2026-01-01', '2026-06-30', '1 Jul is the corresponding day'],
  ['act-40-s3', '2026-08-31', '2027-02-27', 'no 31 Feb: 28 Feb is the corresponding day; a Saturday, not moved'],
  ['act-40-s3', '2027-08-31', '2028-02-28', 'leap year: 29 Feb is the corresponding day'],
  ['act-40-s3', '2026-06-17', '2026-12-16', 'ends on Day of Reconciliation, not moved'],
  // Prescription: civil method, the day before the date 3 years on.
  ['prescription', '2024-02-29', '2027-02-27', 'leap day: no 29 Feb 2027, 28 Feb is the corresponding day'],
  ['prescription', '2025-03-01', '2028-02-29', 'the day before 1 March 2028 is a leap day'],
  ['prescription', '2026-05-23', '2029-05-22', 'a Tuesday'],
  ['prescription', '2011-06-17', '2014-06-16', "Masindi's dates: the last day was Youth Day, Monday 16 June 2014"],
  // PAIA: calendar days; a last day on a Sunday or public holiday moves on (Interpretation Act s4).
  ['paia-s25', '2026-03-06', '2026-04-07', '30th day Easter Sunday 5 Apr, then Family Day: Tue 7'],
  ['paia-s25', '2026-06-01', '2026-07-01', 'a Wednesday'],
  ['paia-s25', '2026-06-04', '2026-07-04', 'a Saturday: s4 does not move it'],
  ['paia-s25', '2026-11-16', '2026-12-17', '30th day Day of Reconciliation'],
  ['paia-s25', '2026-11-26', '2026-12-28', '30th day Day of Goodwill (Sat), then Sunday: Monday 28'],
  ['paia-s26', '2026-03-06', '2026-05-05', '60 days: 25 to 31 Mar, 30 to 30 Apr, 5 to 5 May'],
  ['paia-s26', '2026-10-27', '2026-12-28', '60th day Day of Goodwill (Sat), then Sunday'],
];

describe('computeDeadline', () => {
  it.each(cases)('%s from %s → %s (%s)', (rule, trigger, due) => {
    const preview = computeDeadline(rule, trigger);
    expect(preview).toMatchObject({ rule, trigger, due });
    expect(preview.explanation).toContain(due);
  });

  it('covers every rule', () => {
    expect(new Set(cases.map(([rule]) => rule))).toEqual(new Set(DEADLINE_RULE_IDS));
  });
});

describe('explanations name the rule and show the count', () => {
  it('Rule 19 across the December–January recess', () => {
    expect(computeDeadline('rule-19', '2026-12-10').explanation).toBe(
      'Rule 19(1): notice of intention to defend within 10 court days of service on Thu 2026-12-10; the 10th court day after that day, ' +
        'not counting Saturdays, Sundays, public holidays or 16 Dec–15 Jan; passed over the recess 2026-12-16 – 2027-01-15 → Tue 2027-01-26.',
    );
  });

  it('Rule 36(9)(a) back across Easter', () => {
    expect(computeDeadline('rule-36-9-a', '2026-04-20').explanation).toBe(
      'Rule 36(9)(a): notice of an expert witness at least 15 court days before the trial on Mon 2026-04-20; the 15th court day before that day, ' +
        'not counting Saturdays, Sundays or public holidays; passed over Good Friday (Fri 2026-04-03), Family Day (Mon 2026-04-06) → Thu 2026-03-26.',
    );
  });

  it('s3 of Act 40 at a month end, ending on a Saturday', () => {
    expect(computeDeadline('act-40-s3', '2026-08-31').explanation).toBe(
      'Act 40 of 2002 s3(2)(a): notice to the organ of state within 6 months from the day the debt became due, Mon 2026-08-31; ' +
        'civil method: that day is the first day and the period ends the day before the corresponding day, Sun 2027-02-28 ' +
        '(that month has no 31st: its last day) → Sat 2027-02-27 (a Saturday: not carried to the next court day; act before it).',
    );
  });

  it('prescription from a leap day', () => {
    expect(computeDeadline('prescription', '2024-02-29').explanation).toBe(
      'Prescription Act 68 of 1969 s11(d): the debt prescribes 3 years from the date of knowledge, Thu 2024-02-29; ' +
        'civil method: that day is the first day and the period ends the day before the corresponding day, Sun 2027-02-28 ' +
        '(that month has no 29th: its last day) → Sat 2027-02-27 (a Saturday: not carried to the next court day; act before it).',
    );
  });

  it('PAIA: calendar days stated as an assumption, and the move off Easter', () => {
    expect(computeDeadline('paia-s25', '2026-03-06').explanation).toBe(
      'PAIA s25(1): decision on a records request within 30 days after it was received on Fri 2026-03-06; ' +
        '30 calendar days (assumed: PAIA does not make its days working days), the first day not counted; ' +
        'the 30th day falls where the period cannot end (Sun 2026-04-05 is a Sunday, Mon 2026-04-06 is Family Day), ' +
        'so it ends on the next day that is not a Sunday or public holiday (Interpretation Act s4) → Tue 2026-04-07.',
    );
  });

  it('a plain count says nothing was passed over', () => {
    const { explanation } = computeDeadline('paia-s25', '2026-06-01');
    expect(explanation).toBe(
      'PAIA s25(1): decision on a records request within 30 days after it was received on Mon 2026-06-01; ' +
        '30 calendar days (assumed: PAIA does not make its days working days), the first day not counted → Wed 2026-07-01.',
    );
  });
});

describe('input', () => {
  it('refuses an unknown rule (the preview route answers 400)', () => {
    const parsed = ZDeadlinePreviewInput.safeParse({ rule: 'rule-99', trigger: '2026-01-05' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['rule']);
    expect(() => computeDeadline('rule-99' as TDeadlineRuleId, '2026-01-05')).toThrow(/Rule must be one of rule-19/);
  });

  it.each([
    ['2026-02-30', 'Trigger must be a real calendar day'],
    ['26-01-05', 'Trigger must be a date (YYYY-MM-DD)'],
    ['1995-06-01', 'Trigger must lie between 1996-01-01 and 2099-12-31'],
  ])('refuses the trigger %s', (trigger, message) => {
    const parsed = ZDeadlinePreviewInput.safeParse({ rule: 'rule-19', trigger });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([message]);
    expect(() => computeDeadline('rule-19', trigger)).toThrow(RangeError);
  });

  it('accepts a real day, trimmed', () => {
    expect(ZDeadlinePreviewInput.parse({ rule: 'paia-s25', trigger: ' 2026-06-01 ' })).toEqual({ rule: 'paia-s25', trigger: '2026-06-01' });
  });
});

describe('listDeadlineRules', () => {
  it('lists every rule once, in the table order, with its source and convention', () => {
    const rules = listDeadlineRules();
    expect(rules.map((r) => r.id)).toEqual([...DEADLINE_RULE_IDS]);
    for (const rule of rules) expect(ZDeadlineRuleSummary.parse(rule)).toEqual(rule);
    expect(rules.find((r) => r.id === 'rule-19')).toMatchObject({ source: 'Uniform Rules of Court, rule 19(1) (court days: rule 1)', direction: 'after', amount: 10, unit: 'court days' });
    expect(rules.find((r) => r.id === 'rule-36-9-a')).toMatchObject({ trigger: 'trial date', direction: 'before', amount: 15 });
    expect(rules.find((r) => r.id === 'prescription')).toMatchObject({ unit: 'years', amount: 3 });
  });
});
