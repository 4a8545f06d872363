import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { BedManagementPage } from '../../features/app/bed-management-page';

export const Route = createFileRoute('/_app/bed-management')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: BedManagementPage,
});
