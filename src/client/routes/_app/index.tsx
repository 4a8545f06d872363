import { Suspense, lazy } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { isPatient } from '../../lib/identity';
import { startDashboardQueries } from '../../features/dashboard/dashboard-data';

// Each of the three faces of / is its own chunk: a landing visitor downloads no dashboard code.
const LandingPage = lazy(() => import('../../features/public/landing-page').then((m) => ({ default: m.LandingPage })));
const PatientPortalPage = lazy(() => import('../../features/portal/portal-page').then((m) => ({ default: m.PatientPortalPage })));
const DashboardPage = lazy(() => import('../../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));

/** SPEC §2.1: / is the landing page without an identity, the patient portal for a Patient, else the dashboard. */
export const Route = createFileRoute('/_app/')({
  // Staff: the dashboard's opening figures with the route (nothing for the landing page or the portal).
  loader: ({ context }) => startDashboardQueries(context),
  component: HomePage,
});

function HomePage() {
  const { identity } = Route.useRouteContext();
  const page =
    identity.status === 'none' ? <LandingPage /> : isPatient(identity) ? <PatientPortalPage /> : <DashboardPage />;
  return <Suspense fallback={null}>{page}</Suspense>;
}
