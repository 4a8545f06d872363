import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Building2, Search, UserPlus, Users } from 'lucide-react';
import type { TPerson } from '../../../shared/domain/people';
import { can } from '../../../shared/roles';
import { formatCalendarDay, pluralise } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { PersonFormDialog } from '../../components/people/person-form-dialog';
import { identityDocumentOf } from '../../components/people/person-labels';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Pager } from '../../components/ui/pager';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { PEOPLE_PER_PAGE, type PeopleSearch, peopleListInput } from './people-search';

const TITLE = 'People';
const ALL = 'all';
const SEARCH_DELAY_MS = 300;

const columns: Column<TPerson>[] = [
  {
    header: 'Name',
    cell: (p) => (
      <span className="flex flex-wrap items-center gap-1.5">
        <Link to="/people/$personId" params={{ personId: p.id }} className="font-medium text-primary underline-offset-4 hover:underline">
          {p.fullName}
        </Link>
        {p.kind === 'organization' && (
          <Badge variant="outline">
            <Building2 aria-hidden="true" /> Organisation
          </Badge>
        )}
        {p.mergedIntoId && <Badge variant="secondary">Merged</Badge>}
      </span>
    ),
  },
  { header: 'ID number or passport', cell: (p) => <span className="font-mono text-xs">{identityDocumentOf(p) ?? '—'}</span> },
  { header: 'Date of birth', cell: (p) => (p.dateOfBirth ? formatCalendarDay(p.dateOfBirth) : '—'), className: 'whitespace-nowrap' },
  { header: 'Phone', cell: (p) => p.phone ?? '—', className: 'whitespace-nowrap' },
  { header: 'E-mail', cell: (p) => p.email ?? '—' },
];

/** /people (issue 19): the person registry of the organisation — search by name or ID number. */
export function PeopleScreen() {
  const identity = useIdentity();
  if (!can(identity, 'people.view')) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>Your role does not open the person registry.</RestrictedState>
      </AppPage>
    );
  }
  return <PeopleList mayManage={can(identity, 'people.manage')} seesIdNumbers={can(identity, 'people.idNumbers')} />;
}

/** `seesIdNumbers`: without it the server masks ID numbers and finds nobody by one (decision 0042). */
function PeopleList({ mayManage, seesIdNumbers }: { mayManage: boolean; seesIdNumbers: boolean }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const search: PeopleSearch = useSearch({ from: '/_app/people/' });
  const page = search.page ?? 1;
  const [creating, setCreating] = useState(false);
  const [text, setText] = useState(search.q ?? '');
  useEffect(() => setText(search.q ?? ''), [search.q]);
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === search.q) return;
    const timer = setTimeout(() => void navigate({ to: '/people', search: { ...search, q, page: undefined }, replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search, navigate]);

  const people = useQuery({ ...trpc.people.list.queryOptions(peopleListInput(search)), placeholderData: keepPreviousData });
  const filtered = !!search.q || !!search.kind;
  const pages = people.data ? Math.max(1, Math.ceil(people.data.total / PEOPLE_PER_PAGE)) : 1;
  const openPerson = (person: TPerson) => void navigate({ to: '/people/$personId', params: { personId: person.id } });

  return (
    <AppPage
      title={TITLE}
      description={people.data ? `${pluralise(people.data.total, filtered ? 'match' : 'record', filtered ? 'matches' : 'records')}${filtered ? '' : ' in your organisation’s registry'}` : 'Patients, clients and the parties on their cases.'}
      actions={
        mayManage ? (
          <Button onClick={() => setCreating(true)}>
            <UserPlus aria-hidden="true" /> New person
          </Button>
        ) : undefined
      }
    >
      <search className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Search people">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="people-search">Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id="people-search"
              type="search"
              className="pl-8"
              placeholder={seesIdNumbers ? 'Name or ID number' : 'Name'}
              value={text}
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor="people-kind-filter">Kind</Label>
          <Select
            value={search.kind ?? ALL}
            onValueChange={(value) =>
              void navigate({ to: '/people', search: { ...search, kind: value === ALL ? undefined : (value as PeopleSearch['kind']), page: undefined } })
            }
          >
            <SelectTrigger id="people-kind-filter" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>People and organisations</SelectItem>
              <SelectItem value="person">People</SelectItem>
              <SelectItem value="organization">Organisations</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </search>

      {people.isPending ? (
        <ListSkeleton label="Loading people" />
      ) : people.isError ? (
        <ErrorState title="Could not load people" error={people.error} onRetry={() => void people.refetch()} />
      ) : people.data.items.length === 0 ? (
        <EmptyState
          icon={Users}
          title={filtered ? 'Nobody matches' : 'No people yet'}
          action={
            mayManage && !filtered ? (
              <Button variant="outline" onClick={() => setCreating(true)}>
                <UserPlus aria-hidden="true" /> New person
              </Button>
            ) : undefined
          }
        >
          {filtered
            ? seesIdNumbers
              ? 'No person or organisation matches this search. Try part of the surname, or the full 13-digit ID number.'
              : 'No person or organisation matches this search. Try part of the surname (your role searches by name, not ID number).'
            : 'Every case belongs to a person: people appear here as cases are opened and parties are added.'}
        </EmptyState>
      ) : (
        <div className="grid gap-3" aria-busy={people.isFetching}>
          <SimpleTable caption={TITLE} columns={columns} rows={people.data.items} rowKey={(p) => p.id} stackOnPhone />
          {people.data.total > PEOPLE_PER_PAGE && (
            <Pager page={page} hasNext={page < pages} onPage={(next) => void navigate({ to: '/people', search: { ...search, page: next > 1 ? next : undefined } })}>
              Page {page} of {pages}
            </Pager>
          )}
        </div>
      )}
      <PersonFormDialog
        open={creating}
        onOpenChange={setCreating}
        allowOrganisation
        onSaved={openPerson}
        onUseExisting={openPerson}
        useExistingLabel="Open this person"
      />
    </AppPage>
  );
}
