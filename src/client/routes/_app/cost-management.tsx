import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CostManagementScreen } from '../../features/costs/cost-management-screen';

export const Route = createFileRoute('/_app/cost-management')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: CostManagementScreen,
});
