import { Suspense, lazy } from 'react';
import { Outlet, createFileRoute } from '@tanstack/react-router';
import { ShellSkeleton } from '../components/shell/shell-skeleton';
import { isStaff, loadIdentity } from '../lib/identity';

// The shell arrives in its own chunk: a first visit to the landing page never downloads it.
const AppShell = lazy(() => import('../components/shell/app-shell').then((module) => ({ default: module.AppShell })));

/**
 * SPEC §2.1 in one place: every app path (/, /dashboard, /patients …) sits under this pathless
 * layout. Its beforeLoad settles the identity — a stored demo identity without asking the server,
 * else trpc.auth.me — and the children decide from `context.identity` (see requireStaff).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context }) => ({ identity: await loadIdentity(context.queryClient, context.trpc) }),
  component: AppLayout,
});

function AppLayout() {
  const { identity } = Route.useRouteContext();
  // Landing, the signed-out notice and the patient portal bring their own layout.
  if (!isStaff(identity)) return <Outlet />;
  return (
    <Suspense fallback={<ShellSkeleton />}>
      <AppShell identity={identity}>
        <Outlet />
      </AppShell>
    </Suspense>
  );
}
