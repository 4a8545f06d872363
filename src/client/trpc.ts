import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/router';

export type Trpc = TRPCOptionsProxy<AppRouter>;

/** Query defaults of SPEC §7.2: no retries, no refetch on focus, data never goes stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export function createTrpc(queryClient: QueryClient): Trpc {
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        // The session lives in an HttpOnly cookie.
        fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}
