import { describe, expect, it } from 'vitest';
import { isoToSaWallClock, localInputToIso, saWallClockToIso } from './calendar';
import { formatCalendarDay, formatDate, formatDateTime, formatFullMoment, formatSaDateTime, formatSaTime, joinDistinct, pluralise } from './format';

// Expected values come from the rule: South African time is UTC+2 all year (no daylight saving),
// whatever the zone of the machine running the test.

describe('form times are South African time', () => {
  it('reads a datetime-local value as SAST', () => {
    expect(saWallClockToIso('2026-11-23T10:00')).toBe('2026-11-23T08:00:00.000Z');
    expect(saWallClockToIso('2026-06-30T01:30')).toBe('2026-06-29T23:30:00.000Z'); // mid-winter, across midnight
    expect(saWallClockToIso('2026-11-23T10:00:30')).toBe('2026-11-23T08:00:30.000Z');
  });

  it('refuses what is not a wall-clock value', () => {
    expect(saWallClockToIso('')).toBeNull();
    expect(saWallClockToIso('tomorrow at ten')).toBeNull();
    expect(saWallClockToIso('2026-11-23T10:00Z')).toBeNull();
    expect(localInputToIso('nonsense')).toBe('nonsense');
    expect(localInputToIso('2026-11-23T10:00')).toBe('2026-11-23T08:00:00.000Z');
  });

  it('shows a stored instant back as the SAST wall clock', () => {
    expect(isoToSaWallClock('2026-11-23T08:00:00.000Z')).toBe('2026-11-23T10:00');
    expect(formatSaTime('2026-11-23T08:00:00.000Z')).toBe('10:00');
    expect(formatSaDateTime('2026-11-23T08:00:00.000Z')).toBe('Mon, 23 Nov 2026, 10:00');
    expect(formatDateTime('2026-11-22T22:30:00.000Z')).toBe('23 Nov 2026, 00:30'); // midnight is 00, not 24
    expect(formatDate('2026-11-22T22:30:00.000Z')).toBe('23 Nov 2026');
  });
});

describe('dates in one South African style (issue 32)', () => {
  it('writes day, short month and year, then the 24-hour time: 28 Nov 2026, 08:30', () => {
    expect(formatDateTime('2026-11-28T06:30:00.000Z')).toBe('28 Nov 2026, 08:30');
    expect(formatDate(new Date('2026-03-05T10:00:00.000Z'))).toBe('5 Mar 2026');
    expect(formatCalendarDay('1958-04-12')).toBe('12 Apr 1958');
    expect(formatCalendarDay('1990-09-01')).toBe('1 Sep 1990'); // "Sep", never ICU's "Sept"
    expect(formatFullMoment('2026-11-23T07:30:15.000Z')).toBe('23 Nov 2026, 09:30:15');
  });

  it('keeps the fallbacks for a missing value', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatCalendarDay(undefined)).toBe('Not set');
    expect(formatDateTime(null, 'Never')).toBe('Never');
    expect(formatSaDateTime(null)).toBe('Not scheduled');
  });
});

describe('pluralise', () => {
  it('puts the word in the number of the count', () => {
    expect(pluralise(1, 'entry', 'entries')).toBe('1 entry');
    expect(pluralise(2, 'entry', 'entries')).toBe('2 entries');
    expect(pluralise(0, 'message')).toBe('0 messages');
    expect(pluralise(1, 'open support request')).toBe('1 open support request');
    expect(pluralise(1200, 'case')).toBe(`${(1200).toLocaleString('en-ZA')} cases`);
  });
});

describe('joinDistinct', () => {
  it('prints a department and ward of the same name once', () => {
    expect(joinDistinct(['ICU', 'ICU'])).toBe('ICU');
    expect(joinDistinct(['Surgery', 'Ward 3'])).toBe('Surgery · Ward 3');
    expect(joinDistinct(['ICU', null, ''])).toBe('ICU');
  });
});
