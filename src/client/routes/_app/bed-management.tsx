import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { BedManagementScreen } from '../../features/beds/bed-management-screen';
import { mayViewBeds } from '../../features/beds/may-view-beds';

export const Route = createFileRoute('/_app/bed-management')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context: { queryClient, trpc, identity } }) => {
    if (!mayViewBeds(identity)) return;
    await Promise.all([
      queryClient.ensureQueryData(trpc.beds.list.queryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(trpc.admissions.list.queryOptions()).catch(() => undefined),
    ]);
  },
  component: BedManagementScreen,
});
