import { describe, expect, it } from 'vitest';
import { isoToSaWallClock, localInputToIso, saWallClockToIso } from './calendar';
import { formatDate, formatDateTime, formatSaDateTime, formatSaTime, joinDistinct, pluralise } from './format';

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
    expect(formatSaDateTime('2026-11-23T08:00:00.000Z')).toBe('Mon, Nov 23, 2026, 10:00');
    expect(formatDateTime('2026-11-22T22:30:00.000Z')).toBe('Nov 23, 00:30'); // midnight is 00, not 24
    expect(formatDate('2026-11-22T22:30:00.000Z')).toBe('Nov 23, 2026');
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
