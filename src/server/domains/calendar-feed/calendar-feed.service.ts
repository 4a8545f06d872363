import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TAppointmentStatus } from '../../../shared/domain/appointments';
import { fullName } from '../../../shared/format';
import { can } from '../../../shared/roles';
import { WITHHELD_LABEL, needToKnowOf } from '../cases/case-visibility';
import type { TenantActor } from '../../auth/actor';

// The private calendar feed (issue 21): one secret address per person and organisation, which a
// phone's calendar app polls without a session — the token in the address is the credential. Only
// its SHA-256 is stored (as with sessions, ARCHITECTURE decision 1), so a copy of the database
// opens no one's calendar; making a new address replaces the old one, and revoking deletes the row,
// after which the old address answers 404 like any unknown one.

/** 256 random bits, base64url: 43 characters. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const CALENDAR_FEED_PATH = '/api/calendar/feed';
/** The address a calendar app polls: /api/calendar/feed/<token>.ics */
export const calendarFeedUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}${CALENDAR_FEED_PATH}/${token}.ics`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** POST /api/calendar/feed: a new private address; the one before it (if any) stops working. */
export async function createCalendarFeed(db: Kysely<DB>, actor: TenantActor, publicUrl: string): Promise<{ url: string }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = nowIso();
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: actor.userId, organization_id: actor.organizationId, token_hash: hashOf(token), created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'organization_id']).doUpdateSet({ token_hash: hashOf(token), created_at: now }))
    .execute();
  return { url: calendarFeedUrl(publicUrl, token) };
}

/** DELETE /api/calendar/feed: the address answers 404 from now on. */
export async function revokeCalendarFeed(db: Kysely<DB>, actor: TenantActor): Promise<{ active: false; createdAt: null }> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', actor.userId).where('organization_id', '=', actor.organizationId).execute();
  return { active: false, createdAt: null };
}

/** GET /api/calendar/feed: whether an address is live and since when (never the address: it is not stored). */
export async function calendarFeedStatus(db: Kysely<DB>, actor: TenantActor): Promise<{ active: boolean; createdAt: string | null }> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where('user_id', '=', actor.userId)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  return { active: Boolean(row), createdAt: row?.created_at ?? null };
}

/** What the feed lists: from 30 days back to 180 days ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;

export interface FeedEvent {
  id: string;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string;
  location: string | null;
  status: TAppointmentStatus;
  version: number;
  updatedAt: string;
}

export interface FeedContents {
  owner: { userId: string; organizationId: string; role: string };
  ownerName: string;
  events: FeedEvent[];
}

/**
 * The feed behind a token, or null when the token is unknown, revoked or replaced — or when its
 * owner can no longer see a schedule (left the organisation, deactivated, a role without
 * appointments.view, the organisation switched off): the address then answers as if it never was.
 * The lookup is by the token's hash on a unique index, so the time it takes says nothing about how
 * close a guess came.
 */
export async function calendarFeedOfToken(db: Kysely<DB>, token: string, now: Date = new Date()): Promise<FeedContents | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const owner = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .innerJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'f.user_id').onRef('m.organization_id', '=', 'f.organization_id'))
    .innerJoin('organizations as o', 'o.id', 'f.organization_id')
    .select(['f.user_id', 'f.organization_id', 'u.first_name', 'u.last_name', 'u.email', 'm.role'])
    .where('f.token_hash', '=', hashOf(token))
    .where('u.is_active', '=', 1)
    .where('m.status', '=', 'active')
    .where('o.is_active', '=', 1)
    .executeTakeFirst();
  if (!owner || !can({ role: owner.role }, 'appointments.view')) return null;

  const from = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000).toISOString();
  const to = new Date(now.getTime() + FEED_DAYS_AHEAD * 86_400_000).toISOString();
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('appointment_attendees as at', (join) => join.onRef('at.appointment_id', '=', 'a.id').onRef('at.organization_id', '=', 'a.organization_id'))
    .select(['a.id', 'a.title', 'a.description', 'a.start_time', 'a.end_time', 'a.location', 'a.status', 'a.version', 'a.updated_at'])
    // As on the schedule: an appointment of a restricted case is a busy slot to a non-member.
    .select(needToKnowOf({ userId: owner.user_id, role: owner.role, isSuperAdmin: false }, 'a.case_id'))
    .where('a.organization_id', '=', owner.organization_id)
    .where('at.user_id', '=', owner.user_id)
    .where('a.start_time', '<', to)
    .where('a.end_time', '>', from)
    .orderBy('a.start_time')
    .orderBy('a.id')
    .execute();
  return {
    owner: { userId: owner.user_id, organizationId: owner.organization_id, role: owner.role },
    ownerName: fullName(owner.first_name, owner.last_name) ?? owner.email,
    events: rows.map((row) => ({
      id: row.id,
      title: Number(row.need_to_know) ? row.title : WITHHELD_LABEL,
      description: Number(row.need_to_know) ? row.description : null,
      startTime: row.start_time,
      endTime: row.end_time,
      location: Number(row.need_to_know) ? row.location : null,
      status: row.status as TAppointmentStatus,
      version: row.version,
      updatedAt: row.updated_at,
    })),
  };
}
