import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZMonthQuery } from '../../../shared/domain/trust';
import { authOfRequest, requireActor, requireCapability, requireTenant } from '../../auth/actor';
import { actorRefOf } from '../../audit/audit-middleware';
import { recordAuditEvent } from '../../audit/audit-log';
import type { AuthState } from '../../auth/request-auth';
import type { Deps } from '../../deps';
import { AppError, sendError } from '../../errors';
import { getFeeSettings } from '../fee-notes/fee-settings.service';
import { reconciliationPdf } from './trust-reconciliation-pdf';
import { getReconciliation } from './trust-reconciliation.service';

// The month's trust reconciliation as a PDF for the auditor (issue 34). Bytes, which the JSON REST
// adapter is not for, so a plain route with the checks of the procedure it prints — signed in,
// trust.manage, a firm that bills — and one audit entry whatever the outcome.

const URL = '/api/trust/reconciliations/:month/pdf';
const clientOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

export function registerTrustDocumentRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(URL, async (request, reply) => {
    let auth: AuthState | null = null;
    try {
      auth = await authOfRequest(request, deps);
      const actor = requireTenant(requireActor(auth), 'feeNotes');
      requireCapability(actor, 'trust.manage');
      const { month } = ZMonthQuery.parse(request.params); // a ZodError is a 400 naming the field
      const reconciliation = await getReconciliation(deps.db, actor, month);
      const pdf = await reconciliationPdf((await getFeeSettings(deps.db, actor)).firmName, reconciliation);
      await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'export', entityType: 'organization', entityId: actor.organizationId, outcome: 'success', client: clientOf(request), details: { route: URL, month } });
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="trust-reconciliation-${month}.pdf"`).header('cache-control', 'no-store').send(Buffer.from(pdf));
    } catch (error) {
      if (error instanceof AppError && error.code !== 'BAD_REQUEST' && error.code !== 'SERVICE_UNAVAILABLE') {
        const denied = error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN';
        await recordAuditEvent(deps.db, {
          actor: actorRefOf(auth), action: denied ? 'access-denied' : 'export', entityType: 'organization', entityId: auth?.organization?.id ?? null,
          outcome: denied ? 'denied' : 'failure', client: clientOf(request), details: { route: URL, error: error.code },
        });
      }
      return sendError(reply, error);
    }
  });
}
