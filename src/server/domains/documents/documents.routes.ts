import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CASE_DOCUMENT_UPLOAD_URL, DOCUMENT_UPLOAD_URL, ZDocumentIdInput } from '../../../shared/domain/documents';
import type { TPlatformFeature } from '../../../shared/platform';
import type { TCapability } from '../../../shared/roles';
import { type TenantActor, authOfRequest, requireActor, requireCapability, requireTenant } from '../../auth/actor';
import { type AuditEventInput, recordAuditEvent } from '../../audit/audit-log';
import type { Deps } from '../../deps';
import { AppError, type AppErrorCode, sendError } from '../../errors';
import { tooLarge } from './document-files';
import { documentCaseId, readDocumentContent, uploadDocument } from './documents.service';

// Upload and download carry file bytes, which neither tRPC nor the JSON REST adapter is for, so they
// are plain Fastify routes. They take the caller from the session exactly as tRPC does (resolveAuth)
// and apply the same capability and platform-feature checks as the procedures' meta. CSRF needs
// nothing here: the app-wide onRequest guard (http/csrf.ts) refuses cross-site writes to every path,
// before this plugin reads a byte. Multipart parsing is registered in this plugin's scope only, so no
// other route (tRPC included) accepts multipart bodies because of it.
//
// Two doors lead to the same documents: /api/legal-documents (issue 7; legal and medicolegal, the
// legalDocuments capabilities) and /api/documents (issue 18; every platform's case page, the
// caseFile capabilities). Both run the one upload and download below; either way the document's case
// goes through requireCaseAccess in the service.

/** Who may use one door: the capability to upload and to download, and the platform feature if any. */
interface DocumentDoor {
  url: string;
  upload: TCapability;
  download: TCapability;
  feature?: TPlatformFeature;
}

const DOORS: readonly DocumentDoor[] = [
  { url: DOCUMENT_UPLOAD_URL, upload: 'legalDocuments.view', download: 'legalDocuments.view', feature: 'legalDocuments' },
  { url: CASE_DOCUMENT_UPLOAD_URL, upload: 'caseFile.write', download: 'caseFile.view' },
];

/** Room for the multipart boundaries and the caseId field around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The caller as a tenant actor allowed `capability` (on a platform with `feature`, if any), or an AppError. */
async function authorize(request: FastifyRequest, deps: Deps, door: DocumentDoor, capability: TCapability, audit: DocumentAudit): Promise<TenantActor> {
  const auth = await authOfRequest(request, deps);
  if (auth) audit.actor = { userId: auth.user.id, role: auth.role, organizationId: auth.organization?.id ?? null };
  const actor = requireActor(auth);
  requireCapability(actor, capability);
  return requireTenant(actor, door.feature);
}

/**
 * The audit entry of one upload or download (issue 8), filled in as the request learns who is asking
 * and which document it is, and written once whatever the outcome — as the tRPC middleware does for
 * procedures. Refused input (a wrong type, too large) touched no record and is not recorded.
 */
const INPUT_OR_OURS = new Set<AppErrorCode>(['BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'SERVICE_UNAVAILABLE']);

type DocumentAudit = Pick<AuditEventInput, 'action' | 'actor' | 'entityId' | 'caseId'>;

async function writeDocumentAudit(request: FastifyRequest, deps: Deps, audit: DocumentAudit, error: unknown): Promise<void> {
  const code = error instanceof AppError ? error.code : null;
  // Every refusal is recorded (decision 0024); a refused upload's form (400, 413, 415) is input, and
  // a database that is down or a failure on our side is in the logs.
  if (error && (!code || INPUT_OR_OURS.has(code))) return;
  const denied = code === 'UNAUTHORIZED' || code === 'FORBIDDEN' || code === 'RESTRICTED' || code === 'TOO_MANY_REQUESTS';
  await recordAuditEvent(deps.db, {
    ...audit,
    entityType: 'document',
    outcome: !error ? 'success' : denied ? 'denied' : 'failure',
    client: { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
    details: { route: request.routeOptions.url, ...(code ? { error: code } : {}) },
  });
}

/** @fastify/multipart and busboy errors as the refusals the upload promises (413 / 400 / 415). */
function multipartRefusal(error: unknown, maxBytes: number): Error {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return new AppError('BAD_REQUEST', 'Upload one file at a time.', { file: 'Upload one file at a time' });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('BAD_REQUEST', 'The upload has too many form fields.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return notMultipart();
  return new AppError('BAD_REQUEST', 'The upload was malformed or cut short. Please try again.');
}

const notMultipart = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data with the fields caseId and file.');

interface ReadUpload {
  fields: Record<string, unknown>;
  fileName: string | null;
  bytes: Buffer | null;
}

/** Reads the form: text fields, and the one part named `file`, refusing it past maxBytes as it streams. */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<ReadUpload> {
  const upload: ReadUpload = { fields: {}, fileName: null, bytes: null };
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, fieldNameSize: 100, headerPairs: 20 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') {
          upload.fileName = part.filename ?? '';
          upload.bytes = bytes;
        }
      } else {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw multipartRefusal(error, maxBytes);
  }
  return upload;
}

function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export async function registerDocumentRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const maxBytes = deps.config.DOCUMENT_MAX_BYTES;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1 } });

    for (const door of DOORS) registerDoor(scope, deps, door);
  });
}

function registerDoor(scope: FastifyInstance, deps: Deps, door: DocumentDoor): void {
  const maxBytes = deps.config.DOCUMENT_MAX_BYTES;
  scope.post(door.url, async (request, reply) => {
    const audit: DocumentAudit = { action: 'create', actor: null };
    try {
      const actor = await authorize(request, deps, door, door.upload, audit);
      if (!request.isMultipart()) throw notMultipart();
      // A declared length far past the limit is refused before a byte of the body is read.
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);
      const upload = await readUpload(request, maxBytes);
      const document = await uploadDocument(deps.db, actor, { ...upload, maxBytes });
      await writeDocumentAudit(request, deps, { ...audit, entityId: document.id, caseId: document.caseId }, null);
      return reply.code(201).send(document);
    } catch (error) {
      await writeDocumentAudit(request, deps, audit, error);
      return sendError(reply, error);
    }
  });

  scope.get<{ Params: { id: string } }>(`${door.url}/:id/download`, async (request, reply) => {
    const audit: DocumentAudit = { action: 'read', actor: null, entityId: request.params.id };
    try {
      const actor = await authorize(request, deps, door, door.download, audit);
      const input = ZDocumentIdInput.safeParse(request.params);
      if (!input.success) throw new AppError('NOT_FOUND', 'Document not found');
      // The case first, so a refused read of a restricted case is recorded against it (access report).
      audit.caseId = await documentCaseId(deps.db, actor, input.data.id);
      const document = await readDocumentContent(deps.db, actor, input.data.id);
      await writeDocumentAudit(request, deps, audit, null);
      return reply
        .header('content-type', document.contentType)
        .header('content-length', String(document.bytes.length))
        .header('content-disposition', contentDisposition(document.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        // Should a browser ever render it inline anyway, the document may run nothing and load nothing.
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(document.bytes);
    } catch (error) {
      await writeDocumentAudit(request, deps, audit, error);
      return sendError(reply, error);
    }
  });
}
