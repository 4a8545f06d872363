import { z } from 'zod';

// SPEC §3.6 and §2.10: dashboard figures and the analytics series, computed from the
// organisation's own rows (the sample figures of §3.6 are demo-mode only).

export const ZDashboardStats = z.object({
  /** Cases not Completed. */
  activePatients: z.number(),
  casesCompleted: z.number(),
  totalCases: z.number(),
  /** Appointments starting today (UTC), Cancelled ones left out. */
  appointmentsToday: z.number(),
  /** Appointments from now on that are neither Cancelled nor Completed. */
  upcomingAppointments: z.number(),
  /** Active staff memberships (Patients are not team members). */
  teamMembers: z.number(),
  /** Percent of the organisation's beds that are Occupied, rounded; null when it has no beds. */
  bedOccupancy: z.number().nullable(),
  /** Cost of time booked this calendar month (UTC), integer cents. */
  revenueImpactCents: z.number(),
  /** Percent of completed cases with an estimate that finished on or before it, rounded; null if none. */
  teamEfficiency: z.number().nullable(),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

export const ANALYTICS_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const ZAnalyticsPeriod = z.enum(ANALYTICS_PERIODS);
export type TAnalyticsPeriod = z.infer<typeof ZAnalyticsPeriod>;

export const ZPerformanceMetricsInput = z.object({ period: ZAnalyticsPeriod });
export type TPerformanceMetricsInput = z.infer<typeof ZPerformanceMetricsInput>;

export const ZPerformancePoint = z.object({
  /** 'YYYY-MM-DD' (a day, or the Monday of a week), 'YYYY-MM' or 'YYYY', all UTC. */
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
