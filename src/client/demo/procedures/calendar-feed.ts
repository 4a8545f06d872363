import type { DemoContext } from '../context';
import { type DemoProcedures, procedure } from '../procedure';

// The private calendar address in demo mode (issue 21). A demo has no server for a phone to poll, so
// the address is a sample at a reserved name that resolves nowhere (.invalid, RFC 2606), plainly
// marked as the demo's; making, replacing and revoking it show up on /settings for the session.

interface DemoFeedRow {
  id: string; // the demo user's id: one address per person
  createdAt: string;
}

export const DEMO_FEED_ORIGIN = 'https://demo.invalid';

const feedOf = (ctx: DemoContext) => ctx.overlay.rows<DemoFeedRow & { revoked?: boolean }>('calendarFeeds').find((row) => row.id === ctx.me.id && !row.revoked);

export const calendarFeedProcedures = {
  'calendarFeed.status': procedure({
    input: null,
    capability: 'appointments.view',
    run: (ctx) => {
      const feed = feedOf(ctx);
      return { active: Boolean(feed), createdAt: feed?.createdAt ?? null };
    },
  }),
  'calendarFeed.create': procedure({
    input: null,
    capability: 'appointments.view',
    run: (ctx) => {
      ctx.overlay.put('calendarFeeds', { id: ctx.me.id, createdAt: ctx.nowIso(), revoked: false });
      return { url: `${DEMO_FEED_ORIGIN}/api/calendar/feed/demo-sample-${ctx.newId()}.ics` };
    },
  }),
  'calendarFeed.revoke': procedure({
    input: null,
    capability: 'appointments.view',
    run: (ctx) => {
      ctx.overlay.put('calendarFeeds', { id: ctx.me.id, createdAt: ctx.nowIso(), revoked: true });
      return { active: false as const, createdAt: null };
    },
  }),
} satisfies Partial<DemoProcedures>;
