import { createFileRoute } from '@tanstack/react-router';
import { UsersScreen } from '../../features/users/users-screen';
import { requireStaff } from '../../lib/identity';

// /users (issue 7). Staff other than Administrators see "Access Restricted", not a 404.
export const Route = createFileRoute('/_app/users/')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: UsersScreen,
});
