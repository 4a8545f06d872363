import { type TDashboardStats, ZPerformanceMetricsInput } from '../../../shared/domain/dashboard';
import { dayKey } from '../../../shared/calendar';
import { displayName } from '../fixtures/people';
import { bucketStarts, demoFigures, demoSeries } from '../fixtures/dashboard';
import type { DemoContext } from '../context';
import { type DemoProcedures, procedure } from '../procedure';
import { allAppointments, upcomingAppointments } from './appointments';
import { allBeds } from './beds';
import { allCases } from './cases';
import { allTimeEntries } from './costs';

// The dashboard shows the §3.6 sample figures; the counts a visitor can check against another
// screen (today's and upcoming appointments, bed occupancy, team size) come from the demo rows.

function stats(ctx: DemoContext): TDashboardStats {
  const figures = demoFigures(ctx.platform, ctx.dataRole);
  const today = dayKey();
  const beds = ctx.platform === 'healthcare' ? allBeds(ctx) : [];
  const occupancy = beds.length ? Math.round((beds.filter((b) => b.status === 'Occupied').length / beds.length) * 100) : null;
  return {
    activePatients: figures.activePatients,
    casesCompleted: figures.casesCompleted,
    totalCases: figures.activePatients + figures.casesCompleted,
    appointmentsToday: allAppointments(ctx).filter((a) => a.status !== 'Cancelled' && dayKey(a.startTime) === today).length,
    upcomingAppointments: upcomingAppointments(ctx).length,
    teamMembers: figures.teamMembers ?? ctx.members.filter((m) => m.role !== 'Patient').length,
    bedOccupancy: occupancy,
    revenueImpactCents: figures.revenueImpact * 100,
    teamEfficiency: figures.teamEfficiency,
  };
}

export const dashboardProcedures = {
  'dashboard.stats': procedure({ input: null, capability: 'dashboard.view', run: stats }),
  'dashboard.statsAlias': procedure({ input: null, capability: 'dashboard.view', run: stats }),

  'dashboard.performanceMetrics': procedure({
    input: ZPerformanceMetricsInput,
    capability: 'analytics.view',
    run(ctx, { period }) {
      const now = new Date();
      const { from, series } = demoSeries(ctx.platform, period, now);
      const windowStart = (bucketStarts(period, now).starts[0] ?? now).toISOString();
      const cases = allCases(ctx);
      const entries = allTimeEntries(ctx).filter((e) => e.endTime !== null && e.startTime >= windowStart);
      const staffWorkload = ctx.members
        .filter((m) => m.role !== 'Patient')
        .map((m) => {
          const mine = cases.filter((c) => c.assignedDoctorId === m.id || c.assignedNurseId === m.id || c.caseManagerId === m.id);
          const minutes = entries.filter((e) => e.userId === m.id).reduce((sum, e) => sum + (e.durationMinutes ?? 0), 0);
          return {
            userId: m.id,
            name: displayName(m),
            role: m.role,
            activeCases: mine.filter((c) => c.status !== 'Completed').length,
            completedCases: mine.filter((c) => c.completedAt !== null && c.completedAt >= windowStart).length,
            hoursLogged: Math.round((minutes / 60) * 10) / 10,
          };
        })
        .filter((w) => w.activeCases + w.completedCases + w.hoursLogged > 0)
        .sort((a, b) => b.activeCases - a.activeCases || b.hoursLogged - a.hoursLogged || a.name.localeCompare(b.name));
      return { period, from, to: now.toISOString(), series, staffWorkload };
    },
  }),
} satisfies Partial<DemoProcedures>;
