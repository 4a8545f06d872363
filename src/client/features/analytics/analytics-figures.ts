import type { TAnalyticsPeriod, TPerformancePoint, TStaffWorkload } from '../../../shared/domain/dashboard';

// Pure helpers of the Analytics screen: bucket labels, period totals and the sentences that name each
// chart for screen readers. Bucket keys are already South African calendar keys ('YYYY-MM-DD', the
// Monday of a week, 'YYYY-MM' or 'YYYY', see shared/calendar.ts), so they are formatted in UTC: a
// browser abroad must not shift '2026-11-03' to the 2nd.

export const PERIOD_LABEL: Record<TAnalyticsPeriod, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };
/** The noun of one bucket, for sentences ('per week'). */
export const BUCKET_NOUN: Record<TAnalyticsPeriod, string> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' };

const monthShort = new Intl.DateTimeFormat('en-ZA', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-ZA', { month: 'long', timeZone: 'UTC' });
const count = new Intl.NumberFormat('en-ZA');
const oneDecimal = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function parts(bucket: string) {
  const [year = 1970, month = 1, day = 1] = bucket.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return { year, day, short: monthShort.format(date), long: monthLong.format(date) };
}

/** The axis label: '3 Nov', 'Wk of 3 Nov', 'Nov 2026' or '2026'. */
export function bucketLabel(period: TAnalyticsPeriod, bucket: string): string {
  const { year, day, short } = parts(bucket);
  switch (period) {
    case 'daily':
      return `${day} ${short}`;
    case 'weekly':
      return `Wk of ${day} ${short}`;
    case 'monthly':
      return `${short} ${year}`;
    case 'yearly':
      return String(year);
  }
}

/** The tooltip and sentence label, with the year: '3 Nov 2026', 'Week of 3 Nov 2026', 'November 2026'. */
export function bucketLongLabel(period: TAnalyticsPeriod, bucket: string): string {
  const { year, day, short, long } = parts(bucket);
  switch (period) {
    case 'daily':
      return `${day} ${short} ${year}`;
    case 'weekly':
      return `Week of ${day} ${short} ${year}`;
    case 'monthly':
      return `${long} ${year}`;
    case 'yearly':
      return String(year);
  }
}

const axis = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 1 });

export const formatCount = (value: number) => count.format(value);
/** Axis ticks: '4', '2,5' — no trailing ',0' on round numbers. */
export const formatAxis = (value: number) => axis.format(value);
export const formatDays = (value: number) => oneDecimal.format(value);

export interface PeriodTotals {
  opened: number;
  completed: number;
  /** Mean days to completion over every case completed in the period (weighted by bucket). */
  averageDays: number | null;
  /** Completed as a percentage of opened, rounded; null when nothing was opened. */
  completionRate: number | null;
}

export function periodTotals(series: readonly TPerformancePoint[]): PeriodTotals {
  let opened = 0;
  let completed = 0;
  let dayTotal = 0;
  for (const point of series) {
    opened += point.casesOpened;
    completed += point.casesCompleted;
    if (point.averageDaysToCompletion !== null) dayTotal += point.averageDaysToCompletion * point.casesCompleted;
  }
  return {
    opened,
    completed,
    averageDays: completed === 0 ? null : Math.round((dayTotal / completed) * 10) / 10,
    completionRate: opened === 0 ? null : Math.round((completed / opened) * 100),
  };
}

/** 'Dec 2025 to Nov 2026' for the series' first and last buckets. */
export function seriesRange(period: TAnalyticsPeriod, series: readonly TPerformancePoint[]): string {
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return 'no buckets';
  return `${bucketLongLabel(period, first.bucket)} to ${bucketLongLabel(period, last.bucket)}`;
}

function busiest(period: TAnalyticsPeriod, series: readonly TPerformancePoint[], key: 'casesOpened' | 'casesCompleted'): string {
  const top = series.reduce<TPerformancePoint | null>((best, point) => (best === null || point[key] > best[key] ? point : best), null);
  return top && top[key] > 0 ? `, most in ${bucketLongLabel(period, top.bucket)} (${formatCount(top[key])})` : '';
}

/** The accessible name of the Overview bar chart. */
export function volumeSummary(period: TAnalyticsPeriod, series: readonly TPerformancePoint[], chart: string): string {
  const totals = periodTotals(series);
  return (
    `${chart} of cases opened and completed per ${BUCKET_NOUN[period]}, ${seriesRange(period, series)}. ` +
    `Opened: ${formatCount(totals.opened)}${busiest(period, series, 'casesOpened')}. ` +
    `Completed: ${formatCount(totals.completed)}${busiest(period, series, 'casesCompleted')}.`
  );
}

/** The accessible name of the Trends line of average days to completion. */
export function daysSummary(period: TAnalyticsPeriod, series: readonly TPerformancePoint[]): string {
  const timed = series.filter((point) => point.averageDaysToCompletion !== null);
  const intro = `Line chart of average days to completion per ${BUCKET_NOUN[period]}, ${seriesRange(period, series)}.`;
  if (timed.length === 0) return `${intro} No case was completed in this period.`;
  const days = timed.map((point) => point.averageDaysToCompletion ?? 0);
  const latest = timed[timed.length - 1]!;
  return (
    `${intro} ${timed.length} of ${series.length} ${BUCKET_NOUN[period]}s had completions; ` +
    `from ${formatDays(Math.min(...days))} to ${formatDays(Math.max(...days))} days, ` +
    `latest ${formatDays(latest.averageDaysToCompletion ?? 0)} days in ${bucketLongLabel(period, latest.bucket)}.`
  );
}

/** The staff with the most of one figure, largest first, at most `limit` of them with a figure above zero. */
export function topStaff(workload: readonly TStaffWorkload[], key: 'activeCases' | 'hoursLogged', limit = 10): TStaffWorkload[] {
  return workload
    .filter((row) => row[key] > 0)
    .sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** The accessible name of a Team Performance bar chart: every bar read out. */
export function staffSummary(rows: readonly TStaffWorkload[], key: 'activeCases' | 'hoursLogged'): string {
  const what = key === 'activeCases' ? 'active cases' : 'hours logged';
  if (rows.length === 0) return `Bar chart of ${what} per staff member: none yet.`;
  const format = key === 'activeCases' ? formatCount : formatDays;
  return `Bar chart of ${what} for the top ${rows.length === 1 ? 'staff member' : `${rows.length} staff members`}: ${rows.map((row) => `${row.name} ${format(row[key])}`).join(', ')}.`;
}
