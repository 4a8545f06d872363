import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CasesPage } from '../../features/cases/cases-page';
import { casesListInput, validateCaseSearch } from '../../features/cases/case-search';

// SPEC §2.10 /patients: a hospital's cases. A law firm's matters live at /clients (issue 32: no
// "patients" on the legal platforms), so the old links and bookmarks are sent there with their search.
export const Route = createFileRoute('/_app/patients/')({
  validateSearch: validateCaseSearch,
  beforeLoad: ({ context, search }) => {
    requireStaff(context.identity);
    if (context.identity.caseTerminology === 'client') throw redirect({ to: '/clients', search, replace: true });
  },
  loaderDeps: ({ search }) => search,
  // The list the screen asks for, started before it mounts; a failure shows in the screen's error state.
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(context.trpc.cases.list.queryOptions(casesListInput(deps))).catch(() => undefined);
  },
  component: CasesPage,
});
