import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../../lib/identity';
import { SettingsPage } from '../../features/settings/settings-page';

/** Everyone signed in has settings: staff, a Patient (outside the shell) and the Super Admin. */
export const Route = createFileRoute('/_app/settings')({
  beforeLoad: ({ context }) => requireSignedIn(context.identity),
  // The sections every account has, at the top of the page. Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context: { queryClient, trpc } }) => {
    await Promise.all([
      queryClient.ensureQueryData(trpc.account.profile.queryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(trpc.account.twoFactor.queryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(trpc.account.sessions.queryOptions()).catch(() => undefined),
    ]);
  },
  component: SettingsRoute,
});

function SettingsRoute() {
  return <SettingsPage identity={Route.useRouteContext().identity} />;
}
