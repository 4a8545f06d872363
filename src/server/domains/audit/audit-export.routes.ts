import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dayKey } from '../../../shared/calendar';
import { ZAccessReportInput, ZAuditFilter } from '../../../shared/domain/audit';
import type { TCapability } from '../../../shared/roles';
import { type Actor, authOfRequest, requireActor, requireCapability, requireTenant } from '../../auth/actor';
import { actorRefOf } from '../../audit/audit-middleware';
import { recordAuditEvent } from '../../audit/audit-log';
import type { AuthState } from '../../auth/request-auth';
import type { Deps } from '../../deps';
import { AppError, sendError } from '../../errors';
import { ZPersonIdInput } from '../../../shared/domain/people';
import { personAccessReport, personAccessReportCsv } from '../people/person-access-report.service';
import { accessReport, accessReportCsv, exportAuditEvents } from './audit.service';

// The CSV downloads answer text/csv, which the JSON REST adapter is not for, so they are plain
// Fastify routes with the same session and capability checks as the audit procedures. Each export
// is itself an audited action.

/** Who asked, once known: a refusal is recorded against them (recordRefusal). */
interface Caller { auth: AuthState | null }

async function authorize(request: FastifyRequest, deps: Deps, capability: TCapability, caller: Caller): Promise<{ auth: AuthState; actor: Actor }> {
  const auth = await authOfRequest(request, deps);
  caller.auth = auth;
  const actor = requireActor(auth);
  requireCapability(actor, capability);
  return { auth: auth!, actor };
}

/**
 * Every refusal is audited (decision 0024): not signed in, not allowed, another organisation's case.
 * Input that fails validation (400) read nothing and is not; a database that is down is in the logs.
 */
async function recordRefusal(request: FastifyRequest, deps: Deps, caller: Caller, error: unknown, caseId?: string): Promise<void> {
  if (!(error instanceof AppError) || error.code === 'BAD_REQUEST' || error.code === 'SERVICE_UNAVAILABLE') return;
  const denied = error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN' || error.code === 'TOO_MANY_REQUESTS';
  await recordAuditEvent(deps.db, {
    actor: actorRefOf(caller.auth),
    action: denied ? 'access-denied' : 'export',
    entityType: 'audit',
    entityId: caseId ?? null,
    caseId: caseId ?? null,
    outcome: denied ? 'denied' : 'failure',
    client: clientOf(request),
    details: { route: request.routeOptions.url, error: error.code },
  });
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
    const caller: Caller = { auth: null };
    try {
      const { auth, actor } = await authorize(request, deps, 'audit.view', caller);
      const filter = parse(ZAuditFilter, request.query);
      const { csv, rows } = await exportAuditEvents(deps.db, actor, filter);
      await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'export', entityType: 'audit', outcome: 'success', client: clientOf(request), details: { rows, filter } });
      return sendCsv(reply, `casebridge-audit-${dayKey()}.csv`, csv);
    } catch (error) {
      await recordRefusal(request, deps, caller, error);
      return sendError(reply, error);
    }
  });

  app.get('/api/patient-cases/:caseId/access-report/export', async (request, reply) => {
    const caller: Caller = { auth: null };
    try {
      const { auth, actor } = await authorize(request, deps, 'audit.view', caller);
      const { caseId } = parse(ZAccessReportInput, request.params);
      const report = await accessReport(deps.db, actor, caseId);
      await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'export', entityType: 'audit', entityId: caseId, caseId, outcome: 'success', client: clientOf(request), details: { report: 'access' } });
      return sendCsv(reply, `casebridge-access-report-${caseId.slice(0, 8)}-${dayKey()}.csv`, accessReportCsv(report));
    } catch (error) {
      const caseId = (request.params as { caseId?: unknown }).caseId;
      await recordRefusal(request, deps, caller, error, typeof caseId === 'string' ? caseId.slice(0, 64) : undefined);
      return sendError(reply, error);
    }
  });

  // POPIA s23 for a person (issue 19): the same rows as GET /api/people/{id}/access-report.
  app.get('/api/people/:id/access-report/export', async (request, reply) => {
    const caller: Caller = { auth: null };
    try {
      const { auth, actor } = await authorize(request, deps, 'audit.view', caller);
      const { id } = parse(ZPersonIdInput, request.params);
      const report = await personAccessReport(deps.db, requireTenant(actor), id);
      await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'export', entityType: 'person', entityId: id, outcome: 'success', client: clientOf(request), details: { report: 'person-access', rows: report.items.length } });
      return sendCsv(reply, `casebridge-person-access-report-${id.slice(0, 8)}-${dayKey()}.csv`, personAccessReportCsv(report));
    } catch (error) {
      await recordRefusal(request, deps, caller, error);
      return sendError(reply, error);
    }
  });
}
