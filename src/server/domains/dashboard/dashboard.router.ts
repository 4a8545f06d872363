import { z } from 'zod';
import { ZDashboardStats, ZPerformanceMetrics, ZPerformanceMetricsInput, ZWorkspace } from '../../../shared/domain/dashboard';
import { ZTasks } from '../../../shared/domain/tasks';
import { router, tenantProcedure } from '../../trpc';
import { getDashboardStats } from './dashboard.service';
import { getPerformanceMetrics } from './performance-metrics.service';
import { getTasks } from './tasks.service';
import { getWorkspace } from './workspace.service';
import { getStateClaims } from './state-claims.service';
import { ZStateClaims } from '../../../shared/domain/state-claims';

const tags = ['dashboard'];

export const dashboardRouter = router({
  stats: tenantProcedure
    .meta({ capability: 'dashboard.view', openapi: { method: 'GET', path: '/dashboard/stats', tags, summary: "Dashboard figures from the organisation's data" } })
    .input(z.void())
    .output(ZDashboardStats)
    .query(({ ctx }) => getDashboardStats(ctx.db, ctx.actor)),

  /** SPEC §7.1 reads the same figures from /api/dashboard-stats. */
  statsAlias: tenantProcedure
    .meta({ capability: 'dashboard.view', openapi: { method: 'GET', path: '/dashboard-stats', tags, summary: 'Alias of GET /dashboard/stats' } })
    .input(z.void())
    .output(ZDashboardStats)
    .query(({ ctx }) => getDashboardStats(ctx.db, ctx.actor)),

  /** SPEC §2.9 role panels: the caller's cases, watch list, recent updates, open work and billable time. */
  workspace: tenantProcedure
    .meta({ capability: 'dashboard.view', openapi: { method: 'GET', path: '/dashboard/workspace', tags, summary: "The caller's own work for the dashboard panels" } })
    .input(z.void())
    .output(ZWorkspace)
    .query(({ ctx }) => getWorkspace(ctx.db, ctx.actor)),

  /** Issue 7 /tasks: the workspace's task counts as lists (up to 50 each, with totals); issue 18 adds the open tasks. */
  tasks: tenantProcedure
    .meta({ capability: 'dashboard.view', openapi: { method: 'GET', path: '/dashboard/tasks', tags, summary: "The caller's open work: assigned cases, open tasks, today's appointments, unread messages, open support chats" } })
    .input(z.void())
    .output(ZTasks)
    .query(({ ctx }) => getTasks(ctx.db, ctx.actor)),

  /** Issue 32: the State unit's own figures — open claims, contingent liability, claims by hospital, deadlines, mandates. */
  stateClaims: tenantProcedure
    .meta({ capability: 'cases.view', feature: 'stateDefence', openapi: { method: 'GET', path: '/dashboard/state-claims', tags, summary: "The State unit's exposure: open claims and their total value (contingent liability), claims by hospital, deadlines this week, Head of Department mandates awaited" } })
    .input(z.void())
    .output(ZStateClaims)
    .query(({ ctx }) => getStateClaims(ctx.db, ctx.actor)),

  performanceMetrics: tenantProcedure
    .meta({ capability: 'analytics.view', openapi: { method: 'GET', path: '/performance-metrics', tags, summary: 'Cases opened and completed, time to completion and staff workload per period' } })
    .input(ZPerformanceMetricsInput)
    .output(ZPerformanceMetrics)
    .query(({ ctx, input }) => getPerformanceMetrics(ctx.db, ctx.actor, input.period)),
});
