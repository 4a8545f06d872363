import { useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import type { TStaffHourlyRate } from '../../../shared/domain/costs';
import { formatZar } from '../../../shared/format';
import { useIdentity, type Identity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { formatDate } from '../../components/data/app-format';
import { SimpleTable, type Column } from '../../components/data/simple-table';

/** SPEC §2.12: only an Administrator or a super admin (the stored role, or the demo id superadmin1). */
function mayUseCosts(identity: Identity): boolean {
  return identity.role === 'Administrator' || identity.isSuperAdmin;
}

const columns: Column<TStaffHourlyRate>[] = [
  { header: 'Staff member', cell: (row) => <span className="font-medium">{row.userName}</span> },
  { header: 'Role', cell: (row) => row.role, className: 'text-muted-foreground' },
  { header: 'Rate per hour', cell: (row) => formatZar(row.hourlyRateCents), className: 'text-right whitespace-nowrap tabular-nums' },
  { header: 'Effective', cell: (row) => formatDate(row.effectiveDate), className: 'hidden whitespace-nowrap text-muted-foreground sm:table-cell' },
];

/** SPEC §2.12 /cost-management: the hourly rates in force per staff member. */
export function CostManagementPage() {
  const identity = useIdentity();
  const allowed = mayUseCosts(identity);
  const trpc = useTRPC();
  // SPEC §6: rates are fetched only for the roles that may see them.
  const rates = useQuery({ ...trpc.costs.listRates.queryOptions(), enabled: allowed });

  return (
    <AppPage title="Cost Management" description="Hourly rates of your staff in ZAR">
      {!allowed ? (
        <RestrictedState>Only administrators and super admins can access cost management features.</RestrictedState>
      ) : rates.isPending ? (
        <ListSkeleton label="Loading hourly rates" />
      ) : rates.isError ? (
        <ErrorState title="Could not load hourly rates" error={rates.error} onRetry={() => void rates.refetch()} />
      ) : rates.data.length === 0 ? (
        <EmptyState icon={Wallet} title="No Hourly Rates Set">
          Set a rate per staff member to see what each case costs.
        </EmptyState>
      ) : (
        <SimpleTable caption="Hourly rates" columns={columns} rows={rates.data} rowKey={(row) => row.id} />
      )}
    </AppPage>
  );
}
