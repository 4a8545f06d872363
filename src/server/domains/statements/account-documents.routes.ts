import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { z } from 'zod';
import type { TAuditEntityType } from '../../../shared/domain/audit';
import type { TCapability } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { rawIdParam, registerAuditedDocument } from '../../audit/audited-document-routes';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { practitionerNumbersOf } from '../accounts/account-read';
import { getAccount } from '../accounts/accounts.service';
import { getPayment } from '../payments/payments.service';
import { accountPdf, receiptPdf, statementPdf } from './account-documents-pdf';
import { getOwnStatement, getStatement, practiceOf } from './statements.service';

// The account, statement and receipt PDFs (issue 33). Bytes, which the JSON REST adapter is not for,
// so plain routes (audited-document-routes.ts) with the checks of the procedures they print — the
// capability, the healthcare platform, the organisation and need to know (in the services) — and one
// audit entry whatever the outcome (decision 0024).

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
const ZNoParams = z.object({});

export function registerAccountDocumentRoutes(app: FastifyInstance, deps: Deps): void {
  for (const document of DOCUMENTS) {
    const byId = document.url.includes(':id');
    registerAuditedDocument<{ id?: string }>(app, deps, {
      url: document.url,
      feature: 'medicalAccounts',
      capability: document.capability,
      entityType: document.entityType,
      params: byId ? ZIdParam : ZNoParams,
      entityIdOf: byId ? rawIdParam('id') : () => null,
      render: async (db, actor, { id = '' }) => ({ pdf: await document.render(db, actor, id), fileName: document.fileName(id.slice(0, 8)) }),
    });
  }
}
