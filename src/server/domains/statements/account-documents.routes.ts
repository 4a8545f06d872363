import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { z } from 'zod';
import type { TAuditEntityType } from '../../../shared/domain/audit';
import type { TCapability } from '../../../shared/roles';
import { type TenantActor, authOfRequest, requireActor, requireCapability, requireTenant } from '../../auth/actor';
import { actorRefOf } from '../../audit/audit-middleware';
import { recordAuditEvent } from '../../audit/audit-log';
import type { AuthState } from '../../auth/request-auth';
import type { Deps } from '../../deps';
import { AppError, sendError } from '../../errors';
import { practitionerNumbersOf } from '../accounts/account-read';
import { getAccount } from '../accounts/accounts.service';
import { getPayment } from '../payments/payments.service';
import { accountPdf, receiptPdf, statementPdf } from './account-documents-pdf';
import { getOwnStatement, getStatement, practiceOf } from './statements.service';

// The account, statement and receipt PDFs (issue 33). Bytes, which the JSON REST adapter is not for,
// so plain routes with the checks of the procedures they print — signed in, the capability, the
// healthcare platform, the organisation and need to know (in the services) — and one audit entry
// whatever the outcome (decision 0024).

interface Document {
  url: string;
  capability: TCapability;
  entityType: TAuditEntityType;
  fileName: (id: string) => string;
  render: (db: Kysely<DB>, actor: TenantActor, id: string) => Promise<Uint8Array>;
}

const DOCUMENTS: Document[] = [
  {
    url: '/api/accounts/:id/pdf',
    capability: 'accounts.manage',
    entityType: 'case',
    fileName: (id) => `account-${id}.pdf`,
    render: async (db, actor, id) => {
      const account = await getAccount(db, actor, id);
      return accountPdf(account, await practiceOf(db, actor.organizationId), await practitionerNumbersOf(db, actor.organizationId, account.lines.map((l) => l.chargeId)));
    },
  },
  {
    url: '/api/people/:id/statement.pdf',
    capability: 'accounts.manage',
    entityType: 'person',
    fileName: (id) => `statement-${id}.pdf`,
    render: async (db, actor, id) => statementPdf(await getStatement(db, actor, id)),
  },
  {
    url: '/api/portal/statement.pdf',
    capability: 'patientPortal.view',
    entityType: 'person',
    fileName: () => 'statement.pdf',
    render: async (db, actor) => {
      const statement = await getOwnStatement(db, actor);
      if (!statement) throw new AppError('NOT_FOUND', 'You have no account with the practice');
      return statementPdf(statement);
    },
  },
  {
    url: '/api/payments/:id/receipt.pdf',
    capability: 'accounts.manage',
    entityType: 'case',
    fileName: (id) => `receipt-${id}.pdf`,
    render: async (db, actor, id) => {
      const { payment, account } = await getPayment(db, actor, id);
      return receiptPdf(payment, account, await practiceOf(db, actor.organizationId));
    },
  },
];

const ZIdParam = z.object({ id: z.string().trim().min(1).max(64) });
const clientOf = (request: FastifyRequest) => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

export function registerAccountDocumentRoutes(app: FastifyInstance, deps: Deps): void {
  for (const document of DOCUMENTS) {
    app.get(document.url, async (request, reply) => {
      let auth: AuthState | null = null;
      const rawId = (request.params as { id?: unknown }).id;
      const entityId = typeof rawId === 'string' ? rawId.slice(0, 64) : null;
      try {
        auth = await authOfRequest(request, deps);
        const actor = requireTenant(requireActor(auth), 'medicalAccounts');
        requireCapability(actor, document.capability);
        const id = document.url.includes(':id') ? ZIdParam.parse(request.params).id : ''; // a ZodError is a 400 naming the field
        const pdf = await document.render(deps.db, actor, id);
        await recordAuditEvent(deps.db, { actor: actorRefOf(auth), action: 'export', entityType: document.entityType, entityId: id || null, outcome: 'success', client: clientOf(request), details: { route: document.url } });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${document.fileName(id.slice(0, 8))}"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(pdf));
      } catch (error) {
        if (error instanceof AppError && error.code !== 'BAD_REQUEST' && error.code !== 'SERVICE_UNAVAILABLE') {
          const denied = error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN' || error.code === 'RESTRICTED';
          await recordAuditEvent(deps.db, {
            actor: actorRefOf(auth), action: denied ? 'access-denied' : 'export', entityType: document.entityType, entityId,
            outcome: denied ? 'denied' : 'failure', client: clientOf(request), details: { route: document.url, error: error.code },
          });
        }
        return sendError(reply, error);
      }
    });
  }
}
