import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/roles';
import { AuditScreen } from '../../features/audit/audit-screen';
import { auditActorsQuery, auditListQuery } from '../../features/audit/audit-queries';
import { validateAuditSearch } from '../../features/audit/audit-search';
import { requireStaff } from '../../lib/identity';
import { awaitOnEnter } from '../../lib/route-data';

// /audit (issue 8): the audit trail with its filters in the URL.
export const Route = createFileRoute('/_app/audit/')({
  validateSearch: (raw: Record<string, unknown>) => validateAuditSearch(raw),
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loaderDeps: ({ search }) => search,
  // The trail for the filters in the URL, before the screen mounts (lib/route-data.ts: a filter
  // changed on the screen does not hold the navigation).
  loader: async ({ context: { queryClient, trpc, identity }, deps, cause }) => {
    if (!can(identity, 'audit.view')) return;
    await awaitOnEnter(cause, [
      queryClient.ensureQueryData(auditListQuery(trpc, deps)),
      queryClient.ensureQueryData(auditActorsQuery(trpc, deps)),
      identity.isSuperAdmin && queryClient.ensureQueryData(trpc.organizations.list.queryOptions()),
    ]);
  },
  component: AuditScreen,
});
