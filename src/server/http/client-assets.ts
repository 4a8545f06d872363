import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, sendError } from '../errors';
import { styleNonceOf } from './security-headers';

const API_PREFIXES = ['/api/', '/trpc/', '/healthz'];

/**
 * Serves the built React client, and index.html for any other GET so client routes (/patients,
 * /login …) survive a reload. Hashed assets are cached for a year, index.html never.
 */
export async function registerClientAssets(app: FastifyInstance, clientDist: string): Promise<void> {
  const root = resolve(clientDist);
  const hasClient = existsSync(join(root, 'index.html'));
  if (!hasClient) app.log.warn({ root }, 'client build not found: run `npm run build` to serve the web app');
  // Read once: each page answer adds its own CSP style nonce to it (withStyleNonce).
  const indexHtml = hasClient ? readFileSync(join(root, 'index.html'), 'utf8') : '';
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      // One route per built file; anything else (/, /patients …) falls to the SPA fallback below,
      // index.html too: it is only ever served with its nonce.
      wildcard: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(res, path) {
        res.setHeader('cache-control', path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((p) => request.url.startsWith(p));
    if (isPage && hasClient) return reply.header('cache-control', 'no-cache').type('text/html').send(withStyleNonce(indexHtml, styleNonceOf(reply)));
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
