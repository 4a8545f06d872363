import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { awaitOnEnter } from '../../lib/route-data';
import { BillingScreen } from '../../features/billing/billing-screen';
import { billingStatementQuery, statementMonthOf, validateBillingSearch } from '../../features/billing/billing-month';
import { mayUseBilling } from '../../features/billing/may-use-billing';

export const Route = createFileRoute('/_app/billing')({
  validateSearch: (raw: Record<string, unknown>) => validateBillingSearch(raw),
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loaderDeps: ({ search }) => search,
  // The plan and the month's statement before the screen mounts (lib/route-data.ts: another month
  // chosen on the screen keeps the last one dimmed rather than holding the navigation).
  loader: async ({ context: { queryClient, trpc, identity }, deps, cause }) => {
    if (!mayUseBilling(identity)) return;
    await awaitOnEnter(cause, [
      queryClient.ensureQueryData(trpc.billing.summary.queryOptions()),
      queryClient.ensureQueryData(billingStatementQuery(trpc, statementMonthOf(deps))),
    ]);
  },
  component: BillingScreen,
});
