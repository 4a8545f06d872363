import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CasePage } from '../../features/case-file/case-page';
import { loadCasePage, validateCaseTabSearch } from '../../features/case-file/case-route';

// /patients/<case id> (issue 18): the case file of a healthcare organisation. A law firm calls its
// cases clients, so it is sent to /clients/<id> with the same tab.
export const Route = createFileRoute('/_app/patients/$caseId')({
  validateSearch: validateCaseTabSearch,
  beforeLoad: ({ context, params, search }) => {
    requireStaff(context.identity);
    if (context.identity.caseTerminology === 'client') throw redirect({ to: '/clients/$caseId', params, search, replace: true });
  },
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, params, deps }) => loadCasePage(context, params.caseId, deps.tab),
  component: PatientCasePage,
});

function PatientCasePage() {
  const { caseId } = Route.useParams();
  const { tab } = Route.useSearch();
  return <CasePage caseId={caseId} tab={tab} path="/patients/$caseId" />;
}
