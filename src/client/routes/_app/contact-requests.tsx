import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { can } from '../../../shared/roles';
import { ContactRequestsScreen } from '../../features/contact-requests/contact-requests-screen';
import { FIRST_CONTACT_REQUEST_TAB, contactRequestsQuery } from '../../features/contact-requests/contact-requests-queries';

export const Route = createFileRoute('/_app/contact-requests')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context }) => {
    if (!can(context.identity, 'organizations.manage')) return;
    await context.queryClient.ensureQueryData(contactRequestsQuery(context.trpc, FIRST_CONTACT_REQUEST_TAB)).catch(() => undefined);
  },
  component: ContactRequestsScreen,
});
