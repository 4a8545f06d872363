import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { OrganizationsScreen } from '../../features/organizations/organizations-screen';

export const Route = createFileRoute('/_app/organizations')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: OrganizationsScreen,
});
