import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { OrganizationsPage } from '../../features/app/organizations-page';

export const Route = createFileRoute('/_app/organizations')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: OrganizationsPage,
});
