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

/** Who asked, once known: a refusal is recorded against them (recordRefusal). */
interface Caller { auth: AuthState | null }

async function authorize(request: FastifyRequest, deps: Deps, capability: TCapability, caller: Caller): Promise<{ auth: AuthState; actor: Actor }> {
  const auth = await resolveAuth(deps.db, deps.config, sessionTokenOf(request, deps.config));
  if (!auth) throw new AppError('UNAUTHORIZED', 'Unauthorized: please sign in.');
  caller.auth = auth;
  const isSuperAdmin = auth.role === SUPER_ADMIN || auth.user.is_super_admin === 1;
  const actor: Actor = {
    userId: auth.user.id,
    sessionId: auth.sessionId,
    organizationId: auth.organization?.id ?? null,
    platform: (auth.organization?.platform as Actor['platform']) ?? null,
    role: auth.role,
    isSuperAdmin,
  };
  if (!can(actor, capability)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  return { auth, actor };
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
    const caller: Caller = { auth: null };
    try {
      const { auth, actor } = await authorize(request, deps, 'audit.view', caller);
      const filter = parse(ZAuditFilter, request.query);
      const { csv, rows } = await exportAuditEvents(deps.db, actor, filter);
      await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'export', entityType: 'audit', outcome: 'success', client: clientOf(request), details: { rows, filter } });
      return sendCsv(reply, `casebridge-audit-${dayKey()}.csv`, csv);
    } catch (error) {
      await recordRefusal(request, deps, caller, error);
      return sendError(request, reply, error);
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
      return sendError(request, reply, error);
    }
  });
}
