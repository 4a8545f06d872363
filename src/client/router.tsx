import { type RouterHistory, createRouter } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '../server/router';
import { TRPCProvider, createQueryClient, createTrpc, createTrpcClient } from './trpc';

/**
 * The browser's router; a server render (prerender.tsx) passes a memory history for one path, and
 * for a signed-in page a client that asks nobody.
 */
export function createAppRouter({ history, trpcClient: given }: { history?: RouterHistory; trpcClient?: TRPCClient<AppRouter> } = {}) {
  const queryClient = createQueryClient();
  // Chosen once per page load: the demo link while a demo identity is stored, else HTTP (SPEC §7.1).
  const trpcClient = given ?? createTrpcClient();
  const trpc = createTrpc(queryClient, trpcClient);

  return createRouter({
    routeTree,
    history,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    // Outside the browser the router would render its restoration as an inline <script>, which the
    // CSP refuses and hydration would not expect; there is nothing to restore in a prerender anyway.
    scrollRestoration: !history,
    Wrap: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    ),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
