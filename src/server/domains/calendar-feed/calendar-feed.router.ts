import { z } from 'zod';
import { ZCalendarFeed, ZCalendarFeedStatus } from '../../../shared/domain/appointments';
import { router, tenantProcedure } from '../../trpc';
import { calendarFeedStatus, createCalendarFeed, revokeCalendarFeed } from './calendar-feed.service';

// Issue 21: the private iCalendar (.ics) address of each user — make, see and revoke. The feed
// itself is a plain route (calendar-feed.routes.ts). Whoever sees a schedule (appointments.view)
// may have one; the address is shown once, when made.

const tags = ['calendar'];

export const calendarFeedRouter = router({
  status: tenantProcedure
    .meta({ capability: 'appointments.view', openapi: { method: 'GET', path: '/calendar/feed', tags, summary: 'Whether your private calendar address is live, and since when (never the address itself)' } })
    .input(z.void())
    .output(ZCalendarFeedStatus)
    .query(({ ctx }) => calendarFeedStatus(ctx.db, ctx.actor)),

  create: tenantProcedure
    .meta({
      capability: 'appointments.view',
      openapi: { method: 'POST', path: '/calendar/feed', tags, summary: 'Make your private .ics address (url) for a calendar app; an address made before stops working' },
    })
    .input(z.void())
    .output(ZCalendarFeed)
    .mutation(({ ctx }) => createCalendarFeed(ctx.db, ctx.actor, ctx.request.publicUrl)),

  revoke: tenantProcedure
    .meta({ capability: 'appointments.view', openapi: { method: 'DELETE', path: '/calendar/feed', tags, summary: 'Revoke your private calendar address: it answers 404 from now on' } })
    .input(z.void())
    .output(ZCalendarFeedStatus)
    .mutation(({ ctx }) => revokeCalendarFeed(ctx.db, ctx.actor)),
});
