import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dayKey } from '../../../shared/calendar';
import { ZAccessReportInput, ZAuditFilter } from '../../../shared/domain/audit';
import type { TCapability } from '../../../shared/roles';
import { type Actor, authOfRequest, requireActor, requireCapability } from '../../auth/actor';
import { actorRefOf } from '../../audit/audit-middleware';
import { recordAuditEvent } from '../../audit/audit-log';
import type { AuthState } from '../../auth/request-auth';
import type { Deps } from '../../deps';
import { sendError } from '../../errors';
import { accessReport, accessReportCsv, exportAuditEvents } from './audit.service';

// The CSV downloads answer text/csv, which the JSON REST adapter is not for, so they are plain
// Fastify routes with the same session and capability checks as the audit procedures. Each export
// is itself an audited action.

async function authorize(request: FastifyRequest, deps: Deps, capability: TCapability): Promise<{ auth: AuthState; actor: Actor }> {
  const auth = await authOfRequest(request, deps);
  const actor = requireActor(auth);
  try {
    requireCapability(actor, capability);
  } catch (refusal) {
    await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'access-denied', entityType: 'audit', outcome: 'denied', client: clientOf(request), details: { route: request.routeOptions.url } });
    throw refusal;
  }
  return { auth: auth!, actor };
}

const clientOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

function parse<T>(schema: { parse(v: unknown): T }, value: unknown): T {
  return schema.parse(value); // a ZodError is a 400 naming the fields (errors.ts)
}

function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

export function registerAuditExportRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/audit-events/export', async (request, reply) => {
    try {
      const { auth, actor } = await authorize(request, deps, 'audit.view');
      const filter = parse(ZAuditFilter, request.query);
      const { csv, rows } = await exportAuditEvents(deps.db, actor, filter);
      await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'export', entityType: 'audit', outcome: 'success', client: clientOf(request), details: { rows, filter } });
      return sendCsv(reply, `casebridge-audit-${dayKey()}.csv`, csv);
    } catch (error) {
      return sendError(reply, error);
    }
  });

  app.get('/api/patient-cases/:caseId/access-report/export', async (request, reply) => {
    try {
      const { auth, actor } = await authorize(request, deps, 'audit.view');
      const { caseId } = parse(ZAccessReportInput, request.params);
      const report = await accessReport(deps.db, actor, caseId);
      await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'export', entityType: 'audit', entityId: caseId, caseId, outcome: 'success', client: clientOf(request), details: { report: 'access' } });
      return sendCsv(reply, `casebridge-access-report-${caseId.slice(0, 8)}-${dayKey()}.csv`, accessReportCsv(report));
    } catch (error) {
      return sendError(reply, error);
    }
  });
}
