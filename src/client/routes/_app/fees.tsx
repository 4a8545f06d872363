import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/roles';
import { FeeReportsScreen } from '../../features/fee-reports/fee-reports-screen';
import { requireStaff } from '../../lib/identity';

// /fees (issue 34): the firm's fee reports — work in progress, aged debtors, fees against target, targets.
export const Route = createFileRoute('/_app/fees')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loader: async ({ context }) => {
    if (!can(context.identity, 'fees.manage')) return;
    await context.queryClient.ensureQueryData(context.trpc.feeReports.wip.queryOptions({})).catch(() => undefined);
  },
  component: FeeReportsScreen,
});
