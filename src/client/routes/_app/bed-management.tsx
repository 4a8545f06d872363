import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { BedManagementScreen } from '../../features/beds/bed-management-screen';

export const Route = createFileRoute('/_app/bed-management')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: BedManagementScreen,
});
