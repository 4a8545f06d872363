import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dayKey } from '../../../shared/calendar';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { type TenantActor, authOfRequest, requireActor, requireCapability, requireTenant } from '../../auth/actor';
import { actorRefOf } from '../../audit/audit-middleware';
import { recordAuditEvent } from '../../audit/audit-log';
import type { AuthState } from '../../auth/request-auth';
import type { Deps } from '../../deps';
import { AppError, sendError } from '../../errors';
import { trialReadinessPdf } from './readiness-pdf';
import { getTrialReadiness } from './readiness.service';

// GET /api/patient-cases/{id}/trial-readiness.pdf: the readiness summary as a PDF. Bytes, which the
// JSON REST adapter is not for, so a plain route with the checks of readiness.get — signed in, the
// caseFile.view capability, a platform with court cases, the case of the caller's organisation and
// need-to-know (requireCaseAccess in the service) — and one audit entry whatever the outcome.

export const TRIAL_READINESS_PDF_ROUTE = '/api/patient-cases/:id/trial-readiness.pdf';

const clientOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

export function registerReadinessPdfRoute(app: FastifyInstance, deps: Deps): void {
  app.get(TRIAL_READINESS_PDF_ROUTE, async (request, reply) => {
    let auth: AuthState | null = null;
    const rawId = (request.params as { id?: unknown }).id;
    const caseId = typeof rawId === 'string' ? rawId.slice(0, 64) : null;
    try {
      auth = await authOfRequest(request, deps);
      const actor: TenantActor = requireTenant(requireActor(auth), 'courtCases');
      requireCapability(actor, 'caseFile.view');
      const { id } = ZCaseIdInput.parse(request.params); // a ZodError is a 400 naming the field
      const readiness = await getTrialReadiness(deps.db, actor, id);
      const pdf = await trialReadinessPdf(readiness);
      await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'export', entityType: 'case', entityId: id, caseId: id, outcome: 'success', client: clientOf(request), details: { report: 'trial-readiness' } });
      const name = (readiness.caseReference ?? id.slice(0, 8)).replace(/[^A-Za-z0-9-]+/g, '-');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="trial-readiness-${name}-${dayKey()}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    } catch (error) {
      // Refusals are audited (decision 0024); input that failed validation read nothing.
      if (error instanceof AppError && error.code !== 'BAD_REQUEST' && error.code !== 'SERVICE_UNAVAILABLE') {
        const denied = error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN' || error.code === 'RESTRICTED';
        await recordAuditEvent(deps.db, {
          actor: actorRefOf(auth),
          action: denied ? 'access-denied' : 'export',
          entityType: 'case',
          entityId: caseId,
          caseId,
          outcome: denied ? 'denied' : 'failure',
          client: clientOf(request),
          details: { route: TRIAL_READINESS_PDF_ROUTE, error: error.code },
        });
      }
      return sendError(reply, error);
    }
  });
}
