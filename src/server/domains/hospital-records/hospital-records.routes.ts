import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dayKey } from '../../../shared/calendar';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import type { TAuditAction } from '../../../shared/domain/audit';
import { type TenantActor, authOfRequest, requireActor, requireCapability, requireTenant } from '../../auth/actor';
import { actorRefOf } from '../../audit/audit-middleware';
import { recordAuditEvent } from '../../audit/audit-log';
import type { AuthState } from '../../auth/request-auth';
import type { Deps } from '../../deps';
import { AppError, sendError } from '../../errors';
import { tooLarge } from '../documents/document-files';
import { requireCaseAccess } from '../cases/case-access';
import { addHospitalRecord, hospitalRecordsBundle } from './hospital-records.service';

// POST /api/patient-cases/{id}/hospital-records (multipart: file, sourceFacility, recordsFrom,
// recordsTo) and GET /api/patient-cases/{id}/hospital-records/bundle.pdf. File bytes, which the JSON
// REST adapter is not for, so plain routes with the checks the list procedure's meta makes: signed
// in, a medicolegal organisation (the hospitalRecords feature), records.view — and caseFile.write to
// add one — then the case through requireCaseAccess, before the upload's body is read; the file is
// read and the bundle drawn in a file worker (decision 0043). One audit entry per call,
// whatever the outcome, as the document and readiness-PDF routes do. CSRF: the app-wide onRequest
// guard refuses cross-site writes before a byte is read; multipart is parsed in this scope only.

export const HOSPITAL_RECORDS_ROUTE = '/api/patient-cases/:id/hospital-records';
export const HOSPITAL_RECORDS_BUNDLE_ROUTE = '/api/patient-cases/:id/hospital-records/bundle.pdf';

const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const clientOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

function authorize(auth: AuthState | null, upload: boolean): TenantActor {
  const actor = requireTenant(requireActor(auth), 'hospitalRecords');
  requireCapability(actor, 'records.view');
  if (upload) requireCapability(actor, 'caseFile.write');
  return actor;
}

async function audit(request: FastifyRequest, deps: Deps, auth: AuthState | null, action: TAuditAction, caseId: string | null, entityId: string | null, error: unknown) {
  const code = error instanceof AppError ? error.code : null;
  // Refusals are recorded (decision 0024); refused input read nothing, and our own failures are in the logs.
  if (error && (!code || code === 'BAD_REQUEST' || code === 'PAYLOAD_TOO_LARGE' || code === 'UNSUPPORTED_MEDIA_TYPE' || code === 'SERVICE_UNAVAILABLE')) return;
  const denied = code === 'UNAUTHORIZED' || code === 'FORBIDDEN' || code === 'RESTRICTED';
  await recordAuditEvent(deps.db, {
    actor: actorRefOf(auth),
    action: denied ? 'access-denied' : action,
    entityType: action === 'create' ? 'document' : 'case',
    entityId,
    caseId,
    outcome: !error ? 'success' : denied ? 'denied' : 'failure',
    client: clientOf(request),
    details: { route: request.routeOptions.url, hospitalRecords: true, ...(code ? { error: code } : {}) },
  });
}

const caseIdOf = (request: FastifyRequest) => {
  const raw = (request.params as { id?: unknown }).id;
  return typeof raw === 'string' ? raw.slice(0, 64) : null;
};

function multipartRefusal(error: unknown, maxBytes: number): Error {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return new AppError('BAD_REQUEST', 'Upload one file at a time.', { file: 'Upload one file at a time' });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return notMultipart();
  return new AppError('BAD_REQUEST', 'The upload was malformed or cut short. Please try again.');
}

const notMultipart = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the hospital record as multipart/form-data with the fields file, sourceFacility, recordsFrom and recordsTo.');

async function readUpload(request: FastifyRequest, maxBytes: number) {
  const upload: { fields: Record<string, unknown>; fileName: string | null; bytes: Buffer | null } = { fields: {}, fileName: null, bytes: null };
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 6, fieldSize: 1024, parts: 8, fieldNameSize: 100, headerPairs: 20 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') {
          upload.fileName = part.filename ?? '';
          upload.bytes = bytes;
        }
      } else upload.fields[part.fieldname] = part.value;
    }
  } catch (error) {
    throw multipartRefusal(error, maxBytes);
  }
  return upload;
}

export async function registerHospitalRecordsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const maxBytes = deps.config.DOCUMENT_MAX_BYTES;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1 } });

    scope.post(HOSPITAL_RECORDS_ROUTE, async (request, reply) => {
      let auth: AuthState | null = null;
      const caseId = caseIdOf(request);
      try {
        auth = await authOfRequest(request, deps);
        const actor = authorize(auth, true);
        const { id } = ZCaseIdInput.parse(request.params);
        // Need to know before a byte of the body is read: a file for a case the caller may not
        // open is neither buffered nor parsed (decision 0043). The service checks again.
        await requireCaseAccess(deps.db, actor, id);
        if (!request.isMultipart()) throw notMultipart();
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);
        const upload = await readUpload(request, maxBytes);
        const record = await addHospitalRecord(deps.db, actor, { caseId: id, ...upload, maxBytes });
        await audit(request, deps, auth, 'create', id, record.documentId, null);
        return reply.code(201).send(record);
      } catch (error) {
        await audit(request, deps, auth, 'create', caseId, null, error);
        return sendError(reply, error);
      }
    });
  });

  app.get(HOSPITAL_RECORDS_BUNDLE_ROUTE, async (request, reply) => {
    let auth: AuthState | null = null;
    const caseId = caseIdOf(request);
    try {
      auth = await authOfRequest(request, deps);
      const actor = authorize(auth, false);
      const { id } = ZCaseIdInput.parse(request.params);
      const { kase, pdf } = await hospitalRecordsBundle(deps.db, actor, id, new Date().toISOString());
      await audit(request, deps, auth, 'export', id, id, null);
      const name = (kase.reference ?? id.slice(0, 8)).replace(/[^A-Za-z0-9-]+/g, '-');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="hospital-records-${name}-${dayKey()}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    } catch (error) {
      await audit(request, deps, auth, 'export', caseId, caseId, error);
      return sendError(reply, error);
    }
  });
}
