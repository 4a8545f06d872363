import { Suspense } from 'react';
import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type Identity, isPatient } from '../../lib/identity';
import { LazyDashboardPage, startDashboardQueries } from '../../features/dashboard/dashboard-data';

// Each of the three faces of / is its own chunk: a landing visitor downloads no dashboard code. The
// loader loads the one this visitor sees, so the page renders (and hydrates) without suspending.
const LandingPage = lazyRouteComponent(() => import('../../features/public/landing-page'), 'LandingPage');
const PatientPortalPage = lazyRouteComponent(() => import('../../features/portal/portal-page'), 'PatientPortalPage');

function faceOf(identity: Identity) {
  return identity.status === 'none' ? LandingPage : isPatient(identity) ? PatientPortalPage : LazyDashboardPage;
}

/** SPEC §2.1: / is the landing page without an identity, the patient portal for a Patient, else the dashboard. */
export const Route = createFileRoute('/_app/')({
  // Staff: the dashboard's opening figures with the route (nothing for the landing page or the portal).
  loader: async ({ context }) => {
    startDashboardQueries(context);
    await faceOf(context.identity).preload?.();
  },
  component: HomePage,
});

function HomePage() {
  const { identity } = Route.useRouteContext();
  const Page = faceOf(identity);
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
