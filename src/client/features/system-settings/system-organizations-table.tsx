import type { TSystemOrganization } from '../../../shared/domain/system-settings';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { formatDate } from '../../../shared/format';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';

function TrialCell({ org }: { org: TSystemOrganization }) {
  const { trial } = org;
  if (trial.state === 'plan') return <span className="capitalize">{trial.plan} plan</span>;
  if (trial.state === 'ended') return <span className="text-destructive">Trial ended {formatDate(trial.endsAt)}</span>;
  return (
    <span>
      Trial: {trial.daysLeft} {trial.daysLeft === 1 ? 'day' : 'days'} left
      <span className="block text-xs text-muted-foreground">ends {formatDate(trial.endsAt)}</span>
    </span>
  );
}

const columns: Column<TSystemOrganization>[] = [
  { header: 'Organization', cell: (row) => <span className="font-medium">{row.name}</span> },
  { header: 'Platform', cell: (row) => PLATFORM_CONFIG[row.platform].name, className: 'hidden sm:table-cell' },
  { header: 'Type', cell: (row) => row.type, className: 'hidden md:table-cell' },
  { header: 'Trial / plan', cell: (row) => <TrialCell org={row} /> },
  {
    header: 'Users',
    cell: (row) => (row.maxUsers === null ? row.memberCount : `${row.memberCount} / ${row.maxUsers}`),
    className: 'text-right tabular-nums',
  },
  { header: 'Status', cell: (row) => <StatusBadge value={row.isActive ? 'Active' : 'Inactive'} /> },
];

/** Every organisation with its trial state and seats used against its limit. */
export function SystemOrganizationsTable({ organizations }: { organizations: TSystemOrganization[] }) {
  return <SimpleTable caption="Organizations and their trial state" columns={columns} rows={organizations} rowKey={(row) => row.id} />;
}
