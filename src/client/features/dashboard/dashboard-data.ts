import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';
import { dashboardVariantOf } from '../../../shared/dashboard-variants';
import { type Identity, isStaff } from '../../lib/identity';
import type { Trpc } from '../../trpc';

/**
 * For the loaders of / and /dashboard: starts the figures a staff dashboard opens with (its key
 * figures and the caller's workspace, which every panel reads; the Super Admin's platform overview)
 * with the route rather than after its code has loaded. Not awaited, unlike other screens' loaders:
 * the dashboard is the first page after sign-in, and its frame (title, welcome, skeletons) paints
 * while the figures are on their way — waiting for them held the whole first paint back by a
 * round trip (Lighthouse's LCP of the signed-in /, decision 0048). Nobody and a Patient have no
 * dashboard. A failure is left to the panels, which show their own error state.
 */
export function startDashboardQueries({ queryClient, trpc, identity }: { queryClient: QueryClient; trpc: Trpc; identity: Identity }): void {
  if (!isStaff(identity)) return;
  if (dashboardVariantOf(identity, identity.platform) === 'superAdmin') {
    void queryClient.prefetchQuery(trpc.platform.overview.queryOptions());
    return;
  }
  void queryClient.prefetchQuery(trpc.dashboard.stats.queryOptions());
  void queryClient.prefetchQuery(trpc.dashboard.workspace.queryOptions());
}

/**
 * The dashboard's code, in its own chunk (a landing visitor never downloads it), as a component that
 * renders at once once `preload` has resolved: a lazy() component suspends on its first render even
 * with its code in, and the render over a server-drawn page would then commit its fallback — nothing —
 * in place of the page until the code has run (decision 0051).
 */
export const LazyDashboardPage = lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage');

/** For the loaders of / and /dashboard: the figures started, and the dashboard's code loaded, for staff. */
export async function loadDashboard(context: { queryClient: QueryClient; trpc: Trpc; identity: Identity }): Promise<void> {
  startDashboardQueries(context);
  if (isStaff(context.identity)) await LazyDashboardPage.preload?.();
}
