import { describe, expect, it } from 'vitest';
import { addDayKeys, floatingDayKey, floatingWallClock, floatingToIso, saFloating, stepDay, visibleDays, visibleRange } from './sa-calendar-time';

// The calendar shows South African wall-clock time whatever the device's zone (SAST = UTC+2, no DST).

describe('SA floating times', () => {
  it('shows 08:00Z as 10:00 on the wall clock and turns it back to the same instant', () => {
    const local = saFloating('2026-12-01T08:00:00.000Z');
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes()]).toEqual([2026, 11, 1, 10, 0]);
    expect(floatingToIso(local)).toBe('2026-12-01T08:00:00.000Z');
  });

  it('puts 23:30Z on the next SA day', () => {
    expect(floatingDayKey(saFloating('2026-12-31T23:30:00.000Z'))).toBe('2027-01-01');
  });

  it('gives a form the SA wall clock of a calendar slot', () => {
    expect(floatingWallClock(saFloating('2026-12-01T12:45:00.000Z'))).toBe('2026-12-01T14:45');
  });

  it('reads a local 09:15 as 07:15Z', () => {
    expect(floatingToIso(new Date(2026, 5, 15, 9, 15))).toBe('2026-06-15T07:15:00.000Z');
  });
});

describe('visible ranges', () => {
  it('a day is one SA day, from SA midnight', () => {
    expect(visibleRange('day', '2026-12-01')).toEqual({ from: '2026-11-30T22:00:00.000Z', to: '2026-12-01T22:00:00.000Z' });
  });

  it('a week starts on Monday', () => {
    // 2026-12-03 is a Thursday; its week is Monday 30 November to Sunday 6 December.
    expect(visibleDays('week', '2026-12-03')).toEqual({ first: '2026-11-30', end: '2026-12-07' });
    expect(visibleDays('week', '2026-12-06')).toEqual({ first: '2026-11-30', end: '2026-12-07' });
    expect(visibleDays('week', '2026-11-30')).toEqual({ first: '2026-11-30', end: '2026-12-07' });
  });

  it('a month shows the whole Monday-to-Sunday weeks of its days', () => {
    // December 2026: 1st is a Tuesday, 31st a Thursday.
    expect(visibleDays('month', '2026-12-17')).toEqual({ first: '2026-11-30', end: '2027-01-04' });
  });

  it('steps by a day, a week or a month', () => {
    expect(stepDay('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(stepDay('week', '2026-12-03', -1)).toBe('2026-11-26');
    expect(stepDay('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(addDayKeys('2028-02-28', 1)).toBe('2028-02-29');
  });
});
