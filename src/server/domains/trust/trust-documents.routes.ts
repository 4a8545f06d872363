import type { FastifyInstance } from 'fastify';
import { ZMonthQuery } from '../../../shared/domain/trust';
import { registerAuditedDocument } from '../../audit/audited-document-routes';
import type { Deps } from '../../deps';
import { getFeeSettings } from '../fee-notes/fee-settings.service';
import { reconciliationPdf } from './trust-reconciliation-pdf';
import { getReconciliation } from './trust-reconciliation.service';

// The month's trust reconciliation as a PDF for the auditor (issue 34), with the checks of the
// procedure it prints — trust.manage, a firm that bills — audited whatever the outcome.

export function registerTrustDocumentRoutes(app: FastifyInstance, deps: Deps): void {
  registerAuditedDocument(app, deps, {
    url: '/api/trust/reconciliations/:month/pdf',
    feature: 'feeNotes',
    capability: 'trust.manage',
    entityType: 'organization',
    params: ZMonthQuery,
    entityIdOf: (_params, organizationId) => organizationId,
    details: (params) => ({ month: typeof params.month === 'string' ? params.month.slice(0, 7) : null }),
    render: async (db, actor, { month }) => {
      const pdf = await reconciliationPdf((await getFeeSettings(db, actor)).firmName, await getReconciliation(db, actor, month));
      return { pdf, fileName: `trust-reconciliation-${month}.pdf` };
    },
  });
}
