import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rawIdParam, registerAuditedDocument } from '../../audit/audited-document-routes';
import type { Deps } from '../../deps';
import { feeNotePdf } from './fee-note-pdf';
import { getFeeNote } from './fee-notes.service';
import { getFeeSettings } from './fee-settings.service';

// The fee note as a PDF (issue 34), with the checks of the procedure it prints — fees.view, a platform
// that bills, the organisation and the matter's team (in getFeeNote) — audited whatever the outcome.

export function registerFeeDocumentRoutes(app: FastifyInstance, deps: Deps): void {
  registerAuditedDocument(app, deps, {
    url: '/api/fee-notes/:id/pdf',
    feature: 'feeNotes',
    capability: 'fees.view',
    entityType: 'case',
    params: z.object({ id: z.string().trim().min(1).max(64) }),
    entityIdOf: rawIdParam('id'),
    render: async (db, actor, { id }) => {
      const note = await getFeeNote(db, actor, id);
      const pdf = await feeNotePdf(note, await getFeeSettings(db, actor));
      return { pdf, fileName: note.number === null ? `pro-forma-${id.slice(0, 8)}.pdf` : `fee-note-${note.number}.pdf` };
    },
  });
}
