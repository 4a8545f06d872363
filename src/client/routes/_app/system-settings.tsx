import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { can } from '../../../shared/roles';
import { SystemSettingsScreen } from '../../features/system-settings/system-settings-screen';

export const Route = createFileRoute('/_app/system-settings')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context }) => {
    if (!can(context.identity, 'organizations.manage')) return;
    await context.queryClient.ensureQueryData(context.trpc.platform.systemOverview.queryOptions()).catch(() => undefined);
  },
  component: SystemSettingsScreen,
});
