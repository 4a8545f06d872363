import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ICD10_IMPORT_MAX_BYTES, ICD10_IMPORT_URL } from '../../../shared/domain/icd10';
import { authOfRequest, requireActor, requireCapability, requireTenant } from '../../auth/actor';
import { type AuditActorRef, recordAuditEvent } from '../../audit/audit-log';
import type { Deps } from '../../deps';
import { AppError, sendError } from '../../errors';
import { importIcd10Csv } from './icd10.service';

// POST /api/icd10/import: the Administrator uploads the Council for Medical Schemes' MIT CSV
// (multipart, field `file`). A plain route because it carries a file; it authorises exactly as the
// procedures do (session → actor → capability → platform feature) and writes its own audit entry.
// CSRF is the app-wide onRequest guard's (http/csrf.ts), as for document uploads.

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${ICD10_IMPORT_MAX_BYTES / 1024 / 1024} MB.`, { file: 'The file is too large' });

async function readCsv(request: FastifyRequest): Promise<{ fileName: string; text: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the CSV as multipart/form-data with the field file.');
  let found: { fileName: string; text: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: ICD10_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } })) {
      if (part.type === 'file' && part.fieldname === 'file') found = { fileName: part.filename ?? 'icd10.csv', text: (await part.toBuffer()).toString('utf8') };
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('BAD_REQUEST', 'The upload was malformed or cut short. Please try again.', { file: 'The upload was cut short' });
  }
  if (!found) throw new AppError('BAD_REQUEST', 'Choose the ICD-10 MIT CSV file to import.', { file: 'Choose a CSV file' });
  return found;
}

export async function registerIcd10Routes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: ICD10_IMPORT_MAX_BYTES, files: 1 } });
    scope.post(ICD10_IMPORT_URL, async (request, reply) => {
      let actorRef: AuditActorRef | null = null;
      try {
        const auth = await authOfRequest(request, deps);
        if (auth) actorRef = { userId: auth.user.id, role: auth.role, organizationId: auth.organization?.id ?? null };
        const caller = requireActor(auth);
        requireCapability(caller, 'icd10.manage');
        const actor = requireTenant(caller, 'medicalRecords');
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > ICD10_IMPORT_MAX_BYTES + 64 * 1024) throw tooLarge();
        const file = await readCsv(request);
        const result = await importIcd10Csv(deps.db, actor, file);
        await audit(request, deps, actorRef, 'success', { imported: result.imported, skipped: result.skipped });
        return reply.code(200).send(result);
      } catch (error) {
        const code = error instanceof AppError ? error.code : null;
        if (code === 'UNAUTHORIZED' || code === 'FORBIDDEN') await audit(request, deps, actorRef, 'denied', { error: code });
        return sendError(reply, error);
      }
    });
  });
}

function audit(request: FastifyRequest, deps: Deps, actor: AuditActorRef | null, outcome: 'success' | 'denied', details: Record<string, unknown>) {
  return recordAuditEvent(deps.db, {
    action: 'update',
    entityType: 'organization',
    entityId: actor?.organizationId ?? null,
    actor,
    outcome,
    client: { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
    details: { route: ICD10_IMPORT_URL, icd10Import: true, ...details },
  });
}
