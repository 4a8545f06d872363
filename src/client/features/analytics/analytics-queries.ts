import type { TAnalyticsPeriod } from '../../../shared/domain/dashboard';
import type { Trpc } from '../../trpc';

// What /analytics reads, shared by the screen and its route's loader (which loads with the first
// page: nothing heavy here) so both use one cache entry.

export const DEFAULT_ANALYTICS_PERIOD: TAnalyticsPeriod = 'monthly';

export const performanceMetricsQuery = (trpc: Trpc, period: TAnalyticsPeriod) => trpc.dashboard.performanceMetrics.queryOptions({ period });
