import { StrictMode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createTRPCClient } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../server/router';
import type { TCurrentUser } from '../shared/domain/auth';
import { RequestCookieProvider } from './components/shell/sidebar-context';
import { assumeSignedOut, currentUserQueryOptions } from './lib/identity';
import { PageMetaCollector, type PageMeta } from './lib/page-meta';
import { createAppRouter } from './router';

// The build's server-side entry (decision 0048): `vite build --ssr` turns it into dist/prerender/,
// and scripts/prerender-pages.ts renders each public page with it into static HTML that the
// browser paints before any script runs and main.tsx then hydrates.

/**
 * The public pages (SPEC §2.1) that look the same for every visitor without a session. Not here:
 * /reset-password and /accept-invitation, which are about the token in their link.
 */
/** The page's tags, as the browser writes them (for scripts/prerender-pages.ts, which must not load React itself). */
export { metaTagsOf, type PageMeta } from './lib/page-meta';

export const PRERENDERED_PATHS = ['/', '/login', '/register', '/trial-signup', '/select-user', '/user-select', '/superuser-register', '/forgot-password'] as const;

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** What the page's usePageMeta asked for; null if it set none. */
  meta: PageMeta | null;
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  assumeSignedOut(router.options.context.queryClient, router.options.context.trpc);
  return render(router);
}

/**
 * Where a person with a session starts (sign-in lands on /dashboard, a returning person opens /): the
 * server renders these for the signed-in user at request time (decision 0051), so the frame, the
 * title and the welcome paint before the script has run. Other signed-in pages load their data
 * with the route and stay rendered in the browser.
 */
export const SIGNED_IN_FIRST_PAGES = ['/', '/dashboard'] as const;

/**
 * A client whose calls never answer: the page's figures are fetched by the browser, so the server's
 * markup shows their loading state — which is what the browser's first render shows too.
 */
const unansweredClient = () =>
  createTRPCClient<AppRouter>({ links: [() => () => observable(() => () => undefined)] });

/**
 * `user` is the answer auth.session gives this request (the browser is handed the same answer, so its
 * first render is this one); `cookie` the request's Cookie header (the sidebar's stored state).
 */
export async function renderSignedInPage(path: string, user: TCurrentUser, cookie: string): Promise<PrerenderedPage> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }), trpcClient: unansweredClient() });
  router.options.context.queryClient.setQueryData(currentUserQueryOptions(router.options.context.trpc).queryKey, user);
  return render(router, cookie);
}

async function render(router: ReturnType<typeof createAppRouter>, cookie: string | null = null): Promise<PrerenderedPage> {
  // Runs beforeLoad and the loaders and fetches the route's code, as the browser does before hydrating.
  await router.load();
  let meta: PageMeta | null = null;
  // prerender (not renderToString) waits for the lazy pieces (the landing page is a lazy chunk of /).
  const { prelude } = await prerender(
    <StrictMode>
      <PageMetaCollector.Provider value={(pageMeta) => (meta = pageMeta)}>
        {/* In the browser RouterProvider wraps the route matches in a Suspense boundary that its server
            rendering leaves out; this one gives the HTML the same boundary markers, so hydration matches. */}
        <RequestCookieProvider value={cookie}>
          <Suspense>
            <RouterProvider router={router} />
          </Suspense>
        </RequestCookieProvider>
      </PageMetaCollector.Provider>
    </StrictMode>,
    // React moves a finished Suspense boundary bigger than this (12.8 KB by default) out of line, to be
    // put in place by an inline script — which the CSP refuses. A prerender is sent whole: all in line.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { html: await new Response(prelude).text(), meta };
}
