import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import {
  PRESSING_SUPPORT_PRIORITIES,
  TRIAL_ENDING_SOON_DAYS,
  type TPlatformOverview,
  WAITING_SUPPORT_STATUSES,
} from '../../../shared/domain/platform-overview';
import { addDays, addMonths, startOfMonth } from '../../../shared/calendar';
import type { TPlatform } from '../../../shared/platform';
import { AppError } from '../../errors';
import type { Actor } from '../../auth/actor';
import { activeMemberCount } from '../organizations/member-count';
import { canSignIn } from '../../auth/can-sign-in';

// SPEC §2.9: the Super Admin's platform overview. It reads every organisation's rows on purpose
// (ARCHITECTURE decision 3: Super Admin crosses tenants only through procedures made for that), so
// it checks the actor here as well as through the router's capability guard.

/** When this server process started: uptime is measured from it, not from a stored value. */
export const PROCESS_STARTED_AT = new Date(Date.now() - process.uptime() * 1000);

export interface OverviewClock {
  now: Date;
  startedAt: Date;
}

const RECENT_ORGANIZATIONS = 6;
const RECENT_SUPPORT_REQUESTS = 5;

export async function getPlatformOverview(
  db: Kysely<DB>,
  actor: Actor,
  clock: OverviewClock = { now: new Date(), startedAt: PROCESS_STARTED_AT },
): Promise<TPlatformOverview> {
  if (!actor.isSuperAdmin) throw new AppError('FORBIDDEN', 'Only a Super Admin can see the platform overview.');
  const { now, startedAt } = clock;
  const nowText = now.toISOString();
  const month = startOfMonth(now);

  const [organizationCounts, users, trials, support, revenue, organizations, recentSupport] = await Promise.all([
    db
      .selectFrom('organizations')
      .select(['is_active', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('is_active')
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(canSignIn)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('organizations')
      .select('trial_ends_at')
      .where('is_active', '=', 1)
      // ISO-8601 UTC text (db/time.ts) compares chronologically as text in both dialects.
      .where('trial_ends_at', '>', nowText)
      .execute(),
    db
      .selectFrom('support_chats')
      .select(['status', 'priority', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', WAITING_SUPPORT_STATUSES)
      .groupBy(['status', 'priority'])
      .execute(),
    db
      .selectFrom('time_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cost_cents'), eb.lit(0)).as('cents'))
      .where('start_time', '>=', month.toISOString())
      .where('start_time', '<', addMonths(month, 1).toISOString())
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('organizations')
      .select(['id', 'name', 'platform', 'type', 'is_active', 'trial_ends_at', 'created_at'])
      .select(activeMemberCount)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(RECENT_ORGANIZATIONS)
      .execute(),
    db
      .selectFrom('support_chats')
      .leftJoin('organizations', 'organizations.id', 'support_chats.organization_id')
      .select([
        'support_chats.id',
        'support_chats.title',
        'support_chats.priority',
        'support_chats.status',
        'support_chats.category',
        'support_chats.created_at',
        'organizations.name as organization_name',
      ])
      .where('support_chats.status', 'in', WAITING_SUPPORT_STATUSES)
      .orderBy('support_chats.created_at', 'desc')
      .orderBy('support_chats.id')
      .limit(RECENT_SUPPORT_REQUESTS)
      .execute(),
  ]);

  const countWhere = <R extends { n: number | string }>(rows: R[], test: (row: R) => boolean) =>
    rows.filter(test).reduce((sum, row) => sum + Number(row.n), 0);
  const soon = addDays(now, TRIAL_ENDING_SOON_DAYS).toISOString();
  const pressing: readonly string[] = PRESSING_SUPPORT_PRIORITIES;

  return {
    totalOrganizations: countWhere(organizationCounts, () => true),
    activeOrganizations: countWhere(organizationCounts, (row) => Number(row.is_active) === 1),
    totalUsers: Number(users.n),
    activeTrials: trials.length,
    trialsEndingSoon: trials.filter((row) => row.trial_ends_at !== null && row.trial_ends_at <= soon).length,
    uptime: {
      startedAt: startedAt.toISOString(),
      seconds: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)),
    },
    supportRequests: {
      open: countWhere(support, (row) => row.status === 'Open'),
      inProgress: countWhere(support, (row) => row.status === 'In Progress'),
      urgentOrHigh: countWhere(support, (row) => pressing.includes(row.priority)),
    },
    monthlyRevenueCents: Number(revenue.cents),
    organizations: organizations.map((row) => ({
      id: row.id,
      name: row.name,
      platform: row.platform as TPlatform,
      type: row.type,
      isActive: Number(row.is_active) === 1,
      memberCount: Number(row.member_count ?? 0),
      trialEndsAt: row.trial_ends_at,
      createdAt: row.created_at,
    })),
    recentSupportRequests: recentSupport.map((row) => ({
      id: row.id,
      title: row.title,
      priority: row.priority,
      status: row.status,
      category: row.category,
      organizationName: row.organization_name ?? null,
      createdAt: row.created_at,
    })),
  };
}
