import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { TRPCClientError, createTRPCClient, httpBatchLink, isTRPCClientError, type TRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/router';
import { TRPC_MAX_BATCH_SIZE } from '../shared/trpc-batch';
import { readDemoIdentity, type DemoIdentity } from './lib/demo-identity';
import { loginHref } from './lib/return-to';
import { toast } from './lib/use-toast';

export type Trpc = TRPCOptionsProxy<AppRouter>;

/** For components: `const trpc = useTRPC()`; the router wraps every page in TRPCProvider. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** SPEC §2.1: pages that work without an identity. A 401 seen there is not "your session ended". */
export const PUBLIC_PATHS = ['/login', '/register', '/superuser-register', '/user-select', '/select-user', '/trial-signup'] as const;

export function isPublicPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}

/** SPEC §9: wait this long after the logged-out toast before going to the sign-in page. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

export function isUnauthorized(error: unknown): boolean {
  return isTRPCClientError(error) && (error.data?.code === 'UNAUTHORIZED' || error.data?.httpStatus === 401);
}

let signingOut = false;

/**
 * SPEC §8: a session that ends while the app is in use (signed out in another tab, expired) shows one
 * toast and goes to the sign-in page — once, however many queries fail together. The start-up
 * check never gets here: `auth.session` answers null for nobody (lib/identity.ts).
 */
function handleUnauthorized(error: unknown): void {
  if (signingOut || !isUnauthorized(error) || isPublicPath(window.location.pathname)) return;
  signingOut = true;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  // A full page load: it drops every cached answer of the ended session. The sign-in page says the
  // session ended and returns to this page afterwards (issue 17). The page is read when the toast has
  // been seen, not when the call failed: a link preloaded on hover fails before its click moves the
  // address, and the visitor should come back to where they were going.
  setTimeout(() => {
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    window.location.assign(loginHref(here, true));
  }, UNAUTHORIZED_REDIRECT_MS);
}

/** Query defaults of SPEC §7.2: no retries, no refetch on focus, data never goes stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleUnauthorized }),
    mutationCache: new MutationCache({ onError: handleUnauthorized }),
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

/**
 * SPEC §7.1: in demo mode nothing goes over the network. The fixtures are loaded with a dynamic
 * import on the first operation, so they stay out of the main chunk and out of a signed-in
 * visitor's downloads altogether.
 */
function lazyDemoLink(identity: DemoIdentity): TRPCLink<AppRouter> {
  return (runtime) => {
    let loaded: Promise<ReturnType<TRPCLink<AppRouter>>> | null = null;
    const load = () =>
      (loaded ??= import('./demo/demo-link').then(
        ({ createDemoLink }) => createDemoLink(identity)(runtime),
        (error: unknown) => {
          loaded = null; // let "Try again" fetch the chunk anew
          throw error;
        },
      ));
    return (opts) =>
      observable((observer) => {
        let unsubscribe: (() => void) | null = null;
        let cancelled = false;
        load().then(
          (link) => {
            if (cancelled) return;
            const subscription = link(opts).subscribe(observer);
            unsubscribe = () => subscription.unsubscribe();
          },
          // A failed chunk download (offline, a new deployment) surfaces like any other failed call.
          (cause: unknown) => observer.error(TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause)))),
        );
        return () => {
          cancelled = true;
          unsubscribe?.();
        };
      });
  };
}

export function createTrpcClient(): TRPCClient<AppRouter> {
  const demo = readDemoIdentity();
  return createTRPCClient<AppRouter>({
    links: demo
      ? [lazyDemoLink(demo)]
      : [
          httpBatchLink({
            url: '/trpc',
            // The server refuses bigger batches with a 400 (issue 16); a busy screen sends two.
            maxItems: TRPC_MAX_BATCH_SIZE,
            // The session lives in an HttpOnly cookie.
            fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
          }),
        ],
  });
}

export function createTrpc(queryClient: QueryClient, client: TRPCClient<AppRouter> = createTrpcClient()): Trpc {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}
