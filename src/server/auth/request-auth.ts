import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB, OrganizationRow, OrganizationsTable, UserRow } from '../../../db/schema';
import { addMinutes, nowIso } from '../../../db/time';
import { SUPER_ADMIN, type TRole } from '../../shared/roles';
import { type Config, cookieSecurity } from '../config';
import { type SessionPolicy, invalidateSession, isWellFormedSessionToken, keepSessionAlive, sessionIdFromToken } from './sessions';

// Who is calling: the session behind the request's cookie (browsers) or bearer token (API callers).

export interface AuthState {
  sessionId: string;
  sessionExpiresAt: string;
  user: UserRow;
  organization: OrganizationRow | null;
  role: TRole;
}

export function sessionPolicy(config: Config): SessionPolicy {
  return { idleTimeoutMinutes: config.SESSION_IDLE_TIMEOUT_MINUTES, maxLifetimeHours: config.SESSION_MAX_LIFETIME_HOURS };
}

export function sessionTokenOf(request: FastifyRequest, config: Config): string | null {
  const fromCookie = request.cookies?.[config.SESSION_COOKIE_NAME];
  if (fromCookie) return fromCookie;
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

// Every column of the organisation, so the session, its user and the membership's organisation come
// back in one row: resolving the caller is one query per request instead of three (issue 9). A
// Record over the table's keys, so a column added to the table must be added here too.
const ORGANIZATION_COLUMNS = Object.keys({
  id: 1, slug: 1, name: 1, platform: 1, type: 1, address: 1, city: 1, province: 1, postal_code: 1, phone: 1, email: 1,
  registration_number: 1, total_beds: 1, is_active: 1, plan: 1, trial_ends_at: 1, max_users: 1, require_two_factor: 1,
  created_at: 1, updated_at: 1,
} satisfies Record<keyof OrganizationsTable, 1>) as (keyof OrganizationsTable)[];
const ORG_PREFIX = 'org__';

function findSession(db: Kysely<DB>, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'sessions.user_id')
        .onRef('memberships.organization_id', '=', 'sessions.organization_id')
        .on('memberships.status', '=', 'active'),
    )
    .leftJoin('organizations', (join) => join.onRef('organizations.id', '=', 'memberships.organization_id').on('organizations.is_active', '=', 1))
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.last_active_at as session_last_active_at',
      'sessions.idle_expires_at as session_idle_expires_at',
      'sessions.expires_at as session_expires_at',
      'sessions.organization_id as session_organization_id',
      'memberships.role as membership_role',
    ])
    .select(ORGANIZATION_COLUMNS.map((column) => sql.ref(`organizations.${column}`).as(`${ORG_PREFIX}${column}`)))
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

type FoundSession = NonNullable<Awaited<ReturnType<typeof findSession>>>;

function splitRow(row: FoundSession) {
  const { session_id, session_last_active_at, session_idle_expires_at, session_expires_at, session_organization_id, membership_role, ...rest } = row;
  const columns = rest as Record<string, unknown>;
  const user = {} as Record<string, unknown>;
  const organization = {} as Record<string, unknown>;
  for (const key in columns) {
    if (key.startsWith(ORG_PREFIX)) organization[key.slice(ORG_PREFIX.length)] = columns[key];
    else user[key] = columns[key];
  }
  return {
    session: { id: session_id, last_active_at: session_last_active_at, idle_expires_at: session_idle_expires_at, expires_at: session_expires_at },
    organizationId: session_organization_id,
    user: user as UserRow,
    // Only a membership of an active organisation counts (the join leaves the columns null otherwise).
    organization: organization.id == null ? null : (organization as OrganizationRow),
    membershipRole: organization.id == null ? null : (membership_role as TRole | null),
  };
}

/** The signed-in state for a token, or null; a session whose user or organisation was deactivated ends here. */
export async function resolveAuth(db: Kysely<DB>, config: Config, token: string | null): Promise<AuthState | null> {
  if (!token || !isWellFormedSessionToken(token)) return null;
  const row = await findSession(db, sessionIdFromToken(token));
  if (!row) return null;
  const { session, user, organization, membershipRole } = splitRow(row);
  if (!(await keepSessionAlive(db, sessionPolicy(config), session))) return null;
  const role: TRole | null = user.is_super_admin ? SUPER_ADMIN : membershipRole;
  if (!user.is_active || !role) {
    await invalidateSession(db, session.id);
    return null;
  }
  await notePresence(db, user);
  return { sessionId: session.id, sessionExpiresAt: session.expires_at, user, organization, role };
}

// Presence (super-users online) is "seen in the last few minutes"; writing last_seen_at at most
// once a minute keeps that true without a write per request.
const PRESENCE_WRITE_INTERVAL_MINUTES = 1;

async function notePresence(db: Kysely<DB>, user: UserRow): Promise<void> {
  const now = nowIso();
  if (user.last_seen_at && addMinutes(user.last_seen_at, PRESENCE_WRITE_INTERVAL_MINUTES) > now) return;
  user.last_seen_at = now;
  await db.updateTable('users').set({ last_seen_at: now }).where('id', '=', user.id).execute();
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: string): void {
  reply.setCookie(config.SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookieSecurity(config),
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(config.SESSION_COOKIE_NAME, { httpOnly: true, sameSite: 'lax', path: '/', secure: cookieSecurity(config) });
}
