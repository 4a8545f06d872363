import type { FastifyRequest } from 'fastify';

/**
 * True for a top-level navigation the person made inside this application or typed themselves
 * (Fetch Metadata: Sec-Fetch-Mode navigate, Sec-Fetch-Site same-origin or none, Sec-Fetch-Dest
 * document when sent). An <img>, a
 * fetch() or a frame of another page — even one on a sibling subdomain (same-site) — is not, and
 * neither is a request without these headers: it cannot be told apart from one. Every browser the
 * product supports sends them (Chromium 76+, Firefox 90+, Safari 16.4+).
 */
export function isOwnTopLevelNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  const site = request.headers['sec-fetch-site'];
  const dest = request.headers['sec-fetch-dest'];
  // A frame navigates too; only the top-level document is the person's own page.
  return mode === 'navigate' && (site === 'same-origin' || site === 'none') && (dest === undefined || dest === 'document');
}
