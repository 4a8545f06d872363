import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/roles';
import { requireStaff } from '../../lib/identity';
import { CreateCaseDialog } from '../../features/cases/create-case-dialog';
import { PersonPage } from '../../features/people/person-page';
import { useWords } from '../../lib/words';

// /people/<person id> (issue 19): a person with every case, appointment and document across their cases.
export const Route = createFileRoute('/_app/people/$personId/')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loader: async ({ context, params }) => {
    if (!can(context.identity, 'people.view')) return;
    await context.queryClient.ensureQueryData(context.trpc.people.get.queryOptions({ id: params.personId })).catch(() => undefined);
  },
  component: PersonRoute,
});

function PersonRoute() {
  const { personId } = Route.useParams();
  const noun = useWords().Person;
  // Issue 32: a case is started from the person's page with the person already chosen.
  return <PersonPage personId={personId} newCase={(person) => <CreateCaseDialog noun={noun} forPerson={person} />} />;
}
