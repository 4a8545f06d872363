import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CasesPage } from '../../features/cases/cases-page';
import { casesListInput, validateCaseSearch } from '../../features/cases/case-search';

export const Route = createFileRoute('/_app/patients/')({
  validateSearch: validateCaseSearch,
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loaderDeps: ({ search }) => search,
  // The list the screen asks for, started before it mounts; a failure shows in the screen's error state.
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(context.trpc.cases.list.queryOptions(casesListInput(deps))).catch(() => undefined);
  },
  component: CasesPage,
});
