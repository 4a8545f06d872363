import { teamMembersOf } from './case-file-state';
import { myOpenTasks } from './case-tasks';
import { type TDashboardStats, type TWorkspace, type TWorkspaceCase, ZPerformanceMetricsInput } from '../../../shared/domain/dashboard';
import type { TCase } from '../../../shared/domain/cases';
import { seesRevenue } from '../../../shared/dashboard-variants';
import { can } from '../../../shared/roles';
import { addMonths, dayKey, startOfMonth } from '../../../shared/calendar';
import { displayName } from '../fixtures/people';
import { bucketStarts, demoFigures, demoSeries } from '../fixtures/dashboard';
import type { DemoContext } from '../context';
import { type DemoProcedures, procedure } from '../procedure';
import { allAppointments, upcomingAppointments } from './appointments';
import { allBeds } from './beds';
import { allCases, visibleCases } from './cases';
import { allTimeEntries } from './costs';
import { allMessages } from './messages';
import { visibleChats } from './support';
import { demoSettlementRate } from './settlements';

// The dashboard shows the §3.6 sample figures; the counts a visitor can check against another
// screen (today's and upcoming appointments, bed occupancy, team size) and the settlement rate
// (issue 20: the settlement log the visitor can add to) come from the demo rows.

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
    revenueImpactCents: seesRevenue({ role: ctx.identity.role, isSuperAdmin: ctx.isSuperAdmin }) ? figures.revenueImpact * 100 : null,
    teamEfficiency: figures.teamEfficiency,
    // Issue 20: computed from the demo settlement log and the visitor's own events, as the server does.
    settlementRate: demoSettlementRate(ctx),
  };
}

const PRIORITY_RANK = { High: 0, Medium: 1, Low: 2 } as const;
const byPressure = (a: TCase, b: TCase) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || b.updatedAt.localeCompare(a.updatedAt);

function panelCase(c: TCase): TWorkspaceCase {
  const { id, patientName, caseType, status, priority, progressPercentage, bedNumber, urgentFlags, estimatedDischarge, assignedDoctor, updatedAt } = c;
  return { id, patientName, caseType, status, priority, progressPercentage, bedNumber, urgentFlags, estimatedDischarge, assignedDoctor, updatedAt };
}

/** As the server's workspace: the visitor's own cases, time and open work in the demo rows. */
function workspace(ctx: DemoContext): TWorkspace {
  const me = ctx.me.id;
  // The cases this demo role may see (SPEC §6 demo visibility), so the panels agree with the case list.
  const visible = visibleCases(ctx);
  const active = visible.filter((c) => c.status !== 'Completed');
  // Being on the case's team (any role) is what "assigned to me" means (decision 0032).
  const mine = active.filter((c) => teamMembersOf(ctx, c).some((m) => m.userId === me)).sort(byPressure);
  const openTasks = myOpenTasks(ctx);
  const watch = active.filter((c) => c.priority === 'High' || c.urgentFlags.length > 0).sort(byPressure);
  const recent = [...visible].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, 5);
  const month = startOfMonth(new Date());
  const [from, to] = [month.toISOString(), addMonths(month, 1).toISOString()];
  const billable = allTimeEntries(ctx).filter((e) => e.userId === me && e.endTime !== null && e.startTime >= from && e.startTime < to);
  const today = dayKey();
  return {
    myCases: mine.slice(0, 6).map(panelCase),
    myActiveCases: mine.length,
    watchList: watch.slice(0, 6).map(panelCase),
    recentUpdates: recent.map(panelCase),
    tasks: {
      assignedCases: mine.length,
      appointmentsToday: allAppointments(ctx).filter((a) => a.status !== 'Cancelled' && dayKey(a.startTime) === today).length,
      unreadMessages: allMessages(ctx).filter((m) => !m.isRead).length,
      openSupportChats: visibleChats(ctx).filter((c) => c.initiatorId === me && (c.status === 'Open' || c.status === 'In Progress')).length,
      openTasks: openTasks.length,
      overdueTasks: openTasks.filter((t) => t.overdue).length,
    },
    billable: {
      entries: billable.length,
      minutes: billable.reduce((sum, e) => sum + (e.durationMinutes ?? 0), 0),
      cents: billable.reduce((sum, e) => sum + e.totalCostCents, 0),
    },
  };
}

export const dashboardProcedures = {
  'dashboard.workspace': procedure({ input: null, capability: 'dashboard.view', run: workspace }),
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
      // As on the server (decision 0027): colleagues' figures for those with analytics.team, else one's own row.
      const seesTeam = can({ role: ctx.identity.role, isSuperAdmin: ctx.identity.isSuperAdmin }, 'analytics.team');
      const staffWorkload = ctx.members
        .filter((m) => m.role !== 'Patient')
        .filter((m) => seesTeam || m.id === ctx.me.id)
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
