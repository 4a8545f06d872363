import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, sendError } from '../errors';
import { latinFontPreload } from './font-preload';
import { prerenderedPages } from './prerendered-pages';
import { styleNonceOf } from './security-headers';
import type { SignedInFirstPage, SignedInFirstPageRenderer } from './signed-in-first-page';
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
export async function registerClientAssets(
  app: FastifyInstance,
  clientDist: string,
  sessionCookie = 'cb_session',
  renderSignedInFirstPage: SignedInFirstPageRenderer = async () => undefined,
): Promise<void> {
  const root = resolve(clientDist);
  const hasClient = existsSync(join(root, 'index.html'));
  if (!hasClient) app.log.warn({ root }, 'client build not found: run `npm run build` to serve the web app');
  // Read once: each page answer adds its own CSP style nonce to it (withStyleNonce).
  const indexHtml = hasClient ? readFileSync(join(root, 'index.html'), 'utf8') : '';
  const preloads = hasClient ? signedInPreloads(root) : { links: () => '', files: () => [] };
  const prerenderedPageOf = hasClient ? prerenderedPages(root) : () => undefined;
  const fontLink = hasClient ? latinFontPreload(root) : '';
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

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((p) => request.url.startsWith(p));
    if (isPage && hasClient) {
      const pathname = request.url.split('?')[0] ?? '/';
      const hasSession = Boolean(request.cookies?.[sessionCookie]);
      const rendered = hasSession ? await renderSignedInFirstPage(request, pathname) : undefined;
      // With a session cookie, / is the signed-in app (or the portal): never the landing page.
      const page = rendered
        ? withSignedInRender(indexHtml, rendered, pathname, preloads.files(pathname))
        : hasSession
          ? withPreloads(indexHtml, preloads.links(pathname))
          : (prerenderedPageOf(pathname) ?? indexHtml);
      const html = withStyleNonce(rendered ? withPreloads(page, fontLink) : page, styleNonceOf(reply));
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      reply
        // A page rendered for one person is theirs alone: no shared cache may keep it.
        .header('cache-control', rendered ? 'private, no-cache' : 'no-cache')
        // The same URL answers a prerendered page, or index.html with or without the preloads, by the
        // cookie; compressed or not by Accept-Encoding.
        .header('vary', 'Cookie, Accept-Encoding')
        .type('text/html');
      // A page (30–45 KB, a fresh nonce each time) is compressed as it goes: ~6 KB on a slow line, ~1 ms here.
      return gzip ? reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 })) : reply.send(html);
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

/** Whether Accept-Encoding names gzip with a weight above zero ("gzip", "gzip;q=0.5"; not "gzip;q=0"). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith('q='));
    return coding === 'gzip' && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON for a data block: `<` escaped, so no value can close the element. */
const jsonData = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html with a page the server rendered for the signed-in user (signed-in-first-page.ts, decision
 * 0051): its markup in #root (marked with the path it was rendered for, the only one main.tsx renders
 * over), its title, the user it was rendered for (the browser's answer to "who is signed in?") and the
 * code files the page runs, which main.tsx asks for in one wave as it starts. JSON data blocks are not
 * scripts the CSP governs. Inline style attributes, which the CSP refuses, travel as data attributes.
 * The page paints from its HTML, stylesheet and font; the code only makes it live, so neither the entry
 * nor the code files compete with those on a slow line: the entry goes at low priority, and the files
 * are not named up front (as modulepreload links they took the bandwidth the first paint needed).
 */
export function withSignedInRender(html: string, page: SignedInFirstPage, pathname: string, files: string[]): string {
  const root = '<div id="root"></div>';
  const markup = page.html.replace(/ style="([^"]*)"/g, ' data-prerendered-style="$1"');
  const titled = page.title ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title ?? '')}</title>`) : html;
  return titled.replace(/<script type="module"/g, '<script type="module" fetchpriority="low"').replace(
    root,
    () =>
      `<div id="root" data-signed-in-render="${escapeHtml(pathname)}">${markup}</div>\n` +
      `    <script type="application/json" id="signed-in-user">${jsonData(page.user)}</script>\n` +
      `    <script type="application/json" id="signed-in-modules">${jsonData(files)}</script>`,
  );
}

/** The signed-in preloads (signed-in-preloads.ts) at the end of <head>, after the entry's own links. */
export function withPreloads(html: string, links: string): string {
  return links ? html.replace('</head>', `  ${links}\n  </head>`) : html;
}
