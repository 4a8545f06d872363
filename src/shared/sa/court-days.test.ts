import { describe, expect, it } from 'vitest';
import { addCalendarDays, addCourtDays, addMonths, countCourtDays, inRule19Recess, isCourtDay, rule19RecessAround } from './court-days';

// Expected values counted by hand on a calendar: 2026-01-01 is a Thursday, 2027-01-01 a Friday.
// Court days exclude Saturdays, Sundays and public holidays (Uniform Rules, rule 1); a count
// excludes the first day (Interpretation Act s4). Easter 2026: Good Friday 3 April, Family Day 6 April.

describe('court days', () => {
  it.each([
    ['2026-04-02', true], // Thursday before Easter
    ['2026-04-03', false], // Good Friday
    ['2026-04-04', false], // Saturday
    ['2026-04-06', false], // Family Day
    ['2026-04-07', true],
    ['2026-08-10', false], // Monday after Women's Day on a Sunday
    ['2026-12-16', false], // Day of Reconciliation
    ['2026-12-17', true], // the Rule 19 recess is no holiday for other purposes
    ['2027-03-22', false], // Monday after Human Rights Day on a Sunday
  ])('%s is a court day: %s', (date, expected) => {
    expect(isCourtDay(date)).toBe(expected);
  });
});

describe('addCourtDays', () => {
  it.each([
    // [start, n, expected, why]
    ['2026-04-01', 3, '2026-04-08', 'Thu 2 (1), Good Friday, weekend, Family Day, Tue 7 (2), Wed 8 (3)'],
    ['2026-04-08', -3, '2026-04-01', 'back: Tue 7 (1), Family Day, weekend, Good Friday, Thu 2 (2), Wed 1 (3)'],
    ['2026-05-29', 1, '2026-06-01', 'Friday → Monday'],
    ['2026-06-13', 1, '2026-06-15', 'from a Saturday: Monday is the first'],
    ['2026-06-13', 2, '2026-06-17', 'Tuesday 16 June is Youth Day'],
    ['2026-06-15', -1, '2026-06-12', 'back over a weekend'],
    ['2026-12-14', 3, '2026-12-18', 'without the recess: Tue 15 (1), Day of Reconciliation, Thu 17 (2), Fri 18 (3)'],
    ['2026-07-01', 0, '2026-07-01', 'no days: the day itself'],
  ])('%s %s → %s (%s)', (start, n, expected) => {
    expect(addCourtDays(start, n)).toBe(expected);
  });

  it('skips 16 Dec – 15 Jan when asked (Rule 19)', () => {
    // Tue 15 Dec (1); 16 Dec–15 Jan not counted; Sat 16, Sun 17 Jan; Mon 18 (2), Tue 19 (3).
    expect(addCourtDays('2026-12-14', 3, { skipRule19Recess: true })).toBe('2027-01-19');
  });

  it('says what it passed over', () => {
    const count = countCourtDays('2026-04-01', 3);
    expect(count.skippedHolidays).toEqual([
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-06', name: 'Family Day' },
    ]);
    expect(count.skippedRecesses).toEqual([]);
    const overRecess = countCourtDays('2026-12-14', 3, { skipRule19Recess: true });
    expect(overRecess.skippedRecesses).toEqual([{ from: '2026-12-16', to: '2027-01-15' }]);
    expect(overRecess.skippedHolidays).toEqual([]); // the holidays inside the recess are the recess's
  });

  it('refuses a fraction of a day', () => {
    expect(() => addCourtDays('2026-04-01', 1.5)).toThrow(RangeError);
  });
});

describe('the Rule 19 recess', () => {
  it.each([
    ['2026-12-15', false],
    ['2026-12-16', true],
    ['2026-12-31', true],
    ['2027-01-01', true],
    ['2027-01-15', true],
    ['2027-01-16', false],
  ])('%s is in it: %s', (date, expected) => {
    expect(inRule19Recess(date)).toBe(expected);
  });

  it('names the whole window around a day of it', () => {
    expect(rule19RecessAround('2026-12-20')).toEqual({ from: '2026-12-16', to: '2027-01-15' });
    expect(rule19RecessAround('2027-01-10')).toEqual({ from: '2026-12-16', to: '2027-01-15' });
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2024-02-28', 1, '2024-02-29'], // leap year
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-06', 30, '2026-04-05'], // 25 days to 31 March, 5 more
  ])('%s %s days → %s', (start, n, expected) => {
    expect(addCalendarDays(start, n)).toBe(expected);
  });

  it.each([
    ['2026-08-31', 6, '2027-02-28'], // no 31 February: its last day
    ['2027-08-31', 6, '2028-02-29'], // 2028 is a leap year
    ['2024-02-29', 36, '2027-02-28'], // leap day + 3 years
    ['2024-02-29', 48, '2028-02-29'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-11-15', 3, '2027-02-15'], // across the year
    ['2026-03-31', -1, '2026-02-28'], // back
  ])('%s %s months → %s', (start, n, expected) => {
    expect(addMonths(start, n)).toBe(expected);
  });
});
