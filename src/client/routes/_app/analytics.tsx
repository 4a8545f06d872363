import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { AnalyticsPage } from '../../features/analytics/analytics-page';

export const Route = createFileRoute('/_app/analytics')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: AnalyticsPage,
});
