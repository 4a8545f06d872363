import { createFileRoute } from '@tanstack/react-router';
import { InviteScreen } from '../../features/users/invite-screen';
import { requireStaff } from '../../lib/identity';

// /users/invite (issue 7): a sibling of users.index.tsx, so both render without a shared layout.
export const Route = createFileRoute('/_app/users/invite')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: InviteScreen,
});
