import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { AnalyticsPage } from '../../features/analytics/analytics-page';
import { DEFAULT_ANALYTICS_PERIOD, performanceMetricsQuery } from '../../features/analytics/analytics-queries';

export const Route = createFileRoute('/_app/analytics')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(performanceMetricsQuery(context.trpc, DEFAULT_ANALYTICS_PERIOD)).catch(() => undefined);
  },
  component: AnalyticsPage,
});
