import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../../db/schema';
import type { TAuditEntityType } from '../../shared/domain/audit';
import type { TPlatformFeature } from '../../shared/platform';
import type { TCapability } from '../../shared/roles';
import { type TenantActor, authOfRequest, requireActor, requireCapability, requireTenant } from '../auth/actor';
import type { AuthState } from '../auth/request-auth';
import type { Deps } from '../deps';
import { AppError, sendError } from '../errors';
import { actorRefOf } from './audit-middleware';
import { recordAuditEvent } from './audit-log';

// Documents (PDFs) of the money screens — accounts, statements, receipts, fee notes, the trust
// reconciliation. Bytes, which the JSON REST adapter is not for, so plain GET routes with the checks of
// the procedures they print — signed in, the platform feature, the capability, then the service's own
// (organisation, need to know) — and one audit entry whatever the outcome (decision 0024): an export,
// or a refusal. Input the route's params schema refuses is a 400 naming the field, and not recorded.

export interface AuditedDocument<P> {
  /** Fastify URL, e.g. '/api/fee-notes/:id/pdf'. */
  url: string;
  feature: TPlatformFeature;
  capability: TCapability;
  entityType: TAuditEntityType;
  params: z.ZodType<P>;
  /** The audited entity's id, from the raw params (before they are checked) and the caller's organisation. */
  entityIdOf: (params: Record<string, unknown>, organizationId: string | null) => string | null;
  /** More for the entry's details than the route. */
  details?: (params: Record<string, unknown>) => Record<string, unknown>;
  render: (db: Kysely<DB>, actor: TenantActor, params: P) => Promise<{ pdf: Uint8Array; fileName: string }>;
}

/** The first string param, cut to an id's length (a refused request still names what it asked for). */
export const rawIdParam = (key: string) => (params: Record<string, unknown>) => (typeof params[key] === 'string' ? (params[key] as string).slice(0, 64) : null);

const clientOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

export function registerAuditedDocument<P>(app: FastifyInstance, deps: Deps, document: AuditedDocument<P>): void {
  app.get(document.url, async (request, reply) => {
    let auth: AuthState | null = null;
    const raw = (request.params ?? {}) as Record<string, unknown>;
    const details = { route: document.url, ...document.details?.(raw) };
    try {
      auth = await authOfRequest(request, deps);
      const actor = requireTenant(requireActor(auth), document.feature);
      requireCapability(actor, document.capability);
      const params = document.params.parse(raw); // a ZodError is a 400 naming the field
      const { pdf, fileName } = await document.render(deps.db, actor, params);
      await recordAuditEvent(deps.db, {
        actor: actorRefOf(auth), action: 'export', entityType: document.entityType, entityId: document.entityIdOf(raw, actor.organizationId), outcome: 'success', client: clientOf(request), details,
      });
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(Buffer.from(pdf));
    } catch (error) {
      if (error instanceof AppError && error.code !== 'BAD_REQUEST' && error.code !== 'SERVICE_UNAVAILABLE') {
        const denied = error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN' || error.code === 'RESTRICTED';
        await recordAuditEvent(deps.db, {
          actor: actorRefOf(auth), action: denied ? 'access-denied' : 'export', entityType: document.entityType, entityId: document.entityIdOf(raw, auth?.organization?.id ?? null),
          outcome: denied ? 'denied' : 'failure', client: clientOf(request), details: { ...details, error: error.code },
        });
      }
      return sendError(reply, error);
    }
  });
}
