import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { dayKey } from '../../../shared/calendar';
import { ZAccessReportInput, ZAuditFilter } from '../../../shared/domain/audit';
import { type TCapability, can, SUPER_ADMIN } from '../../../shared/roles';
import { actorRefOf } from '../../audit/audit-middleware';
import { recordAuditEvent } from '../../audit/audit-log';
import { type AuthState, resolveAuth, sessionTokenOf } from '../../auth/request-auth';
import { appErrorOfDatabase } from '../../database-errors';
import { AppError } from '../../errors';
import type { Actor, Deps } from '../../trpc';
import { accessReport, accessReportCsv, exportAuditEvents } from './audit.service';

// The CSV downloads answer text/csv, which the JSON REST adapter is not for, so they are plain
// Fastify routes with the same session and capability checks as the audit procedures. Each export
// is itself an audited action.

const STATUS = { BAD_REQUEST: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, TOO_MANY_REQUESTS: 429, SERVICE_UNAVAILABLE: 503 } as const;

async function authorize(request: FastifyRequest, deps: Deps, capability: TCapability): Promise<{ auth: AuthState; actor: Actor }> {
  const auth = await resolveAuth(deps.db, deps.config, sessionTokenOf(request, deps.config));
  if (!auth) throw new AppError('UNAUTHORIZED', 'Unauthorized: please sign in.');
  const isSuperAdmin = auth.role === SUPER_ADMIN || auth.user.is_super_admin === 1;
  const actor: Actor = {
    userId: auth.user.id,
    sessionId: auth.sessionId,
    organizationId: auth.organization?.id ?? null,
    platform: (auth.organization?.platform as Actor['platform']) ?? null,
    role: auth.role,
    isSuperAdmin,
  };
  if (!can(actor, capability)) {
    await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'access-denied', entityType: 'audit', outcome: 'denied', client: clientOf(request), details: { route: request.routeOptions.url } });
    throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  }
  return { auth, actor };
}

const clientOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'input'] ??= issue.message;
  throw new AppError('BAD_REQUEST', 'Input validation failed', fields);
}

function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  error = appErrorOfDatabase(error) ?? error;
  if (error instanceof AppError) {
    return reply.code(STATUS[error.code]).send({ code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
  }
  request.log.error({ err: error }, 'audit export failed');
  return reply.code(500).send({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side. Please try again.' });
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
      return sendError(request, reply, error);
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
      return sendError(request, reply, error);
    }
  });
}
