import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { TrialSignupsScreen } from '../../features/trials/trial-signups-screen';

export const Route = createFileRoute('/_app/trial-signups')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: TrialSignupsScreen,
});
