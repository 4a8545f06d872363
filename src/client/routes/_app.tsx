import { Suspense } from 'react';
import { Outlet, createFileRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { ShellSkeleton } from '../components/shell/shell-skeleton';
import { isStaff, loadIdentity } from '../lib/identity';
import { loginHref } from '../lib/return-to';

/** App paths that have a face for nobody: the landing page and the dashboard's "please sign in" (SPEC §2.1, §2.9). */
const SIGNED_OUT_FACES = new Set(['/', '/dashboard']);

// The shell arrives in its own chunk: a first visit to the landing page never downloads it. Staff
// load it with the route, so it renders without suspending (no fallback over a server-drawn page).
const AppShell = lazyRouteComponent(() => import('../components/shell/app-shell'), 'AppShell');

/**
 * SPEC §2.1 in one place: every app path (/, /dashboard, /patients …) sits under this pathless
 * layout. Its beforeLoad settles the identity — a stored demo identity without asking the server,
 * else trpc.auth.me — and the children decide from `context.identity` (see requireStaff).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const identity = await loadIdentity(context.queryClient, context.trpc);
    // A bookmarked /patients opened signed out goes to sign-in and comes back (issue 17), rather
    // than SPEC §2.1's 404: the page exists, the visitor only has to sign in.
    if (identity.status === 'none' && !SIGNED_OUT_FACES.has(location.pathname.replace(/\/+$/, '') || '/')) {
      throw redirect({ href: loginHref(location.href), replace: true });
    }
    return { identity };
  },
  loader: async ({ context }) => {
    if (isStaff(context.identity)) await AppShell.preload?.();
  },
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
