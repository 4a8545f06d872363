import { z } from 'zod';
import { ZCase } from './cases';

// SPEC §3.6 and §2.10: dashboard figures and the analytics series, computed from the
// organisation's own rows (the sample figures of §3.6 are demo-mode only).

export const ZDashboardStats = z.object({
  /** Cases not Completed. */
  activePatients: z.number(),
  casesCompleted: z.number(),
  totalCases: z.number(),
  /** Appointments starting today (a South African calendar day), Cancelled ones left out. */
  appointmentsToday: z.number(),
  /** Appointments from now on that are neither Cancelled nor Completed. */
  upcomingAppointments: z.number(),
  /** Active staff memberships (Patients are not team members). */
  teamMembers: z.number(),
  /** Percent of the organisation's beds that are Occupied, rounded; null when it has no beds. */
  bedOccupancy: z.number().nullable(),
  /**
   * Cost of time booked this South African calendar month, integer cents; null for the roles that do
   * not see revenue (SPEC §2.9: Administrator and Finance Staff do, and Super Admin).
   */
  revenueImpactCents: z.number().nullable(),
  /** Percent of completed cases with an estimate that finished on or before it, rounded; null if none. */
  teamEfficiency: z.number().nullable(),
  /**
   * Issue 20: of the matters concluded by settlement or court order, the percent settled, rounded
   * (definition in settlement-figures.ts); null with none concluded, or on a platform without court cases.
   */
  settlementRate: z.number().nullable(),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

export const ANALYTICS_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const ZAnalyticsPeriod = z.enum(ANALYTICS_PERIODS);
export type TAnalyticsPeriod = z.infer<typeof ZAnalyticsPeriod>;

export const ZPerformanceMetricsInput = z.object({ period: ZAnalyticsPeriod });
export type TPerformanceMetricsInput = z.infer<typeof ZPerformanceMetricsInput>;

export const ZPerformancePoint = z.object({
  /** 'YYYY-MM-DD' (a day, or the Monday of a week), 'YYYY-MM' or 'YYYY', keys of South African calendar days, weeks, months and years (src/shared/calendar.ts). */
  bucket: z.string(),
  casesOpened: z.number(),
  casesCompleted: z.number(),
  /** Mean of (completed − opened) in days, one decimal, over the cases completed in the bucket. */
  averageDaysToCompletion: z.number().nullable(),
});
export type TPerformancePoint = z.infer<typeof ZPerformancePoint>;

export const ZStaffWorkload = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.string(),
  /** Cases this person is assigned to (doctor, nurse or case manager) that are not Completed. */
  activeCases: z.number(),
  /** Cases this person is assigned to that were completed within the period. */
  completedCases: z.number(),
  /** Hours of finished time entries started within the period, one decimal. */
  hoursLogged: z.number(),
});
export type TStaffWorkload = z.infer<typeof ZStaffWorkload>;

export const ZPerformanceMetrics = z.object({
  period: ZAnalyticsPeriod,
  /** Start of the first bucket (inclusive) and the moment the figures were taken, ISO UTC. */
  from: z.string(),
  to: z.string(),
  series: z.array(ZPerformancePoint),
  staffWorkload: z.array(ZStaffWorkload),
});
export type TPerformanceMetrics = z.infer<typeof ZPerformanceMetrics>;

/** A case as the dashboard panels show it. */
export const ZWorkspaceCase = ZCase.pick({
  id: true,
  patientName: true,
  caseType: true,
  status: true,
  priority: true,
  progressPercentage: true,
  bedNumber: true,
  urgentFlags: true,
  estimatedDischarge: true,
  assignedDoctor: true,
  updatedAt: true,
});
export type TWorkspaceCase = z.infer<typeof ZWorkspaceCase>;

/** SPEC §2.9 role panels: the caller's own work, from the organisation's rows. */
export const ZWorkspace = z.object({
  /** Active (not Completed) cases whose team the caller is on (any role): up to 6, High priority first. */
  myCases: z.array(ZWorkspaceCase),
  myActiveCases: z.number(),
  /** Active cases of the organisation with urgent flags or High priority: up to 6 (the clinical monitor). */
  watchList: z.array(ZWorkspaceCase),
  /** The 5 cases of the organisation changed most recently. */
  recentUpdates: z.array(ZWorkspaceCase),
  /** The caller's open work, each a count that links to its screen. */
  tasks: z.object({
    assignedCases: z.number(),
    appointmentsToday: z.number(),
    unreadMessages: z.number(),
    openSupportChats: z.number(),
    /** Open tasks assigned to the caller (issue 18), on cases they may read. */
    openTasks: z.number(),
    /** Of those, the ones due before today (South African day). */
    overdueTasks: z.number(),
  }),
  /** The caller's own finished time entries started this South African calendar month. */
  billable: z.object({ entries: z.number(), minutes: z.number(), cents: z.number() }),
});
export type TWorkspace = z.infer<typeof ZWorkspace>;
