import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, OrganizationRow, UserRow } from '../../../db/schema';
import { addMinutes, nowIso } from '../../../db/time';
import { SUPER_ADMIN, type TRole } from '../../shared/roles';
import { type Config, cookieSecurity } from '../config';
import { type SessionPolicy, invalidateSession, validateSessionToken } from './sessions';

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

/** The signed-in state for a token, or null; a session whose user or organisation was deactivated ends here. */
export async function resolveAuth(db: Kysely<DB>, config: Config, token: string | null): Promise<AuthState | null> {
  if (!token) return null;
  const session = await validateSessionToken(db, sessionPolicy(config), token);
  if (!session) return null;
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
  let organization: OrganizationRow | null = null;
  let role: TRole | null = user?.is_super_admin ? SUPER_ADMIN : null;
  if (user && session.organization_id) {
    const membership = await db
      .selectFrom('memberships')
      .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
      .selectAll('organizations')
      .select('memberships.role as membership_role')
      .where('memberships.user_id', '=', user.id)
      .where('memberships.organization_id', '=', session.organization_id)
      .where('memberships.status', '=', 'active')
      .where('organizations.is_active', '=', 1)
      .executeTakeFirst();
    if (membership) {
      const { membership_role, ...org } = membership;
      organization = org;
      role ??= membership_role as TRole;
    }
  }
  if (!user || !user.is_active || !role) {
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
