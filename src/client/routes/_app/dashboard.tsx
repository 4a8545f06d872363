import { Suspense, lazy } from 'react';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { isPatient } from '../../lib/identity';
import { SignedOutNotice } from '../../features/app/signed-out-notice';
import { startDashboardQueries } from '../../features/dashboard/dashboard-data';

const DashboardPage = lazy(() => import('../../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));

/** Where sign-in lands: the same dashboard as /; signed out it asks to sign in (SPEC §2.9). */
export const Route = createFileRoute('/_app/dashboard')({
  beforeLoad: ({ context }) => {
    // A Patient's only page is the portal at / (SPEC §2.1); sign-in sends everyone here first.
    if (isPatient(context.identity)) throw redirect({ to: '/', replace: true });
  },
  loader: ({ context }) => startDashboardQueries(context),
  component: Dashboard,
});

function Dashboard() {
  const { identity } = Route.useRouteContext();
  if (identity.status === 'none') return <SignedOutNotice />;
  return (
    <Suspense fallback={null}>
      <DashboardPage />
    </Suspense>
  );
}
