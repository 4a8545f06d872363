import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type TenantActor, authOfRequest, requireActor, requireCapability, requireTenant } from '../../auth/actor';
import { actorRefOf } from '../../audit/audit-middleware';
import { recordAuditEvent } from '../../audit/audit-log';
import type { AuthState } from '../../auth/request-auth';
import type { Deps } from '../../deps';
import { AppError, sendError } from '../../errors';
import { feeNotePdf } from './fee-note-pdf';
import { getFeeNote } from './fee-notes.service';
import { getFeeSettings } from './fee-settings.service';

// The fee note as a PDF (issue 34). Bytes, which the JSON REST adapter is not for, so a plain route
// with the checks of the procedure it prints — signed in, fees.view, a platform that bills, the
// organisation and the matter's team (in getFeeNote) — and one audit entry whatever the outcome.

const URL = '/api/fee-notes/:id/pdf';
const ZIdParam = z.object({ id: z.string().trim().min(1).max(64) });
const clientOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

async function render(deps: Deps, actor: TenantActor, id: string): Promise<{ pdf: Uint8Array; fileName: string }> {
  const note = await getFeeNote(deps.db, actor, id);
  const pdf = await feeNotePdf(note, await getFeeSettings(deps.db, actor));
  return { pdf, fileName: note.number === null ? `pro-forma-${id.slice(0, 8)}.pdf` : `fee-note-${note.number}.pdf` };
}

export function registerFeeDocumentRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(URL, async (request, reply) => {
    let auth: AuthState | null = null;
    const rawId = (request.params as { id?: unknown }).id;
    const entityId = typeof rawId === 'string' ? rawId.slice(0, 64) : null;
    try {
      auth = await authOfRequest(request, deps);
      const actor = requireTenant(requireActor(auth), 'feeNotes');
      requireCapability(actor, 'fees.view');
      const { id } = ZIdParam.parse(request.params); // a ZodError is a 400 naming the field
      const { pdf, fileName } = await render(deps, actor, id);
      await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'export', entityType: 'case', entityId: id, outcome: 'success', client: clientOf(request), details: { route: URL } });
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(Buffer.from(pdf));
    } catch (error) {
      if (error instanceof AppError && error.code !== 'BAD_REQUEST' && error.code !== 'SERVICE_UNAVAILABLE') {
        const denied = error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN' || error.code === 'RESTRICTED';
        await recordAuditEvent(deps.db, {
          actor: actorRefOf(auth), action: denied ? 'access-denied' : 'export', entityType: 'case', entityId,
          outcome: denied ? 'denied' : 'failure', client: clientOf(request), details: { route: URL, error: error.code },
        });
      }
      return sendError(reply, error);
    }
  });
}
