import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { FolderOpen, Search } from 'lucide-react';
import { CASE_STATUSES, type TCaseStatus } from '../../../shared/domain/cases';
import { can } from '../../../shared/roles';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Pager } from '../../components/ui/pager';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useWords } from '../../lib/words';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { casePages, casesMatching } from './case-count';
import { CASES_PER_PAGE, type CaseSearch, casesListInput } from './case-search';
import { CasesTable } from './cases-table';
import { CreateCaseDialog } from './create-case-dialog';

const ALL = 'all';
/** Typing pauses this long before the list is asked again: one request per word, not per key. */
const SEARCH_DELAY_MS = 300;

/**
 * SPEC §2.10 /patients: the organisation's cases ('Matters' on the legal platforms, issue 32), searched and
 * filtered on the server. /clients shows the same screen; `path` keeps its search and pages there.
 */
export function CasesPage({ path = '/patients' }: { path?: '/patients' | '/clients' }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const search: CaseSearch = useSearch({ from: `/_app${path}/` });
  const navigate = useNavigate();
  const to = path;
  const words = useWords();
  const noun = words.Person;
  const title = words.casesTitle;
  const page = search.page ?? 1;

  const [text, setText] = useState(search.q ?? '');
  useEffect(() => setText(search.q ?? ''), [search.q]);
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === search.q) return;
    const timer = setTimeout(
      () =>
        void navigate({
          to,
          search: { ...search, q, page: undefined },
          replace: true,
        }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [text, search, navigate, to]);

  const cases = useQuery({
    ...trpc.cases.list.queryOptions(casesListInput(search)),
    // Keep the current rows while the next filter or page loads: the table does not flash empty.
    placeholderData: keepPreviousData,
  });
  const filtered = !!search.q || !!search.status;
  // A search may answer a lower bound ("80+ cases match"): then Next stays open up to the page past
  // it, and each page the server answers counts a few pages further.
  const { pages, pagesAtLeast } = cases.data ? casePages(cases.data, CASES_PER_PAGE) : { pages: 1, pagesAtLeast: false };
  const goTo = (next: number) =>
    void navigate({
      to,
      search: { ...search, page: next > 1 ? next : undefined },
    });

  return (
    <AppPage
      title={title}
      description={cases.data ? `${casesMatching(cases.data, words.case)}${filtered ? ' match' : ' in your organisation'}` : undefined}
      actions={can(identity, 'cases.create') ? <CreateCaseDialog noun={noun} /> : undefined}
    >
      <search className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={`Search ${title.toLowerCase()}`}>
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="case-search">Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="case-search"
              type="search"
              className="pl-8"
              placeholder={`${noun} name, ${words.case} type or reference`}
              value={text}
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor="case-status-filter">Status</Label>
          <Select
            value={search.status ?? ALL}
            onValueChange={(value) =>
              void navigate({
                to,
                search: {
                  ...search,
                  status: value === ALL ? undefined : (value as TCaseStatus),
                  page: undefined,
                },
              })
            }
          >
            <SelectTrigger id="case-status-filter" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {CASE_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  {status}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </search>

      {cases.isPending ? (
        <ListSkeleton label={`Loading ${title.toLowerCase()}`} />
      ) : cases.isError ? (
        <ErrorState title={`Could not load ${title.toLowerCase()}`} error={cases.error} onRetry={() => void cases.refetch()} />
      ) : cases.data.items.length === 0 ? (
        <EmptyState icon={FolderOpen} title={`No ${words.cases} found`}>
          {filtered
            ? `No ${words.case} matches this search or filter. Try other words or another status.`
            : `New ${words.cases} your team opens appear here.`}
        </EmptyState>
      ) : (
        <div className="grid gap-3" aria-busy={cases.isFetching}>
          <CasesTable
            caption={title}
            noun={noun}
            items={cases.data.items}
            canUpdate={can(identity, 'cases.update')}
            canAudit={can(identity, 'audit.view')}
          />
          {cases.data.total > CASES_PER_PAGE && (
            <Pager page={page} hasNext={page < pages} onPage={goTo}>
              Page {page} of {pages}
              {pagesAtLeast ? '+' : ''}
            </Pager>
          )}
        </div>
      )}
    </AppPage>
  );
}
