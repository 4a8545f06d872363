import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { ArrowLeft, Download, ScrollText } from 'lucide-react';
import { type TAccessReportPerson, accessReportExportUrl } from '../../../shared/domain/audit';
import { can } from '../../../shared/roles';
import { formatDateTime } from '../../../shared/format';
import { CaseLink } from '../../components/cases/case-link';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { AuditTable } from './audit-table';

const TITLE = 'Access Report';
const route = getRouteApi('/_app/audit/cases/$caseId');

/**
 * /audit/cases/$caseId (issue 8): everyone who read or changed one case, and when — the answer to
 * a person's POPIA s23 request "who has had access to my information".
 */
export function AccessReportScreen() {
  const identity = useIdentity();
  if (!can(identity, 'audit.view')) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>Only Administrators can produce access reports.</RestrictedState>
      </AppPage>
    );
  }
  return <Report demo={identity.status === 'demo'} terminology={identity.caseTerminology} linkCase={!identity.isSuperAdmin} />;
}

const people: Column<TAccessReportPerson>[] = [
  {
    header: 'Person',
    cell: (p) => (
      <div className="grid">
        <span className="font-medium">{p.userName ?? 'Unknown'}</span>
        <span className="text-xs text-muted-foreground">{p.userEmail}</span>
      </div>
    ),
  },
  { header: 'Role', cell: (p) => p.roles.join(', ') || '—' },
  { header: 'Reads', cell: (p) => p.reads, className: 'text-right tabular-nums' },
  { header: 'Changes', cell: (p) => p.changes, className: 'text-right tabular-nums' },
  { header: 'First access', cell: (p) => formatDateTime(p.firstAt) },
  { header: 'Last access', cell: (p) => formatDateTime(p.lastAt) },
];

function Report({ demo, terminology, linkCase }: { demo: boolean; terminology: 'patient' | 'client'; linkCase: boolean }) {
  const trpc = useTRPC();
  const { caseId } = route.useParams();
  const report = useQuery(trpc.audit.accessReport.queryOptions({ caseId }));
  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to="/audit">
        <ArrowLeft aria-hidden="true" />
        Audit trail
      </Link>
    </Button>
  );
  if (report.isPending) return <AppPage title={TITLE} actions={back}><ListSkeleton rows={6} label="Loading the access report" /></AppPage>;
  if (report.isError) return <AppPage title={TITLE} actions={back}><ErrorState title="Could not load the access report" error={report.error} /></AppPage>;
  const { case: found } = report.data;
  const exportButton = demo ? (
    <Button variant="outline" disabled title="The demo has no server to export from">
      <Download aria-hidden="true" />
      Download CSV
    </Button>
  ) : (
    <Button asChild variant="outline">
      <a href={accessReportExportUrl(found.id)} download>
        <Download aria-hidden="true" />
        Download CSV
      </a>
    </Button>
  );
  const noun = terminology === 'patient' ? 'Patient' : 'Client';
  return (
    <AppPage
      title={`${TITLE}: ${found.patientName}`}
      description={`Everyone who read or changed this ${terminology} case — its record, costs, documents, messages and appointments — and when.`}
      actions={
        <>
          {back}
          {exportButton}
        </>
      }
    >
      <dl className="grid gap-4 rounded-xl border bg-card p-4 text-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_auto_auto] lg:gap-x-8">
        <div className="grid gap-1">
          <dt className="text-xs font-medium text-muted-foreground">{noun}</dt>
          <dd className="flex flex-wrap items-center gap-2 font-medium">
            {linkCase ? <CaseLink caseId={found.id}>{found.patientName}</CaseLink> : found.patientName}
            {found.deidentified && <Badge variant="outline">De-identified</Badge>}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Case type</dt>
          <dd>{found.caseType}</dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Status</dt>
          <dd>
            <StatusBadge value={found.status} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Case id</dt>
          <dd className="font-mono text-xs break-all">{found.id}</dd>
        </div>
      </dl>
      <section aria-labelledby="people-heading" className="grid gap-3">
        <h2 id="people-heading" className="text-lg font-semibold">
          People who accessed this record
        </h2>
        {report.data.people.length === 0 ? (
          <EmptyState icon={ScrollText} title="Nobody has opened this record yet" />
        ) : (
          <SimpleTable caption="People who accessed this record" columns={people} rows={report.data.people} rowKey={(p) => p.userId ?? p.userEmail ?? ''} />
        )}
      </section>
      <section aria-labelledby="entries-heading" className="grid gap-3">
        <h2 id="entries-heading" className="text-lg font-semibold">
          Every access, oldest first
        </h2>
        <AuditTable entries={report.data.entries} caption="Every access to this record, oldest first" showOrganization={false} linkCases={false} />
      </section>
    </AppPage>
  );
}
