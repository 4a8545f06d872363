import { describe, expect, it } from 'vitest';
import { bellBadge, bellTime, priorityBadgeClass, statusBadgeClass } from './support-tones';

describe('support bell formatting (SPEC §2.10, §4)', () => {
  const now = new Date('2026-03-05T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("reads 'Just now', then 'Nm ago', 'Nh ago' and 'Nd ago'", () => {
    expect(bellTime(ago(30_000), now)).toBe('Just now');
    expect(bellTime(ago(5 * 60_000), now)).toBe('5m ago');
    expect(bellTime(ago(59 * 60_000), now)).toBe('59m ago');
    expect(bellTime(ago(3 * 3_600_000), now)).toBe('3h ago');
    expect(bellTime(ago(2 * 86_400_000), now)).toBe('2d ago');
  });

  it("shows no badge at 0, the count up to 9 and '9+' above", () => {
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(1)).toBe('1');
    expect(bellBadge(9)).toBe('9');
    expect(bellBadge(10)).toBe('9+');
  });

  it('colours statuses and priorities as §4 names them', () => {
    expect(statusBadgeClass('Open')).toContain('amber');
    expect(statusBadgeClass('In Progress')).toContain('sky');
    expect(statusBadgeClass('Resolved')).toContain('emerald');
    expect(statusBadgeClass('Closed')).toContain('slate');
    expect(priorityBadgeClass('Urgent')).toContain('red');
    expect(priorityBadgeClass('High')).toContain('orange');
    expect(priorityBadgeClass('Medium')).toContain('amber');
    expect(priorityBadgeClass('Low')).toContain('emerald');
  });
});
