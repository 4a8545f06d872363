import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/roles';
import { UsersScreen } from '../../features/users/users-screen';
import { requireStaff } from '../../lib/identity';

// /users (issue 7). Staff other than Administrators see "Access Restricted", not a 404.
export const Route = createFileRoute('/_app/users/')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Members, invitations and seats. Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context: { queryClient, trpc, identity } }) => {
    if (!can(identity, 'users.manage')) return;
    await Promise.all([
      queryClient.ensureQueryData(trpc.users.list.queryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(trpc.users.invitations.queryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(trpc.users.seats.queryOptions()).catch(() => undefined),
    ]);
  },
  component: UsersScreen,
});
