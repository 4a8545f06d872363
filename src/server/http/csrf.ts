import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { recordAuditEvent } from '../audit/audit-log';
import type { Config } from '../config';
import { AppError, sendError } from '../errors';

// ARCHITECTURE.md decision 2. tRPC does no CSRF checking and even accepts multipart/form-data
// POSTs, which a hostile page can send with the victim's cookie. So every state-changing request is
// checked here, in onRequest, before the body is read or any procedure runs:
// - an Origin header must be this server's own origin (or one listed in APP_ORIGIN);
// - without Origin, Sec-Fetch-Site must say same-origin (or none: typed by the user);
// - with neither (not a browser: curl, scripts), the request may not ride on the session cookie;
//   such callers authenticate with the bearer token instead, which a browser never adds by itself.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function crossSiteRefusal(request: FastifyRequest, config: Config): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    return origin === ownOrigin(request) || config.APP_ORIGIN.includes(origin) ? null : `Cross-site request refused (origin ${origin}).`;
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? null : 'Cross-site request refused.';
  if (request.cookies?.[config.SESSION_COOKIE_NAME]) {
    return 'Request refused: a request signed in by cookie must come from the application (missing Origin header).';
  }
  return null;
}

/** This server's origin as the browser sees it (default ports dropped, as in an Origin header). */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

export function csrfGuard(config: Config, db?: Kysely<DB>) {
  return async function checkOrigin(request: FastifyRequest, reply: FastifyReply) {
    const refusal = crossSiteRefusal(request, config);
    if (refusal) {
      request.log.warn({ origin: request.headers.origin, url: request.url }, 'cross-site write refused');
      // A refusal is audited (decision 0024); no session is looked up for it, so repeats from one
      // address fold into one entry a minute.
      if (db) await recordCsrfRefusal(db, request);
      return sendError(reply, new AppError('FORBIDDEN', refusal));
    }
  };
}

async function recordCsrfRefusal(db: Kysely<DB>, request: FastifyRequest): Promise<void> {
  await recordAuditEvent(db, {
    actor: null,
    action: 'access-denied',
    entityType: 'request',
    outcome: 'denied',
    client: { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
    details: { route: request.url.split('?')[0]!.slice(0, 200), error: 'CROSS_SITE_REQUEST', origin: String(request.headers.origin ?? '').slice(0, 200) || null },
  });
}
