import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Download, ScrollText } from 'lucide-react';
import type { TPersonAccessEntry } from '../../../shared/domain/people';
import { can } from '../../../shared/roles';
import { formatFullMoment } from '../../../shared/format';
import { CaseLink } from '../../components/cases/case-link';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';

const TITLE = 'Access Report';

/** The CSV of the same report: a plain route (tRPC carries JSON). */
export const personAccessReportExportUrl = (personId: string) => `/api/people/${encodeURIComponent(personId)}/access-report/export`;

const ACTION_LABELS: Record<string, string> = { read: 'Read', create: 'Created', update: 'Changed', delete: 'Deleted', export: 'Exported', search: 'Found in search', merge: 'Merged' };
const actionLabel = (action: string) => ACTION_LABELS[action] ?? action.charAt(0).toUpperCase() + action.slice(1);

/**
 * /people/$personId/access-report (issue 19): everyone who read or changed anything of one person
 * across all their cases — the POPIA s23 answer for a person, not a case.
 */
export function PersonAccessReportScreen({ personId }: { personId: string }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const allowed = can(identity, 'audit.view');
  const report = useQuery({ ...trpc.people.accessReport.queryOptions({ id: personId }), enabled: allowed });
  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to="/people/$personId" params={{ personId }}>
        <ArrowLeft aria-hidden="true" /> Person
      </Link>
    </Button>
  );
  if (!allowed) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>Only Administrators can produce access reports.</RestrictedState>
      </AppPage>
    );
  }
  if (report.isPending) {
    return (
      <AppPage title={TITLE} actions={back}>
        <ListSkeleton rows={6} label="Loading the access report" />
      </AppPage>
    );
  }
  if (report.isError) {
    return (
      <AppPage title={TITLE} actions={back}>
        <ErrorState title="Could not load the access report" error={report.error} onRetry={() => void report.refetch()} />
      </AppPage>
    );
  }
  const demo = identity.status === 'demo';
  const exportButton = demo ? (
    <Button variant="outline" disabled title="The demo has no server to export from">
      <Download aria-hidden="true" /> Download CSV
    </Button>
  ) : (
    <Button asChild variant="outline">
      <a href={personAccessReportExportUrl(personId)} download>
        <Download aria-hidden="true" /> Download CSV
      </a>
    </Button>
  );
  const columns: Column<TPersonAccessEntry>[] = [
    { header: 'When (SAST)', cell: (e) => <span className="whitespace-nowrap tabular-nums">{formatFullMoment(e.at)}</span> },
    { header: 'Who', cell: (e) => <span className="font-medium">{e.userName}</span> },
    { header: 'Role', cell: (e) => e.role ?? '—' },
    {
      header: 'Action',
      cell: (e) => (
        <span className="flex flex-wrap items-center gap-1.5">
          {actionLabel(e.action)}
          {e.entityType && <span className="text-xs text-muted-foreground">{e.entityType}</span>}
          {e.outcome !== 'success' && e.outcome !== 'allowed' && <Badge variant="destructive">{e.outcome}</Badge>}
        </span>
      ),
    },
    {
      header: 'Case',
      cell: (e) =>
        e.caseId ? (
          <CaseLink caseId={e.caseId} className="font-mono text-xs">
            {e.caseReference ?? 'Open case'}
          </CaseLink>
        ) : (
          <span className="text-muted-foreground">The person record</span>
        ),
    },
  ];
  const { person, items } = report.data;
  const readers = new Set(items.map((e) => e.userId ?? e.userName)).size;
  return (
    <AppPage
      title={`${TITLE}: ${person.fullName}`}
      description="Everyone who read or changed anything of this person — the record itself and every case they are on — and when."
      actions={
        <>
          {back}
          {exportButton}
        </>
      }
    >
      {items.length === 0 ? (
        <EmptyState icon={ScrollText} title="Nobody has opened this person’s records yet" />
      ) : (
        <section aria-labelledby="person-access-entries" className="grid gap-3">
          <h2 id="person-access-entries" className="text-lg font-semibold">
            {items.length.toLocaleString('en-ZA')} {items.length === 1 ? 'entry' : 'entries'}{' '}
            <span className="text-sm font-normal text-muted-foreground">by {readers === 1 ? 'one person' : `${readers} people`}</span>
          </h2>
          <SimpleTable caption={`Access to the records of ${person.fullName}`} columns={columns} rows={items} rowKey={(e) => `${e.at}-${e.userId ?? e.userName}-${e.action}-${e.caseId ?? ''}`} stackOnPhone />
        </section>
      )}
    </AppPage>
  );
}
