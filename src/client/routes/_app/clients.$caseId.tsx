import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CasePage } from '../../features/case-file/case-page';
import { loadCasePage, validateCaseTabSearch } from '../../features/case-file/case-route';

// /clients/<case id> (issue 18): the case file of a legal or medicolegal organisation; a hospital
// is sent to /patients/<id> with the same tab.
export const Route = createFileRoute('/_app/clients/$caseId')({
  validateSearch: validateCaseTabSearch,
  beforeLoad: ({ context, params, search }) => {
    requireStaff(context.identity);
    if (context.identity.caseTerminology === 'patient')
      throw redirect({
        to: '/patients/$caseId',
        params,
        search,
        replace: true,
      });
  },
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, params, deps }) => loadCasePage(context, params.caseId, deps.tab),
  component: ClientCasePage,
});

function ClientCasePage() {
  const { caseId } = Route.useParams();
  const { tab } = Route.useSearch();
  return <CasePage caseId={caseId} tab={tab} path="/clients/$caseId" />;
}
