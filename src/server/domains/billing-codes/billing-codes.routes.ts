import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TCodeList } from '../../../shared/domain/medical-accounts';
import { authOfRequest, requireActor, requireCapability, requireTenant } from '../../auth/actor';
import { type AuditActorRef, recordAuditEvent } from '../../audit/audit-log';
import type { Deps } from '../../deps';
import { AppError, sendError } from '../../errors';
import { importBillingCodes } from './billing-codes.service';
import { BILLING_CODE_IMPORT_MAX_BYTES } from './codes-csv';

// POST /api/tariff-codes/import and /api/nappi-codes/import: the Administrator uploads the practice's
// own list as CSV (multipart, field `file`; format in codes-csv.ts and decision 0061). Plain routes
// because they carry a file; they authorise as the procedures do (session → actor → capability →
// platform feature) and write their own audit entry, as the ICD-10 import does.

export const BILLING_CODE_IMPORT_URLS: Record<TCodeList, string> = { tariff: '/api/tariff-codes/import', nappi: '/api/nappi-codes/import' };

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${BILLING_CODE_IMPORT_MAX_BYTES / 1024 / 1024} MB.`, { file: 'The file is too large' });

async function readCsv(request: FastifyRequest): Promise<{ fileName: string; text: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the CSV as multipart/form-data with the field file.');
  let found: { fileName: string; text: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: BILLING_CODE_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } })) {
      if (part.type === 'file' && part.fieldname === 'file') found = { fileName: part.filename ?? 'codes.csv', text: (await part.toBuffer()).toString('utf8') };
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('BAD_REQUEST', 'The upload was malformed or cut short. Please try again.', { file: 'The upload was cut short' });
  }
  if (!found) throw new AppError('BAD_REQUEST', 'Choose the CSV file to import.', { file: 'Choose a CSV file' });
  return found;
}

export async function registerBillingCodeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: BILLING_CODE_IMPORT_MAX_BYTES, files: 1 } });
    for (const list of ['tariff', 'nappi'] as const) {
      const url = BILLING_CODE_IMPORT_URLS[list];
      scope.post(url, async (request, reply) => {
        let actorRef: AuditActorRef | null = null;
        try {
          const auth = await authOfRequest(request, deps);
          if (auth) actorRef = { userId: auth.user.id, role: auth.role, organizationId: auth.organization?.id ?? null };
          const caller = requireActor(auth);
          requireCapability(caller, 'billingSettings.manage');
          const actor = requireTenant(caller, 'medicalAccounts');
          const declared = Number(request.headers['content-length']);
          if (Number.isFinite(declared) && declared > BILLING_CODE_IMPORT_MAX_BYTES + 64 * 1024) throw tooLarge();
          const file = await readCsv(request);
          const result = await importBillingCodes(deps.db, actor, list, file);
          await audit(request, deps, url, actorRef, 'success', { list, imported: result.imported });
          return reply.code(200).send(result);
        } catch (error) {
          const code = error instanceof AppError ? error.code : null;
          if (code === 'UNAUTHORIZED' || code === 'FORBIDDEN') await audit(request, deps, url, actorRef, 'denied', { list, error: code });
          return sendError(reply, error);
        }
      });
    }
  });
}

function audit(request: FastifyRequest, deps: Deps, route: string, actor: AuditActorRef | null, outcome: 'success' | 'denied', details: Record<string, unknown>) {
  return recordAuditEvent(deps.db, {
    action: 'update',
    entityType: 'organization',
    entityId: actor?.organizationId ?? null,
    actor,
    outcome,
    client: { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
    details: { route, billingCodeImport: true, ...details },
  });
}
