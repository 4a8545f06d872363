import { describe, expect, it } from 'vitest';
import { PAST_TIME_MAX_MINUTES } from '../../../shared/domain/costs';
import { NOT_ENDED_MESSAGE, buildPastTimeInput, durationHint, pastTimeServerErrors, type PastTimeValues } from './past-time-input';

// Wednesday 2026-11-25 12:00 SAST.
const now = new Date('2026-11-25T10:00:00Z');
const values = (over: Partial<PastTimeValues> = {}): PastTimeValues => ({
  caseId: 'case-1',
  date: '2026-11-25',
  startTime: '09:30',
  durationMinutes: '90',
  description: '  Ward round  ',
  ...over,
});

describe('buildPastTimeInput', () => {
  it('reads the date and start as South African time, whatever the device zone', () => {
    expect(buildPastTimeInput(values(), now)).toEqual({
      ok: true,
      input: { caseId: 'case-1', description: 'Ward round', startTime: '2026-11-25T07:30:00.000Z', durationMinutes: 90 },
    });
  });

  it('sends no description when none was typed, for the server to use its default', () => {
    const built = buildPastTimeInput(values({ description: '   ' }), now);
    expect(built.ok && built.input.description).toBeNull();
  });

  it('accepts time that ended exactly now and refuses time still running', () => {
    expect(buildPastTimeInput(values({ startTime: '10:30', durationMinutes: '90' }), now).ok).toBe(true);
    expect(buildPastTimeInput(values({ startTime: '10:31', durationMinutes: '90' }), now)).toEqual({
      ok: false,
      errors: { startTime: NOT_ENDED_MESSAGE },
    });
    expect(buildPastTimeInput(values({ date: '2026-11-26', durationMinutes: '1' }), now)).toEqual({
      ok: false,
      errors: { startTime: NOT_ENDED_MESSAGE },
    });
  });

  it('names every blank field once, in its own words', () => {
    const built = buildPastTimeInput({ caseId: '', date: '', startTime: '', durationMinutes: '', description: '' }, now);
    expect(built).toEqual({
      ok: false,
      errors: {
        caseId: 'Choose a case',
        date: 'Enter the date',
        startTime: 'Enter the start time',
        durationMinutes: 'Enter the duration in minutes',
      },
    });
  });

  it('refuses a day the calendar does not have and a time the clock does not', () => {
    expect(buildPastTimeInput(values({ date: '2026-02-31' }), now)).toEqual({ ok: false, errors: { date: 'Date must be a real calendar day' } });
    expect(buildPastTimeInput(values({ startTime: '24:00' }), now)).toEqual({ ok: false, errors: { startTime: 'Start time must be a time (HH:mm)' } });
  });

  it('keeps the duration to whole minutes within the schema bounds', () => {
    const error = (durationMinutes: string) => {
      const built = buildPastTimeInput(values({ date: '2026-11-20', durationMinutes }), now);
      return built.ok ? null : built.errors.durationMinutes;
    };
    expect(error('0')).toBe('Duration must be at least 1 minute');
    expect(error('1.5')).toBe('Duration must be whole minutes');
    expect(error('abc')).toBe('Duration must be a number of minutes');
    expect(error(String(PAST_TIME_MAX_MINUTES + 1))).toBe(`Duration must be at most ${PAST_TIME_MAX_MINUTES / 60} hours`);
    expect(error(String(PAST_TIME_MAX_MINUTES))).toBeNull();
  });
});

describe('pastTimeServerErrors', () => {
  it('keeps only the fields the form shows', () => {
    expect(pastTimeServerErrors({ startTime: NOT_ENDED_MESSAGE, other: 'x' })).toEqual({ startTime: NOT_ENDED_MESSAGE });
    expect(pastTimeServerErrors(undefined)).toEqual({});
  });
});

describe('durationHint', () => {
  it('spells an hour or more as hours and minutes', () => {
    expect(durationHint('45')).toBeNull();
    expect(durationHint('90')).toBe('1 h 30 min');
    expect(durationHint('120')).toBe('2 h');
    expect(durationHint('1.5')).toBeNull();
  });
});
