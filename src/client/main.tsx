import './fit-csp-first';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { isDemoSession } from './lib/demo-identity';
import type { TCurrentUser } from '../shared/domain/auth';
import { assumeSignedOut, currentUserQueryOptions } from './lib/identity';
import { createAppRouter } from './router';
import './styles.css';

const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/**
 * A public page arrives prerendered (decision 0048): #root holds the page as the build rendered it
 * for its bare path, for a visitor without a session or a demo identity. Only then does this
 * browser render the same markup, and hydrating it keeps what is already painted. A query
 * (?reason=session-ended, ?platform=legal) or a stored demo identity may change the page: it is
 * rendered afresh over the prerendered one, which stays on screen until then.
 */
function hydratesPrerenderedPage(root: HTMLElement): boolean {
  return root.dataset.prerendered === window.location.pathname && window.location.search === '' && !isDemoSession();
}

/**
 * The CSP allows no inline style attribute (security-headers.ts), so the build moved the few the
 * prerendered markup holds (Radix's visually hidden <select>) to data-prerendered-style, and hydration
 * does not set attributes. Applied through the CSSOM, which the CSP allows, as React itself does.
 */
function applyPrerenderedStyles(root: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-prerendered-style]')) element.style.cssText = element.dataset.prerenderedStyle ?? '';
}

/**
 * A signed-in first page (/ or /dashboard) the server rendered for the person with this session
 * (decision 0051): the user it was rendered for, which is the answer auth.session would give. Only
 * for the path it was rendered for, and never over a demo identity (which would render another face).
 */
function signedInRenderOf(root: HTMLElement): TCurrentUser | null {
  if (root.dataset.signedInRender !== window.location.pathname || window.location.search !== '' || isDemoSession()) return null;
  const data = document.getElementById('signed-in-user')?.textContent;
  return data ? (JSON.parse(data) as TCurrentUser) : null;
}

const signedInUser = signedInRenderOf(rootElement);

/**
 * The code files of a server-rendered page (decision 0051), asked for together now that the page is
 * on screen: without the list, the router would find them one import level at a time.
 */
function preloadSignedInModules(): void {
  const files = JSON.parse(document.getElementById('signed-in-modules')?.textContent ?? '[]') as string[];
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

if (signedInUser) {
  // Rendered over, not hydrated: the server drew the figures loading, and the browser may already
  // have them (the route starts them before its code is in), so its first render need not match.
  // The route's code is loaded first (router.load), so the one commit that replaces the server's
  // markup draws the same frame, title and welcome, and what has arrived — nothing blinks.
  preloadSignedInModules();
  const { queryClient, trpc } = router.options.context;
  queryClient.setQueryData(currentUserQueryOptions(trpc).queryKey, signedInUser);
  void router.load().finally(() => createRoot(rootElement).render(app));
} else if (hydratesPrerenderedPage(rootElement)) {
  applyPrerenderedStyles(rootElement);
  // The server sends a prerendered page only to a request without a session cookie: nobody is
  // signed in, and the identity check need not wait for the server before hydrating.
  assumeSignedOut(router.options.context.queryClient, router.options.context.trpc);
  // Hydration must render what the build rendered: the route's code and data first, as the build did.
  void router.load().then(
    () => hydrateRoot(rootElement, app),
    () => createRoot(rootElement).render(app),
  );
} else {
  createRoot(rootElement).render(app);
}
