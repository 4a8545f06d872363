import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { can } from '../../../shared/roles';
import { TrialSignupsScreen } from '../../features/trials/trial-signups-screen';
import { FIRST_TRIAL_REQUEST_TAB, trialRequestsQuery } from '../../features/trials/trial-requests-queries';

export const Route = createFileRoute('/_app/trial-signups')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context }) => {
    if (!can(context.identity, 'organizations.manage')) return;
    await context.queryClient.ensureQueryData(trialRequestsQuery(context.trpc, FIRST_TRIAL_REQUEST_TAB)).catch(() => undefined);
  },
  component: TrialSignupsScreen,
});
