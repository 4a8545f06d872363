import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import type { TOrganization } from '../../../shared/domain/organizations';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';

const columns: Column<TOrganization>[] = [
  { header: 'Organization', cell: (row) => <span className="font-medium">{row.name}</span> },
  { header: 'Platform', cell: (row) => PLATFORM_CONFIG[row.platform].name },
  { header: 'Type', cell: (row) => row.type, className: 'hidden md:table-cell' },
  { header: 'City', cell: (row) => [row.city, row.province].filter(Boolean).join(', ') || '—', className: 'hidden text-muted-foreground lg:table-cell' },
  { header: 'Members', cell: (row) => row.memberCount, className: 'text-right tabular-nums' },
  { header: 'Status', cell: (row) => <StatusBadge value={row.isActive ? 'Active' : 'Inactive'} /> },
];

/** SPEC §2.10 /organizations: every organisation on the platform (Super Admin). */
export function OrganizationsPage() {
  const identity = useIdentity();
  const allowed = can(identity, 'organizations.manage');
  const trpc = useTRPC();
  const organizations = useQuery({ ...trpc.organizations.list.queryOptions(), enabled: allowed });

  return (
    <AppPage title="Organizations" description="Hospitals, clinics, firms and units using CaseBridge">
      {!allowed ? (
        <RestrictedState>Only super admins can manage organizations.</RestrictedState>
      ) : organizations.isPending ? (
        <ListSkeleton label="Loading organizations" />
      ) : organizations.isError ? (
        <ErrorState title="Could not load organizations" error={organizations.error} onRetry={() => void organizations.refetch()} />
      ) : organizations.data.length === 0 ? (
        <EmptyState icon={Building2} title="No organizations yet">
          Organizations created for trials and customers appear here.
        </EmptyState>
      ) : (
        <SimpleTable caption="Organizations" columns={columns} rows={organizations.data} rowKey={(row) => row.id} />
      )}
    </AppPage>
  );
}
