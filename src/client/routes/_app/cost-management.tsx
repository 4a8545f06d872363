import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CostManagementPage } from '../../features/app/cost-management-page';

export const Route = createFileRoute('/_app/cost-management')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: CostManagementPage,
});
