import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOfRequest, requireActor, requireCapability, requireTenant } from '../../auth/actor';
import { actorRefOf } from '../../audit/audit-middleware';
import { recordAuditEvent } from '../../audit/audit-log';
import type { AuthState } from '../../auth/request-auth';
import type { Deps } from '../../deps';
import { AppError, sendError } from '../../errors';
import { feeStatementPdf } from './fee-statement-pdf';
import { feeStatement } from './fee-statement.service';

// A client's statement as a PDF (issue 34). Bytes, which the JSON REST adapter is not for, so a plain
// route with the checks of the procedure it prints (feeReports.statement) — signed in, fees.manage, a
// platform and organisation that bill, the matters the reader may read — and one audit entry whatever
// the outcome.

const URL = '/api/fee-statements/:personId/pdf';
const ZParams = z.object({ personId: z.string().trim().min(1).max(64) });
const clientOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

export function registerFeeStatementRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(URL, async (request, reply) => {
    let auth: AuthState | null = null;
    const rawId = (request.params as { personId?: unknown }).personId;
    const entityId = typeof rawId === 'string' ? rawId.slice(0, 64) : null;
    try {
      auth = await authOfRequest(request, deps);
      const actor = requireTenant(requireActor(auth), 'feeNotes');
      requireCapability(actor, 'fees.manage');
      const { personId } = ZParams.parse(request.params); // a ZodError is a 400 naming the field
      const statement = await feeStatement(deps.db, actor, personId);
      const pdf = await feeStatementPdf(statement);
      await recordAuditEvent(deps.db, {
        actor: actorRefOf(auth),
        action: 'export',
        entityType: 'person',
        entityId: personId,
        outcome: 'success',
        client: clientOf(request),
        details: { route: URL },
      });
      const fileName = `statement-${
        statement.client.name
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase() || 'client'
      }-${statement.asOf}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    } catch (error) {
      if (error instanceof AppError && error.code !== 'BAD_REQUEST' && error.code !== 'SERVICE_UNAVAILABLE') {
        const denied = error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN' || error.code === 'RESTRICTED';
        await recordAuditEvent(deps.db, {
          actor: actorRefOf(auth),
          action: denied ? 'access-denied' : 'export',
          entityType: 'person',
          entityId,
          outcome: denied ? 'denied' : 'failure',
          client: clientOf(request),
          details: { route: URL, error: error.code },
        });
      }
      return sendError(reply, error);
    }
  });
}
