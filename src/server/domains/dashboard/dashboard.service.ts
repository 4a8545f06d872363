import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { FINISHED_APPOINTMENT_STATUSES } from '../../../shared/domain/appointments';
import type { TDashboardStats } from '../../../shared/domain/dashboard';
import type { TenantActor } from '../../auth/actor';
import { seesRevenue } from '../../../shared/dashboard-variants';
import { addDays, addMonths, startOfDay, startOfMonth } from '../../../shared/calendar';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { organisationSettlementRate } from '../settlements/settlements.service';

// The dashboard's figures, counted from the organisation's rows. "Today" and "this month" are South
// African calendar days and months (src/shared/calendar.ts).

const percent = (part: number, whole: number) => Math.round((part * 100) / whole);

export async function getDashboardStats(db: Kysely<DB>, actor: TenantActor, now: Date = new Date()): Promise<TDashboardStats> {
  const org = actor.organizationId;
  const nowText = now.toISOString();
  const today = startOfDay(now);
  const month = startOfMonth(now);

  const [caseCounts, appointmentsToday, upcoming, members, beds, revenue, estimated, settlementRate] = await Promise.all([
    // The per-organisation counts the triggers of migration 0007 keep (decision 0017), as the case
    // list's total does: counting 200,000 index entries on every dashboard load is what they spare.
    db.selectFrom('case_counts').select(['status', 'n']).where('organization_id', '=', org).execute(),
    db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', org)
      .where('start_time', '>=', today.toISOString())
      .where('start_time', '<', addDays(today, 1).toISOString())
      .where('status', '!=', 'Cancelled')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', org)
      .where('start_time', '>=', nowText)
      .where('status', 'not in', FINISHED_APPOINTMENT_STATUSES)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', org)
      .where('status', '=', 'active')
      .where('role', '!=', 'Patient')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('beds')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('organization_id', '=', org)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('time_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cost_cents'), eb.lit(0)).as('cents'))
      .where('organization_id', '=', org)
      .where('start_time', '>=', month.toISOString())
      .where('start_time', '<', addMonths(month, 1).toISOString())
      .executeTakeFirstOrThrow(),
    // Completed cases with an estimated discharge, and how many finished by it, in one read of the
    // partial index cases_on_time_idx (migration 0018): its conditions are written as literals so
    // that both databases see the query is within the index.
    db
      .selectFrom('cases')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        // ISO-8601 UTC text from db/time.ts compares chronologically as text in both dialects.
        eb.fn.coalesce(eb.fn.sum<number>(sql`case when completed_at <= estimated_discharge then 1 else 0 end`), eb.lit(0)).as('on_time'),
      ])
      .where('organization_id', '=', org)
      .where(sql<SqlBool>`status = 'Completed' and completed_at is not null and estimated_discharge is not null`)
      .executeTakeFirstOrThrow(),
    // Issue 20: from the settlement log, on the platforms that keep one.
    PLATFORM_CONFIG[actor.platform].features.courtCases ? organisationSettlementRate(db, actor) : Promise.resolve(null),
  ]);

  const totalCases = caseCounts.reduce((sum, row) => sum + Number(row.n), 0);
  const casesCompleted = Number(caseCounts.find((row) => row.status === 'Completed')?.n ?? 0);
  const totalBeds = beds.reduce((sum, row) => sum + Number(row.n), 0);
  const occupiedBeds = Number(beds.find((row) => row.status === 'Occupied')?.n ?? 0);
  const withEstimate = Number(estimated.n);

  return {
    activePatients: totalCases - casesCompleted,
    casesCompleted,
    totalCases,
    appointmentsToday: Number(appointmentsToday.n),
    upcomingAppointments: Number(upcoming.n),
    teamMembers: Number(members.n),
    bedOccupancy: totalBeds === 0 ? null : percent(occupiedBeds, totalBeds),
    revenueImpactCents: seesRevenue(actor) ? Number(revenue.cents) : null,
    teamEfficiency: withEstimate === 0 ? null : percent(Number(estimated.on_time), withEstimate),
    settlementRate,
  };
}
