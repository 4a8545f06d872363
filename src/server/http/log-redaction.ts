import type { FastifyRequest } from 'fastify';

// What the request log says about a request: Fastify's own fields, with secrets that travel in a
// path taken out. The private calendar feed (issue 21) has its credential in the address
// (/api/calendar/feed/<token>.ics: calendar apps cannot send headers), and a log line is read by
// more people than the calendar's owner.

const FEED_TOKEN = /^(\/api\/calendar\/feed\/)[^/?#]+/;

/** The URL as logged: the feed's token replaced by [token]. */
export function redactedUrl(url: string): string {
  return url.replace(FEED_TOKEN, '$1[token]');
}

/** Fastify's default `req` serializer (method, url, version, host, address, port), the URL redacted. */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
