import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/roles';
import { AccountsScreen } from '../../features/accounts/accounts-screen';
import { requireStaff } from '../../lib/identity';

// /accounts (issue 33): the practice's accounts, claims, remittances and aged debtors.
export const Route = createFileRoute('/_app/accounts/')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loader: async ({ context }) => {
    if (!can(context.identity, 'accounts.manage')) return;
    await context.queryClient.ensureQueryData(context.trpc.accounts.list.queryOptions({})).catch(() => undefined);
  },
  component: AccountsScreen,
});
