import { createRouter } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { createQueryClient, createTrpc } from './trpc';

export function createAppRouter() {
  const queryClient = createQueryClient();
  const trpc = createTrpc(queryClient);

  return createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    Wrap: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
