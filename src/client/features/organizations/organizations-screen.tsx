import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Building2, Pencil, Plus, PowerOff } from 'lucide-react';
import type { TOrganization } from '../../../shared/domain/organizations';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';
import { Button } from '../../components/ui/button';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { DeactivateOrganizationDialog } from './deactivate-organization-dialog';
import { OrganizationFormDialog } from './organization-form-dialog';

/** SPEC §2.10 /organizations: every organisation, with create, edit and deactivate (Super Admin). */
export function OrganizationsScreen() {
  const identity = useIdentity();
  const allowed = can(identity, 'organizations.manage');
  const trpc = useTRPC();
  const organizations = useQuery({ ...trpc.organizations.list.queryOptions(), enabled: allowed });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<TOrganization | null>(null);
  const [deactivating, setDeactivating] = useState<TOrganization | null>(null);

  const columns: Column<TOrganization>[] = [
    { header: 'Organization', cell: (row) => <span className="font-medium">{row.name}</span> },
    { header: 'Platform', cell: (row) => PLATFORM_CONFIG[row.platform].name, className: 'hidden sm:table-cell' },
    { header: 'Type', cell: (row) => row.type, className: 'hidden md:table-cell' },
    { header: 'Location', cell: (row) => [row.city, row.province].filter(Boolean).join(', ') || '—', className: 'hidden text-muted-foreground lg:table-cell' },
    { header: 'Beds', cell: (row) => row.totalBeds, className: 'hidden text-right tabular-nums lg:table-cell' },
    { header: 'Members', cell: (row) => row.memberCount, className: 'hidden text-right tabular-nums md:table-cell' },
    { header: 'Status', cell: (row) => <StatusBadge value={row.isActive ? 'Active' : 'Inactive'} /> },
    {
      header: 'Actions',
      className: 'text-right',
      cell: (row) => (
        <div className="flex justify-end gap-1">
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Edit ${row.name}`}
            onClick={() => {
              setEditing(row);
              setFormOpen(true);
            }}
          >
            <Pencil aria-hidden="true" />
          </Button>
          {row.isActive && (
            <Button size="icon" variant="ghost" aria-label={`Deactivate ${row.name}`} onClick={() => setDeactivating(row)}>
              <PowerOff aria-hidden="true" className="text-destructive" />
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <AppPage
      title="Organizations"
      description="Hospitals, clinics, firms and units using CaseBridge"
      actions={
        allowed && (
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <Plus aria-hidden="true" />
            New Organization
          </Button>
        )
      }
    >
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
      <OrganizationFormDialog open={formOpen} onOpenChange={setFormOpen} organization={editing} />
      <DeactivateOrganizationDialog organization={deactivating} onClose={() => setDeactivating(null)} />
    </AppPage>
  );
}
