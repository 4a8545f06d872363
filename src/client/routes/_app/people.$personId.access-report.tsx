import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/roles';
import { requireStaff } from '../../lib/identity';
import { PersonAccessReportScreen } from '../../features/people/person-access-report-screen';

// /people/<person id>/access-report (issue 19): POPIA s23 for a person, across all their cases.
export const Route = createFileRoute('/_app/people/$personId/access-report')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loader: async ({ context, params }) => {
    if (!can(context.identity, 'audit.view')) return;
    await context.queryClient.ensureQueryData(context.trpc.people.accessReport.queryOptions({ id: params.personId })).catch(() => undefined);
  },
  component: AccessReportRoute,
});

function AccessReportRoute() {
  const { personId } = Route.useParams();
  return <PersonAccessReportScreen personId={personId} />;
}
