import { createFileRoute } from '@tanstack/react-router';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { requireStaff } from '../../lib/identity';
import { WardCensusScreen } from '../../features/ward-census/ward-census-screen';

export const Route = createFileRoute('/_app/ward-census')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // The census the screen asks for, started before it mounts; a failure shows in the screen's error state.
  loader: async ({ context }) => {
    const { identity } = context;
    if (!PLATFORM_CONFIG[identity.platform].features.bedManagement || !can(identity, 'beds.view')) return;
    await context.queryClient.ensureQueryData(context.trpc.admissions.census.queryOptions()).catch(() => undefined);
  },
  component: WardCensusScreen,
});
