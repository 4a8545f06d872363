import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Download, ScrollText } from 'lucide-react';
import { AUDIT_EXPORT_URL } from '../../../shared/domain/audit';
import { can } from '../../../shared/roles';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { type Identity, useIdentity } from '../../lib/identity';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { AuditFilters } from './audit-filters';
import { auditActorsQuery, auditListQuery } from './audit-queries';
import { type AuditSearch, filterQuery } from './audit-search';
import { AuditTable } from './audit-table';

const TITLE = 'Audit Trail';
const route = getRouteApi('/_app/audit/');

/** /audit (issue 8): who did what, when, from where — the organisation's trail (Super Admin: all). */
export function AuditScreen() {
  const identity = useIdentity();
  if (!can(identity, 'audit.view')) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>Only Administrators can read the audit trail.</RestrictedState>
      </AppPage>
    );
  }
  return <Trail identity={identity} />;
}

function Trail({ identity }: { identity: Identity }) {
  const trpc = useTRPC();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const entries = useQuery({ ...auditListQuery(trpc, search), placeholderData: keepPreviousData });
  const people = useQuery(auditActorsQuery(trpc, search));
  const organizations = useQuery({ ...trpc.organizations.list.queryOptions(), enabled: identity.isSuperAdmin });
  const demo = identity.status === 'demo';
  const go = (next: AuditSearch) => void navigate({ search: next });

  const data = entries.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const exportButton = demo ? (
    <Button variant="outline" disabled title="The demo has no server to export from">
      <Download aria-hidden="true" />
      Export CSV
    </Button>
  ) : (
    <Button asChild variant="outline">
      <a href={`${AUDIT_EXPORT_URL}${filterQuery(search)}`} download>
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );

  return (
    <AppPage
      title={TITLE}
      description={
        identity.isSuperAdmin
          ? 'Every sign-in, refusal, read and change across all organisations. Entries cannot be changed or deleted.'
          : `Every sign-in, refusal, read and change in ${identity.organizationName ?? 'your organisation'}. Entries cannot be changed or deleted.`
      }
      actions={exportButton}
    >
      <AuditFilters
        search={search}
        people={people.data ?? []}
        organizations={identity.isSuperAdmin ? (organizations.data ?? []).map((o) => ({ id: o.id, name: o.name })) : null}
        onChange={go}
      />
      {entries.isPending ? (
        <ListSkeleton rows={8} label="Loading the audit trail" />
      ) : entries.isError ? (
        <ErrorState title="Could not load the audit trail" error={entries.error} onRetry={() => void entries.refetch()} />
      ) : data!.items.length === 0 ? (
        <EmptyState icon={ScrollText} title="No entries match these filters" />
      ) : (
        // While another page or filter loads, the previous rows stay, dimmed and marked busy.
        <div aria-busy={entries.isPlaceholderData} className={cn('grid gap-3 transition-opacity', entries.isPlaceholderData && 'opacity-60')}>
          <AuditTable entries={data!.items} caption="Audit trail entries, newest first" showOrganization={identity.isSuperAdmin} />
          <nav aria-label="Audit trail pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <span className="flex flex-wrap items-center gap-3">
              <span className="text-muted-foreground" data-testid="audit-total">
                {data!.total} {search.every ? (data!.total === 1 ? 'entry' : 'entries') : data!.total === 1 ? 'row' : 'rows'}
              </span>
              {/* Issue 32: one person's list reads of a screen visit are one row, unless every entry is asked for. */}
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={search.every === true}
                  onChange={(e) => go({ ...search, every: e.target.checked ? true : undefined, page: undefined, untilSeq: undefined })}
                />
                Show every entry
              </label>
            </span>
            <div className="flex items-center gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go({ ...search, page: page - 1 > 1 ? page - 1 : undefined, untilSeq: page - 1 > 1 ? data!.untilSeq : undefined })}>
                Previous
              </Button>
              <span aria-live="polite">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => go({ ...search, page: page + 1, untilSeq: data!.untilSeq })}>
                Next
              </Button>
            </div>
          </nav>
        </div>
      )}
    </AppPage>
  );
}
