import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type {
  TAnalyticsPeriod,
  TPerformanceMetrics,
  TPerformancePoint,
  TStaffWorkload,
} from '../../../shared/domain/dashboard';
import { fullName } from '../../../shared/format';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import {
  addDays,
  addMonths,
  dayKey,
  daysBetween,
  monthKey,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
  yearKey,
} from '../../../shared/calendar';

// The Analytics screen's series (SPEC §2.10): cases opened and completed per bucket, how long the
// completed ones took, and who carries the work. Rows are fetched for the window and bucketed here
// in JS, so the same code means the same thing on SQLite and Postgres.

interface PeriodPlan {
  /** Start of every bucket, oldest first; the first is the window's start. */
  starts: Date[];
  keyOf(iso: string): string;
  keyOfStart(start: Date): string;
}

function planFor(period: TAnalyticsPeriod, now: Date): PeriodPlan {
  const range = (count: number, last: Date, step: (d: Date, n: number) => Date) =>
    Array.from({ length: count }, (_, i) => step(last, i - (count - 1)));
  switch (period) {
    case 'daily':
      return { starts: range(14, startOfDay(now), addDays), keyOf: dayKey, keyOfStart: dayKey };
    case 'weekly':
      return {
        starts: range(12, startOfWeek(now), (d, n) => addDays(d, 7 * n)),
        keyOf: (iso) => dayKey(startOfWeek(new Date(iso))),
        keyOfStart: dayKey,
      };
    case 'monthly':
      return { starts: range(12, startOfMonth(now), addMonths), keyOf: monthKey, keyOfStart: monthKey };
    case 'yearly':
      return { starts: range(5, startOfYear(now), (d, n) => addMonths(d, 12 * n)), keyOf: yearKey, keyOfStart: yearKey };
  }
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export async function getPerformanceMetrics(
  db: Kysely<DB>,
  actor: TenantActor,
  period: TAnalyticsPeriod,
  now: Date = new Date(),
): Promise<TPerformanceMetrics> {
  const org = actor.organizationId;
  const plan = planFor(period, now);
  const from = plan.starts[0]!.toISOString();
  const to = now.toISOString();

  const [cases, members, hours] = await Promise.all([
    // Cases opened or completed in the window, plus every running case (for staff workload).
    db
      .selectFrom('cases')
      .select(['id', 'status', 'created_at', 'completed_at', 'assigned_doctor_id', 'assigned_nurse_id', 'case_manager_id'])
      .where('organization_id', '=', org)
      .where((eb) => eb.or([eb('created_at', '>=', from), eb('completed_at', '>=', from), eb('status', '!=', 'Completed')]))
      .execute(),
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id', 'users.first_name', 'users.last_name', 'memberships.role'])
      .where('memberships.organization_id', '=', org)
      .where('memberships.status', '=', 'active')
      .execute(),
    // A running entry (no end yet) has logged nothing so far: only finished entries count.
    db
      .selectFrom('time_entries')
      .select(['user_id', (eb) => eb.fn.sum<number>('duration_minutes').as('minutes'), (eb) => eb.fn.countAll<number>().as('entries')])
      .where('organization_id', '=', org)
      .where('start_time', '>=', from)
      .where('start_time', '<=', to)
      .where('duration_minutes', 'is not', null)
      .groupBy('user_id')
      .execute(),
  ]);

  const points = new Map<string, { opened: number; completed: number; days: number }>(
    plan.starts.map((start) => [plan.keyOfStart(start), { opened: 0, completed: 0, days: 0 }]),
  );
  const completedInWindow = (c: (typeof cases)[number]) => c.status === 'Completed' && c.completed_at !== null && c.completed_at >= from;
  for (const c of cases) {
    if (c.created_at >= from) {
      const point = points.get(plan.keyOf(c.created_at));
      if (point) point.opened += 1;
    }
    if (completedInWindow(c)) {
      const point = points.get(plan.keyOf(c.completed_at!));
      if (point) {
        point.completed += 1;
        point.days += daysBetween(c.created_at, c.completed_at!);
      }
    }
  }
  const series: TPerformancePoint[] = [...points].map(([bucket, p]) => ({
    bucket,
    casesOpened: p.opened,
    casesCompleted: p.completed,
    averageDaysToCompletion: p.completed === 0 ? null : oneDecimal(p.days / p.completed),
  }));

  // A person on a case twice (say doctor and case manager) counts it once.
  const active = new Map<string, Set<string>>();
  const completed = new Map<string, Set<string>>();
  for (const c of cases) {
    const target = c.status !== 'Completed' ? active : completedInWindow(c) ? completed : null;
    if (!target) continue;
    for (const userId of [c.assigned_doctor_id, c.assigned_nurse_id, c.case_manager_id]) {
      if (userId === null) continue;
      if (!target.has(userId)) target.set(userId, new Set());
      target.get(userId)!.add(c.id);
    }
  }
  const minutesOf = new Map(hours.map((h) => [h.user_id, Number(h.minutes ?? 0)]));

  const seesTeam = can(actor, 'analytics.team');
  const staffWorkload: TStaffWorkload[] = members
    .map((m) => ({
      userId: m.id,
      name: fullName(m.first_name, m.last_name) ?? '',
      role: m.role,
      activeCases: active.get(m.id)?.size ?? 0,
      completedCases: completed.get(m.id)?.size ?? 0,
      hoursLogged: oneDecimal((minutesOf.get(m.id) ?? 0) / 60),
      logged: minutesOf.has(m.id),
    }))
    // Figures about colleagues are for those who manage the team (SPEC §6); everyone else sees their own row.
    .filter((w) => seesTeam || w.userId === actor.userId)
    .filter((w) => w.activeCases > 0 || w.completedCases > 0 || w.logged)
    .map(({ logged: _logged, ...w }) => w)
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));

  return { period, from, to, series, staffWorkload };
}
