import { StrictMode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { assumeSignedOut } from './lib/identity';
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
  // Runs beforeLoad and the loaders and fetches the route's code, as the browser does before hydrating.
  await router.load();
  let meta: PageMeta | null = null;
  // prerender (not renderToString) waits for the lazy pieces (the landing page is a lazy chunk of /).
  const { prelude } = await prerender(
    <StrictMode>
      <PageMetaCollector.Provider value={(pageMeta) => (meta = pageMeta)}>
        {/* In the browser RouterProvider wraps the route matches in a Suspense boundary that its server
            rendering leaves out; this one gives the HTML the same boundary markers, so hydration matches. */}
        <Suspense>
          <RouterProvider router={router} />
        </Suspense>
      </PageMetaCollector.Provider>
    </StrictMode>,
  );
  return { html: await new Response(prelude).text(), meta };
}
