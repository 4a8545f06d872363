import { createRouter } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { TRPCProvider, createQueryClient, createTrpc, createTrpcClient } from './trpc';

export function createAppRouter() {
  const queryClient = createQueryClient();
  // Chosen once per page load: the demo link while a demo identity is stored, else HTTP (SPEC §7.1).
  const trpcClient = createTrpcClient();
  const trpc = createTrpc(queryClient, trpcClient);

  return createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
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
