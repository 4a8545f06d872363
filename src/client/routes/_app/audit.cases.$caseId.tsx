import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/roles';
import { AccessReportScreen } from '../../features/audit/access-report-screen';
import { requireStaff } from '../../lib/identity';

// /audit/cases/<case id> (issue 8): the POPIA s23 access report of one case.
export const Route = createFileRoute('/_app/audit/cases/$caseId')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context, params }) => {
    if (!can(context.identity, 'audit.view')) return;
    await context.queryClient.ensureQueryData(context.trpc.audit.accessReport.queryOptions({ caseId: params.caseId })).catch(() => undefined);
  },
  component: AccessReportScreen,
});
