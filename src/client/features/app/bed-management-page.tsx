import { useQuery } from '@tanstack/react-query';
import { BedDouble } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { BED_STATUSES, type TBed } from '../../../shared/domain/beds';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';

const columns: Column<TBed>[] = [
  { header: 'Bed', cell: (row) => <span className="font-medium">{row.bedNumber}</span> },
  { header: 'Ward', cell: (row) => row.ward },
  { header: 'Type', cell: (row) => row.bedType, className: 'hidden sm:table-cell' },
  { header: 'Status', cell: (row) => <StatusBadge value={row.status} /> },
  { header: 'Patient', cell: (row) => row.patientId ?? '—', className: 'hidden text-muted-foreground md:table-cell' },
  { header: 'Nurse', cell: (row) => row.assignedNurse ?? '—', className: 'hidden text-muted-foreground lg:table-cell' },
];

/** SPEC §2.11 /bed-management: beds of a healthcare organisation with counts per status. */
export function BedManagementPage() {
  const identity = useIdentity();
  const onPlatform = PLATFORM_CONFIG[identity.platform].features.bedManagement;
  const allowed = onPlatform && can(identity, 'beds.view');
  const trpc = useTRPC();
  const beds = useQuery({ ...trpc.beds.list.queryOptions(), enabled: allowed });

  return (
    <AppPage title="Bed Management" description="Wards, beds and who is in them">
      {!onPlatform ? (
        <RestrictedState>Bed management is part of the Healthcare platform.</RestrictedState>
      ) : !allowed ? (
        <RestrictedState>Only administrators, nurses and directors can manage beds.</RestrictedState>
      ) : beds.isPending ? (
        <ListSkeleton label="Loading beds" />
      ) : beds.isError ? (
        <ErrorState title="Could not load beds" error={beds.error} onRetry={() => void beds.refetch()} />
      ) : beds.data.length === 0 ? (
        <EmptyState icon={BedDouble} title="No beds found">
          Beds added to your wards appear here with their status.
        </EmptyState>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            <div className="rounded-xl border bg-card px-4 py-3">
              <dt className="text-xs text-muted-foreground">Total Beds</dt>
              <dd className="text-2xl font-semibold tabular-nums">{beds.data.length}</dd>
            </div>
            {BED_STATUSES.map((status) => (
              <div key={status} className="rounded-xl border bg-card px-4 py-3">
                <dt className="text-xs text-muted-foreground">{status}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{beds.data.filter((bed) => bed.status === status).length}</dd>
              </div>
            ))}
          </dl>
          <SimpleTable caption="Beds" columns={columns} rows={beds.data} rowKey={(row) => row.id} />
        </>
      )}
    </AppPage>
  );
}
