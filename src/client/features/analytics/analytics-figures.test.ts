import { describe, expect, it } from 'vitest';
import type { TPerformancePoint, TStaffWorkload } from '../../../shared/domain/dashboard';
import { bucketLabel, bucketLongLabel, daysSummary, periodTotals, staffSummary, topStaff, volumeSummary } from './analytics-figures';

const point = (bucket: string, casesOpened: number, casesCompleted: number, averageDaysToCompletion: number | null): TPerformancePoint => ({
  bucket,
  casesOpened,
  casesCompleted,
  averageDaysToCompletion,
});

describe('analytics bucket labels', () => {
  it('reads each period the way a South African reader writes it', () => {
    expect(bucketLabel('daily', '2026-11-03')).toBe('3 Nov');
    expect(bucketLabel('weekly', '2026-11-02')).toBe('Wk of 2 Nov');
    expect(bucketLabel('monthly', '2026-09')).toBe('Sept 2026');
    expect(bucketLabel('yearly', '2026')).toBe('2026');
    expect(bucketLongLabel('monthly', '2025-12')).toBe('December 2025');
    expect(bucketLongLabel('weekly', '2026-11-02')).toBe('Week of 2 Nov 2026');
  });

  it('does not move a day key across midnight, whatever the zone of the machine', () => {
    // Keys are calendar days already; formatting them in local time west of UTC would give the 31st.
    expect(bucketLabel('daily', '2026-01-01')).toBe('1 Jan');
  });
});

describe('period totals', () => {
  it('weights the average days by the cases completed in each bucket', () => {
    const totals = periodTotals([point('2026-10', 4, 1, 10), point('2026-11', 6, 3, 2), point('2026-12', 0, 0, null)]);
    expect(totals).toEqual({ opened: 10, completed: 4, averageDays: 4, completionRate: 40 });
  });

  it('has no average or rate when nothing was completed or opened', () => {
    expect(periodTotals([point('2026', 0, 0, null)])).toEqual({ opened: 0, completed: 0, averageDays: null, completionRate: null });
  });
});

describe('chart summaries', () => {
  const series = [point('2026-10', 4, 1, 10), point('2026-11', 6, 0, null), point('2026-12', 2, 3, 2.5)];

  it('name the range, the totals and the busiest bucket', () => {
    expect(volumeSummary('monthly', series, 'Bar chart')).toBe(
      'Bar chart of cases opened and completed per month, October 2026 to December 2026. ' +
        'Opened: 12, most in November 2026 (6). Completed: 4, most in December 2026 (3).',
    );
  });

  it('count only the buckets that had completions for the days line', () => {
    expect(daysSummary('monthly', series)).toContain('2 of 3 months had completions; from 2,5 to 10,0 days, latest 2,5 days in December 2026.');
    expect(daysSummary('monthly', [point('2026-10', 1, 0, null)])).toContain('No case was completed in this period.');
  });

  it('keep the ten busiest staff, largest first, and read every bar out', () => {
    const staff: TStaffWorkload[] = Array.from({ length: 12 }, (_, i) => ({
      userId: `u${i}`,
      name: `Person ${String(i).padStart(2, '0')}`,
      role: 'Nurse',
      activeCases: i,
      completedCases: 0,
      hoursLogged: i === 3 ? 1.5 : 0,
    }));
    const top = topStaff(staff, 'activeCases');
    expect(top.map((row) => row.activeCases)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(topStaff(staff, 'hoursLogged').map((row) => row.name)).toEqual(['Person 03']);
    expect(staffSummary(topStaff(staff, 'hoursLogged'), 'hoursLogged')).toBe('Bar chart of hours logged for the top staff member: Person 03 1,5.');
  });
});
