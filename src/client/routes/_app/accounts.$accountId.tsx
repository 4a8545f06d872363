import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/roles';
import { AccountPage } from '../../features/accounts/account-page';
import { requireStaff } from '../../lib/identity';

// /accounts/<account id> (issue 33): one account — its lines, the claim, shortfalls, payments.
export const Route = createFileRoute('/_app/accounts/$accountId')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loader: async ({ context, params }) => {
    if (!can(context.identity, 'accounts.manage')) return;
    await context.queryClient.ensureQueryData(context.trpc.accounts.get.queryOptions({ id: params.accountId })).catch(() => undefined);
  },
  component: AccountRoute,
});

function AccountRoute() {
  const { accountId } = Route.useParams();
  return <AccountPage accountId={accountId} />;
}
