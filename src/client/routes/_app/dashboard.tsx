import { Suspense } from 'react';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { isPatient } from '../../lib/identity';
import { SignedOutNotice } from '../../features/app/signed-out-notice';
import { LazyDashboardPage, loadDashboard } from '../../features/dashboard/dashboard-data';

/** Where sign-in lands: the same dashboard as /; signed out it asks to sign in (SPEC §2.9). */
export const Route = createFileRoute('/_app/dashboard')({
  beforeLoad: ({ context }) => {
    // A Patient's only page is the portal at / (SPEC §2.1); sign-in sends everyone here first.
    if (isPatient(context.identity)) throw redirect({ to: '/', replace: true });
  },
  loader: ({ context }) => loadDashboard(context),
  component: Dashboard,
});

function Dashboard() {
  const { identity } = Route.useRouteContext();
  if (identity.status === 'none') return <SignedOutNotice />;
  return (
    <Suspense fallback={null}>
      <LazyDashboardPage />
    </Suspense>
  );
}
