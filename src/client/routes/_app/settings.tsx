import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../../lib/identity';
import { SettingsPage } from '../../features/settings/settings-page';

/** Everyone signed in has settings: staff, a Patient (outside the shell) and the Super Admin. */
export const Route = createFileRoute('/_app/settings')({
  beforeLoad: ({ context }) => requireSignedIn(context.identity),
  component: SettingsRoute,
});

function SettingsRoute() {
  return <SettingsPage identity={Route.useRouteContext().identity} />;
}
