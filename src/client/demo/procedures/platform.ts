import type { TOrganization } from '../../../shared/domain/organizations';
import {
  PRESSING_SUPPORT_PRIORITIES,
  TRIAL_ENDING_SOON_DAYS,
  type TPlatformOverview,
  WAITING_SUPPORT_STATUSES,
} from '../../../shared/domain/platform-overview';
import { addDays } from '../../../shared/calendar';
import type { DemoContext } from '../context';
import { demoFigures } from '../fixtures/dashboard';
import { demoOrganizations } from '../fixtures/organizations';
import { type DemoProcedures, procedure } from '../procedure';
import { homeOrganization } from './organizations';
import { visibleChats } from './support';

// The Super Admin dashboard in demo mode (SPEC §2.9, §3.6): the headline figures are the §3.6
// Super Admin sample set (24 facilities, 1,248 users, R 8,750,000 revenue); the lists, trials and
// support counts come from the demo organisations and support chats, so they agree with the
// Organizations screen and the support widget, and follow what the visitor changes there.

/** The demo server "has been up" this long before the demo session began. */
const DEMO_UPTIME_MS = (12 * 24 + 6) * 3_600_000;

const waiting: readonly string[] = WAITING_SUPPORT_STATUSES;
const pressing: readonly string[] = PRESSING_SUPPORT_PRIORITIES;

function organizations(ctx: DemoContext): TOrganization[] {
  return ctx.overlay
    .merge('organizations', demoOrganizations(ctx.anchor))
    .map((o) => (o.id === ctx.organizationId ? homeOrganization(ctx) : o));
}

function overview(ctx: DemoContext): TPlatformOverview {
  // The §3.6 Super Admin set is listed under healthcare; the overview spans every platform.
  const figures = demoFigures('healthcare', 'Super Admin');
  const now = new Date();
  const orgs = organizations(ctx);
  // The sample platform has more facilities than the demo lists; organisations the visitor adds
  // in this session are counted on top of the sample figure.
  const added = Math.max(0, orgs.length - demoOrganizations(ctx.anchor).length);
  const totalOrganizations = (figures.facilities ?? orgs.length) + added;
  const trials = orgs.filter((o) => o.isActive && o.trialEndsAt !== null && o.trialEndsAt > now.toISOString());
  const soon = addDays(now, TRIAL_ENDING_SOON_DAYS).toISOString();
  const chats = visibleChats(ctx).filter((c) => waiting.includes(c.status));
  const startedAt = new Date(ctx.anchor.getTime() - DEMO_UPTIME_MS);

  return {
    totalOrganizations,
    activeOrganizations: totalOrganizations - orgs.filter((o) => !o.isActive).length,
    totalUsers: figures.teamMembers ?? 0,
    activeTrials: trials.length,
    trialsEndingSoon: trials.filter((o) => o.trialEndsAt! <= soon).length,
    uptime: { startedAt: startedAt.toISOString(), seconds: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)) },
    supportRequests: {
      open: chats.filter((c) => c.status === 'Open').length,
      inProgress: chats.filter((c) => c.status === 'In Progress').length,
      urgentOrHigh: chats.filter((c) => pressing.includes(c.priority)).length,
    },
    monthlyRevenueCents: figures.revenueImpact * 100,
    organizations: [...orgs]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
      .slice(0, 6)
      .map(({ id, name, platform, type, isActive, memberCount, trialEndsAt, createdAt }) => ({ id, name, platform, type, isActive, memberCount, trialEndsAt, createdAt })),
    recentSupportRequests: chats
      .slice(0, 5)
      .map(({ id, title, priority, status, category, organizationName, createdAt }) => ({ id, title, priority, status, category, organizationName, createdAt })),
  };
}

export const platformProcedures = {
  'platform.overview': procedure({ input: null, capability: 'organizations.manage', run: overview }),
} satisfies Partial<DemoProcedures>;
