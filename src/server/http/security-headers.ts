import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

// The response headers of every answer (issue 16, decision 0025).
//
// Content-Security-Policy: everything the app loads is its own (scripts, styles, the self-hosted
// Inter font, images); the built index.html holds no inline script. The one inline thing the app
// needs is the <style> element Radix's scroll lock (react-remove-scroll) inserts while a dialog or
// menu is open: it carries the per-response style nonce the page gets in <meta name="csp-nonce">
// (client-assets.ts → src/client/lib/content-security-policy.ts). React `style` props are CSSOM and need nothing.
// img-src allows data: for the two-factor QR code (an SVG data URL built from the server's answer).
// No upgrade-insecure-requests: a clinic may serve plain http on its LAN.

const styleNonces = new WeakMap<ServerResponse, string>();

/** The style nonce of this response's CSP, made on first use (so one per response). */
function styleNonceOfResponse(res: ServerResponse): string {
  let nonce = styleNonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    styleNonces.set(res, nonce);
  }
  return nonce;
}

/** The nonce a page must give the <style> elements it inserts (the CSP of this reply allows it). */
export function styleNonceOf(reply: FastifyReply): string {
  return styleNonceOfResponse(reply.raw);
}

export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${styleNonceOfResponse(res)}'`],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** Powerful features the product never uses, switched off for its pages and anything they embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'hid', 'magnetometer',
  'microphone', 'midi', 'payment', 'serial', 'usb',
].map((feature) => `${feature}=()`).join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** /api and /trpc answers carry personal data: no browser or proxy cache may keep them. */
const isApiUrl = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc/') || url === '/trpc';

/**
 * HSTS only for https: sent over plain http a browser ignores it anyway, and a LAN install on http
 * must never be told to insist on https. Behind a proxy, request.protocol follows
 * X-Forwarded-Proto only with TRUST_PROXY (Fastify's trustProxy).
 */
function servedOverHttps(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || config.PUBLIC_URL?.startsWith('https:') === true;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    strictTransportSecurity: false, // set below, for https only
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    // Helmet's other defaults stay: nosniff, COOP/CORP same-origin, X-DNS-Prefetch-Control off …
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (servedOverHttps(request, config)) reply.header('strict-transport-security', HSTS);
    // A route's own no-store (a document download's "private, no-store") stays as it is.
    if (isApiUrl(request.url) && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) reply.header('cache-control', 'no-store');
  });
}
