import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CrmScreen } from '../../features/crm/crm-screen';

export const Route = createFileRoute('/_app/crm')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.crm.list.queryOptions()).catch(() => undefined);
  },
  component: CrmScreen,
});
