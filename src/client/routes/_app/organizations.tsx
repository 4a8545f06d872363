import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { can } from '../../../shared/roles';
import { OrganizationsScreen } from '../../features/organizations/organizations-screen';

export const Route = createFileRoute('/_app/organizations')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context }) => {
    if (!can(context.identity, 'organizations.manage')) return;
    await context.queryClient.ensureQueryData(context.trpc.organizations.list.queryOptions()).catch(() => undefined);
  },
  component: OrganizationsScreen,
});
