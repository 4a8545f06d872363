import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CasesPage } from '../../features/cases/cases-page';
import { casesListInput, validateCaseSearch } from '../../features/cases/case-search';

// /clients (issue 7): the cases screen in client wording, for legal and medicolegal organisations.
// A healthcare organisation calls them patients, so it is sent to /patients with the same search.
export const Route = createFileRoute('/_app/clients/')({
  validateSearch: validateCaseSearch,
  beforeLoad: ({ context, search }) => {
    requireStaff(context.identity);
    if (context.identity.caseTerminology === 'patient') throw redirect({ to: '/patients', search, replace: true });
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(context.trpc.cases.list.queryOptions(casesListInput(deps))).catch(() => undefined);
  },
  component: ClientCasesPage,
});

function ClientCasesPage() {
  return <CasesPage path="/clients" />;
}
