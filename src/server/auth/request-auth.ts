import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../../db/compiled-once';
import type { DB, OrganizationRow, OrganizationsTable, UserRow, UsersTable } from '../../../db/schema';
import { addMinutes, nowIso } from '../../../db/time';
import { SUPER_ADMIN, type TRole } from '../../shared/roles';
import { type Config, cookieSecurity } from '../config';
import { type SessionPolicy, type SessionTimes, invalidateSession, isWellFormedSessionToken, keepSessionAlive, sessionIdFromToken } from './sessions';

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

// The session, its user and the membership's organisation come back in one row: resolving the
// caller is one query per request instead of three, built and compiled once (issue 9). Every
// column of the user and of the organisation is listed, under a prefix; a Record over the table's
// keys, so a column added to a table must be added here too.
const USER_COLUMNS = columnsOf('user__', {
  id: 1, email: 1, password_hash: 1, first_name: 1, last_name: 1, department: 1, profile_image_url: 1, is_super_admin: 1,
  is_active: 1, last_seen_at: 1, bell_opened_at: 1, totp_secret: 1, totp_enabled_at: 1, totp_last_step: 1, created_at: 1, updated_at: 1,
} satisfies Record<keyof UsersTable, 1>);
const ORGANIZATION_COLUMNS = columnsOf('org__', {
  id: 1, slug: 1, name: 1, platform: 1, type: 1, address: 1, city: 1, province: 1, postal_code: 1, phone: 1, email: 1,
  registration_number: 1, total_beds: 1, is_active: 1, plan: 1, trial_ends_at: 1, max_users: 1, require_two_factor: 1,
  case_reference_prefix: 1, created_at: 1, updated_at: 1,
} satisfies Record<keyof OrganizationsTable, 1>);

function columnsOf(prefix: string, record: Record<string, 1>) {
  return Object.keys(record).map((column) => ({ column, alias: `${prefix}${column}` }));
}

function pick<T>(row: Record<string, unknown>, columns: { column: string; alias: string }[]): T {
  const picked: Record<string, unknown> = {};
  for (const { column, alias } of columns) picked[column] = row[alias];
  return picked as T;
}

const findSession = compiledOnce<'sessionId', Record<string, unknown>>((db, placeholder) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'sessions.user_id')
        .onRef('memberships.organization_id', '=', 'sessions.organization_id')
        .on('memberships.status', '=', 'active'),
    )
    // Only a membership of an active organisation counts: otherwise the organisation's columns are null.
    .leftJoin('organizations', (join) => join.onRef('organizations.id', '=', 'memberships.organization_id').on('organizations.is_active', '=', 1))
    .select(['sessions.id', 'sessions.last_active_at', 'sessions.idle_expires_at', 'sessions.expires_at', 'memberships.role as membership_role'])
    .select(USER_COLUMNS.map(({ column, alias }) => sql.ref(`users.${column}`).as(alias)))
    .select(ORGANIZATION_COLUMNS.map(({ column, alias }) => sql.ref(`organizations.${column}`).as(alias)))
    .where('sessions.id', '=', placeholder('sessionId')),
);

/** The signed-in state for a token, or null; a session whose user or organisation was deactivated ends here. */
export async function resolveAuth(db: Kysely<DB>, config: Config, token: string | null): Promise<AuthState | null> {
  if (!token || !isWellFormedSessionToken(token)) return null;
  const [row] = await findSession(db, { sessionId: sessionIdFromToken(token) });
  if (!row) return null;
  const session = row as unknown as SessionTimes;
  if (!(await keepSessionAlive(db, sessionPolicy(config), session))) return null;
  const user = pick<UserRow>(row, USER_COLUMNS);
  const organization = row.org__id == null ? null : pick<OrganizationRow>(row, ORGANIZATION_COLUMNS);
  const role: TRole | null = user.is_super_admin ? SUPER_ADMIN : organization ? (row.membership_role as TRole) : null;
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
