import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CostManagementScreen } from '../../features/costs/cost-management-screen';

export const Route = createFileRoute('/_app/cost-management')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // The tab it opens on (Hourly Rates) and its staff picker. Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context: { queryClient, trpc } }) => {
    await Promise.all([
      queryClient.ensureQueryData(trpc.costs.listRates.queryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(trpc.users.list.queryOptions()).catch(() => undefined),
    ]);
  },
  component: CostManagementScreen,
});
