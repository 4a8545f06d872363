import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, sendError } from '../errors';
import { prerenderedPages } from './prerendered-pages';
import { styleNonceOf } from './security-headers';
import { signedInPreloads } from './signed-in-preloads';

// /assets/ too: a chunk a new deployment removed must fail as a 404, not come back as the page.
const API_PREFIXES = ['/api/', '/trpc/', '/healthz', '/assets/'];

/** Built files under /assets carry a content hash in their name: a new build gives new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built React client, and index.html for any other GET so client routes (/patients,
 * /login …) survive a reload. A request without a session cookie to a public page gets that page
 * prerendered instead (its own title and content before any script, decision 0048); with a session
 * every page is index.html, as the signed-in app has always started. Hashed assets are cached for a year without a revalidation; index.html
 * and the other unhashed files (favicon) are revalidated on every use, so a deployment shows at once.
 * Text files go out as the brotli or gzip copy the build wrote beside them (scripts/vite-precompress.ts)
 * when the browser accepts it (decision 0031).
 */
export async function registerClientAssets(app: FastifyInstance, clientDist: string, sessionCookie = 'cb_session'): Promise<void> {
  const root = resolve(clientDist);
  const hasClient = existsSync(join(root, 'index.html'));
  if (!hasClient) app.log.warn({ root }, 'client build not found: run `npm run build` to serve the web app');
  // Read once: each page answer adds its own CSP style nonce to it (withStyleNonce).
  const indexHtml = hasClient ? readFileSync(join(root, 'index.html'), 'utf8') : '';
  const preloadsFor = hasClient ? signedInPreloads(root) : () => '';
  const prerenderedPageOf = hasClient ? prerenderedPages(root) : () => undefined;
  const hashedDir = join(root, 'assets') + sep;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      // One route per built file; anything else (/, /patients …) falls to the SPA fallback below,
      // index.html too: it is only ever served with its nonce (so it has no compressed copy either).
      wildcard: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      // /assets/x.js answers with x.js.br or x.js.gz by Accept-Encoding; the copies get no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // send's own Cache-Control (public, max-age=0) would overwrite the one set below.
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', path.startsWith(hashedDir) ? IMMUTABLE : 'no-cache');
        // Shared caches must keep the brotli, gzip and plain answers apart.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((p) => request.url.startsWith(p));
    if (isPage && hasClient) {
      const pathname = request.url.split('?')[0] ?? '/';
      const hasSession = Boolean(request.cookies?.[sessionCookie]);
      // With a session cookie, / is the signed-in app (or the portal): never the landing page.
      const page = hasSession ? withPreloads(indexHtml, preloadsFor(pathname)) : (prerenderedPageOf(pathname) ?? indexHtml);
      return reply
        .header('cache-control', 'no-cache')
        // The same URL answers a prerendered page, or index.html with or without the preloads, by the cookie.
        .header('vary', 'Cookie')
        .type('text/html')
        .send(withStyleNonce(page, styleNonceOf(reply)));
    }
    return sendError(reply, new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}

/**
 * The page with the nonce its CSP allows for inserted <style> elements (security-headers.ts), in a
 * meta tag the client hands to the libraries that insert them (src/client/lib/content-security-policy.ts).
 */
export function withStyleNonce(html: string, nonce: string): string {
  return html.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`);
}

/** The signed-in preloads (signed-in-preloads.ts) at the end of <head>, after the entry's own links. */
export function withPreloads(html: string, links: string): string {
  return links ? html.replace('</head>', `  ${links}\n  </head>`) : html;
}
