import { useQuery } from '@tanstack/react-query';
import { FolderOpen } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import type { TCase } from '../../../shared/domain/cases';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { formatDate } from '../../components/data/app-format';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';

/** SPEC §2.10 /patients: the organisation's cases, newest first ('Client Cases' on legal platforms). */
export function CasesPage() {
  const identity = useIdentity();
  const trpc = useTRPC();
  const cases = useQuery(trpc.cases.list.queryOptions({}));
  const noun = identity.caseTerminology === 'patient' ? 'Patient' : 'Client';
  const title = `${noun} Cases`;

  const columns: Column<TCase>[] = [
    { header: noun, cell: (row) => <span className="font-medium">{row.patientName}</span> },
    { header: 'Case type', cell: (row) => row.caseType },
    { header: 'Status', cell: (row) => <StatusBadge value={row.status} /> },
    { header: 'Priority', cell: (row) => <StatusBadge value={row.priority} /> },
    { header: 'Opened', cell: (row) => formatDate(row.createdAt), className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell' },
  ];

  return (
    <AppPage
      title={title}
      description={cases.data ? `${cases.data.total} ${cases.data.total === 1 ? 'case' : 'cases'} in your organisation` : undefined}
    >
      {cases.isPending ? (
        <ListSkeleton label={`Loading ${title.toLowerCase()}`} />
      ) : cases.isError ? (
        <ErrorState title={`Could not load ${title.toLowerCase()}`} error={cases.error} onRetry={() => void cases.refetch()} />
      ) : cases.data.items.length === 0 ? (
        <EmptyState icon={FolderOpen} title="No cases found">
          New {noun.toLowerCase()} cases your team opens appear here.
        </EmptyState>
      ) : (
        <SimpleTable caption={title} columns={columns} rows={cases.data.items} rowKey={(row) => row.id} />
      )}
    </AppPage>
  );
}
