import type { FastifyRequest } from 'fastify';
import { PLATFORM_CONFIG, type TPlatform, type TPlatformFeature } from '../../shared/platform';
import { SUPER_ADMIN, type TCapability, type TRole, can } from '../../shared/roles';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { type AuthState, resolveAuth, sessionTokenOf } from './request-auth';

// Who may do what, decided in one place: the tRPC middlewares (trpc.ts) and the plain Fastify routes
// (uploads, CSV exports) build the actor and check capability and tenant with these functions, so a
// rule cannot be tightened on one path and forgotten on another. Services take the `Actor` type from
// here, never from trpc.ts.

/** Who acts, as services receive it: identity and tenant come from the session, never from input. */
export interface Actor {
  userId: string;
  sessionId: string;
  organizationId: string | null;
  platform: TPlatform | null;
  role: TRole;
  isSuperAdmin: boolean;
}

/** A caller working inside one organisation: every query it runs is scoped by actor.organizationId. */
export interface TenantActor extends Actor {
  organizationId: string;
  platform: TPlatform;
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized: please sign in.';

export function actorOf(auth: AuthState): Actor {
  return {
    userId: auth.user.id,
    sessionId: auth.sessionId,
    organizationId: auth.organization?.id ?? null,
    platform: (auth.organization?.platform as TPlatform | undefined) ?? null,
    role: auth.role,
    isSuperAdmin: auth.role === SUPER_ADMIN || auth.user.is_super_admin === 1,
  };
}

/** The signed-in caller's actor; 401 without a session. */
export function requireActor(auth: AuthState | null): Actor {
  if (!auth) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  return actorOf(auth);
}

/** 403 unless the actor's role holds `capability` in the one matrix (src/shared/roles.ts). */
export function requireCapability(actor: Actor, capability: TCapability | undefined): void {
  if (capability && !can(actor, capability)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
}

/** The actor as a member of one organisation whose platform has `feature` on (SPEC §3.6); else 403. */
export function requireTenant(actor: Actor, feature?: TPlatformFeature): TenantActor {
  if (!actor.organizationId || !actor.platform) {
    throw new AppError('FORBIDDEN', 'This action needs a signed-in member of an organisation.');
  }
  const platform = PLATFORM_CONFIG[actor.platform];
  if (feature && !platform.features[feature]) throw new AppError('FORBIDDEN', `This is not part of the ${platform.name} platform.`);
  return { ...actor, organizationId: actor.organizationId, platform: actor.platform };
}

/** For plain Fastify routes: the session behind the request (cookie or bearer), as tRPC's context resolves it. */
export function authOfRequest(request: FastifyRequest, { db, config }: Deps): Promise<AuthState | null> {
  return resolveAuth(db, config, sessionTokenOf(request, config));
}
