import './fit-csp-first';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { isDemoSession } from './lib/demo-identity';
import { assumeSignedOut } from './lib/identity';
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

if (hydratesPrerenderedPage(rootElement)) {
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
