import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rawIdParam, registerAuditedDocument } from '../../audit/audited-document-routes';
import type { Deps } from '../../deps';
import { feeStatementPdf } from './fee-statement-pdf';
import { feeStatement } from './fee-statement.service';

// A client's statement as a PDF (issue 34), with the checks of the procedure it prints
// (feeReports.statement) — fees.manage, a platform and organisation that bill, the matters the reader
// may read — audited whatever the outcome.

const slug = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'client';

export function registerFeeStatementRoutes(app: FastifyInstance, deps: Deps): void {
  registerAuditedDocument(app, deps, {
    url: '/api/fee-statements/:personId/pdf',
    feature: 'feeNotes',
    capability: 'fees.manage',
    entityType: 'person',
    params: z.object({ personId: z.string().trim().min(1).max(64) }),
    entityIdOf: rawIdParam('personId'),
    render: async (db, actor, { personId }) => {
      const statement = await feeStatement(db, actor, personId);
      return { pdf: await feeStatementPdf(statement), fileName: `statement-${slug(statement.client.name)}-${statement.asOf}.pdf` };
    },
  });
}
