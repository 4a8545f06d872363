import { describe, expect, it } from 'vitest';
import { daysUntil, deadlineStanding, standingLabel } from './deadline-due-mark';

// The mark a computed deadline shows (issue 20).

describe('deadline standing', () => {
  it('counts whole South African days, across a month end', () => {
    expect(daysUntil('2026-04-02', '2026-03-30')).toBe(3);
    expect(daysUntil('2026-03-27', '2026-03-30')).toBe(-3);
  });

  it('says met, due today, due in N days or overdue by N days', () => {
    expect(standingLabel(deadlineStanding('2026-03-01', true, '2026-03-30'))).toBe('Met');
    expect(standingLabel(deadlineStanding('2026-03-30', false, '2026-03-30'))).toBe('Due today');
    expect(standingLabel(deadlineStanding('2026-03-31', false, '2026-03-30'))).toBe('Due in 1 day');
    expect(standingLabel(deadlineStanding('2026-04-06', false, '2026-03-30'))).toBe('Due in 7 days');
    expect(standingLabel(deadlineStanding('2026-03-28', false, '2026-03-30'))).toBe('Overdue by 2 days');
  });
});
