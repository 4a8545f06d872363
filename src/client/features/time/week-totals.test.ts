import { describe, expect, it } from 'vitest';
import { formatMinutes, myTimeTotals } from './week-totals';

describe('myTimeTotals', () => {
  // Wednesday 2026-11-25 10:00 SAST; the week runs from Monday 2026-11-23 00:00 SAST (22:00 UTC on the 22nd).
  const now = new Date('2026-11-25T08:00:00Z');

  it('sums the stopped minutes of this SAST week and of today, leaving out other weeks and running time', () => {
    const totals = myTimeTotals(
      [
        { startTime: '2026-11-25T06:00:00Z', durationMinutes: 30 }, // today
        { startTime: '2026-11-25T07:30:00Z', durationMinutes: null }, // running: no minutes yet
        { startTime: '2026-11-22T22:30:00Z', durationMinutes: 90 }, // Monday 00:30 SAST
        { startTime: '2026-11-22T21:30:00Z', durationMinutes: 60 }, // Sunday 23:30 SAST: last week
        { startTime: '2026-11-30T08:00:00Z', durationMinutes: 15 }, // next week
      ],
      now,
    );
    expect(totals).toEqual({ weekMinutes: 120, todayMinutes: 30, weekEntries: 3, weekStart: '2026-11-22T22:00:00.000Z' });
  });

  it('is zero without entries', () => {
    expect(myTimeTotals([], now)).toMatchObject({ weekMinutes: 0, todayMinutes: 0, weekEntries: 0 });
  });
});

describe('formatMinutes', () => {
  it('shows hours and two-digit minutes', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(125)).toBe('2 h 05 min');
  });
});
