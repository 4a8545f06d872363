import { createFileRoute } from '@tanstack/react-router';
import { AccessReportScreen } from '../../features/audit/access-report-screen';
import { requireStaff } from '../../lib/identity';

// /audit/cases/<case id> (issue 8): the POPIA s23 access report of one case.
export const Route = createFileRoute('/_app/audit/cases/$caseId')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: AccessReportScreen,
});
