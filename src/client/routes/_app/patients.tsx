import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CasesPage } from '../../features/app/cases-page';

export const Route = createFileRoute('/_app/patients')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: CasesPage,
});
