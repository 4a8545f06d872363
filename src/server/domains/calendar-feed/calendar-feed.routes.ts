import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAuditEvent } from '../../audit/audit-log';
import type { Deps } from '../../deps';
import { AppError, sendError } from '../../errors';
import { publicUrlOf } from '../../http/public-url';
import { calendarFeedIcs } from './calendar-feed-ics';
import { CALENDAR_FEED_PATH, calendarFeedOfToken } from './calendar-feed.service';

// GET /api/calendar/feed/<token>.ics: the private calendar feed a phone's calendar app polls. A
// plain route (iCalendar text, which the JSON REST adapter is not for) and without a session: the
// token in the address is the credential. GET is safe, so the CSRF guard lets it through; the token
// never reaches the log (app.ts redacts it from the request URL). Each read is audited as an
// export of the owner's appointments — folded per minute, since apps poll — and an unknown token as
// a refusal, folded per address, so guessing shows in the trail without filling it.

export const CALENDAR_FEED_ROUTE = `${CALENDAR_FEED_PATH}/:file`;
const NOT_FOUND_MESSAGE = 'No calendar feed at this address. It may have been revoked or replaced: make a new link on your Settings page.';

const clientOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

export function registerCalendarFeedRoute(app: FastifyInstance, { db, config }: Deps): void {
  const host = new URL(publicUrlOf(config)).hostname;
  app.get(CALENDAR_FEED_ROUTE, async (request, reply) => {
    try {
      const file = (request.params as { file?: unknown }).file;
      const token = typeof file === 'string' && file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
      const feed = await calendarFeedOfToken(db, token);
      if (!feed) {
        await recordAuditEvent(db, { actor: null, action: 'access-denied', entityType: 'appointment', outcome: 'denied', client: clientOf(request), details: { route: CALENDAR_FEED_ROUTE, error: 'NOT_FOUND' } });
        throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
      }
      await recordAuditEvent(db, {
        actor: feed.owner,
        action: 'export',
        entityType: 'appointment',
        outcome: 'success',
        client: clientOf(request),
        details: { route: CALENDAR_FEED_ROUTE, count: feed.events.length },
        fold: true,
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="casebridge.ics"')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(calendarFeedIcs(feed, host));
    } catch (error) {
      return sendError(reply, error);
    }
  });
}
