import { createFileRoute } from '@tanstack/react-router';
import { AuditScreen } from '../../features/audit/audit-screen';
import { validateAuditSearch } from '../../features/audit/audit-search';
import { requireStaff } from '../../lib/identity';

// /audit (issue 8): the audit trail with its filters in the URL.
export const Route = createFileRoute('/_app/audit/')({
  validateSearch: (raw: Record<string, unknown>) => validateAuditSearch(raw),
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: AuditScreen,
});
