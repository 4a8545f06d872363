import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/roles';
import { requireStaff } from '../../lib/identity';
import { PeopleScreen } from '../../features/people/people-screen';
import { peopleListInput, validatePeopleSearch } from '../../features/people/people-search';

// /people (issue 19): the organisation's person registry, searched by name or ID number.
export const Route = createFileRoute('/_app/people/')({
  validateSearch: validatePeopleSearch,
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    if (!can(context.identity, 'people.view')) return;
    await context.queryClient.ensureQueryData(context.trpc.people.list.queryOptions(peopleListInput(deps))).catch(() => undefined);
  },
  component: PeopleScreen,
});
