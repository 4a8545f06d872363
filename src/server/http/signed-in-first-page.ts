import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ZCurrentUser, type TCurrentUser } from '../../shared/domain/auth';
import { currentUser } from '../auth/auth.service';
import { hasMailServer } from '../mail/outbox';
import { resolveAuth, sessionTokenOf } from '../auth/request-auth';
import type { Deps } from '../deps';
import { pagePath } from './page-path';

// The first page a person with a session opens — / or /dashboard — rendered on the server for that
// person (decision 0051): the frame, the page's title and the welcome line are in the HTML and paint
// before any script has run (Lighthouse mobile measured the signed-in dashboard's LCP at 4–5 s, all of
// it waiting for ~250 KB of script to run). The browser renders the app over it with the same answer
// to "who is signed in?", carried in the page. Rendered by the build's server entry (src/client/prerender.tsx,
// in dist/prerender), loaded shortly after start, so a server without a built client never loads
// React and the start-up itself does not wait for it.

/** What dist/prerender/prerender.js exports for this (src/client/prerender.tsx). */
interface SignedInRenderer {
  SIGNED_IN_FIRST_PAGES: readonly string[];
  renderSignedInPage(path: string, user: TCurrentUser, cookie: string): Promise<{ html: string; meta: { title: string } | null }>;
}

export interface SignedInFirstPage {
  /** The markup of #root. */
  html: string;
  title: string | null;
  /** auth.session's answer for this request, which the browser starts from. */
  user: TCurrentUser;
}

export type SignedInFirstPageRenderer = (request: FastifyRequest, pathname: string) => Promise<SignedInFirstPage | undefined>;

/** After start-up, when the server has answered its health check and its first requests. */
const WARM_UP_DELAY_MS = 2000;

/** The build's server entry beside the client build (dist/client → dist/prerender/prerender.js). */
export function serverEntryOf(clientDist: string): string {
  return resolve(clientDist, '..', 'prerender', 'prerender.js');
}

/**
 * The renderer for a client build, or one that renders nothing when the build has no server entry
 * (tests, `vite` dev). Renders only a staff member's / and /dashboard without a query; anything else
 * — no valid session, a Patient (the portal), a render that fails — is left to index.html as before.
 */
export function signedInFirstPageRenderer(clientDist: string, deps: Deps, log: FastifyBaseLogger): SignedInFirstPageRenderer {
  const entry = serverEntryOf(clientDist);
  if (!existsSync(entry)) return async () => undefined;
  let renderer: Promise<SignedInRenderer | null> | null = null;
  const load = () =>
    (renderer ??= (import(pathToFileURL(entry).href) as Promise<SignedInRenderer>).catch((error: unknown) => {
      log.error({ err: error, entry }, 'could not load the server renderer: signed-in pages start in the browser');
      return null;
    }));
  // Loading React and the app takes ~0.6 s: done soon after start rather than by the first person.
  setTimeout(() => void load(), WARM_UP_DELAY_MS).unref();

  return async (request, pathname) => {
    const path = pagePath(pathname);
    if (request.url.includes('?')) return undefined;
    // The path first: a reload of any other page with a session costs no session lookup here.
    const render = await load();
    if (!render?.SIGNED_IN_FIRST_PAGES.includes(path)) return undefined;
    const auth = await resolveAuth(deps.db, deps.config, sessionTokenOf(request, deps.config));
    if (!auth) return undefined;
    const user = ZCurrentUser.parse(currentUser(auth, { mailServer: hasMailServer(deps.config) }));
    // A Patient's / is the portal, whose data the browser fetches: left to the browser.
    if (user.role === 'Patient' && !user.isSuperAdmin) return undefined;
    try {
      const { html, meta } = await render.renderSignedInPage(path, user, request.headers.cookie ?? '');
      return { html, title: meta?.title ?? null, user };
    } catch (error) {
      request.log.warn({ err: error, path }, 'server render of a signed-in page failed: index.html instead');
      return undefined;
    }
  };
}
