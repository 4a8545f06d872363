import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CasesPage } from '../../features/cases/cases-page';
import { validateCaseSearch } from '../../features/cases/case-search';

export const Route = createFileRoute('/_app/patients')({
  validateSearch: validateCaseSearch,
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: CasesPage,
});
