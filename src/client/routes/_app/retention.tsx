import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/roles';
import { RetentionScreen } from '../../features/retention/retention-screen';
import { requireStaff } from '../../lib/identity';

// /retention (issue 8): closed cases past their retention period, for an Administrator to de-identify.
export const Route = createFileRoute('/_app/retention')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context }) => {
    if (!can(context.identity, 'retention.manage')) return;
    await context.queryClient.ensureQueryData(context.trpc.retention.overview.queryOptions()).catch(() => undefined);
  },
  component: RetentionScreen,
});
