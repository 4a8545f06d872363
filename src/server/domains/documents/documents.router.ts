import { ZCaseDocumentListInput, ZDeletedDocument, ZDocumentIdInput, ZDocumentListInput, ZLegalDocumentList } from '../../../shared/domain/documents';
import { router, tenantProcedure } from '../../trpc';
import { deleteDocument, listDocuments } from './documents.service';
import { listCaseDocuments } from './case-documents.service';

// Legal documents exist on the legal and medicolegal platforms only (SPEC §3.6): `feature` answers
// 403 elsewhere. Upload and download carry bytes, not JSON, so they are plain routes beside these
// (documents.routes.ts) behind the same session, capability and feature checks.
const tags = ['legal-documents'];

export const documentsRouter = router({
  list: tenantProcedure
    .meta({ capability: 'legalDocuments.view', feature: 'legalDocuments', openapi: { method: 'GET', path: '/legal-documents', tags, summary: "The organisation's case documents, newest first; filter by case or search" } })
    .input(ZDocumentListInput)
    .output(ZLegalDocumentList)
    .query(({ ctx, input }) => listDocuments(ctx.db, ctx.actor, input, ctx.config.DOCUMENT_MAX_BYTES)),

  // Issue 18: every platform's case page (referral letters, consent forms, discharge summaries).
  forCase: tenantProcedure
    .meta({ capability: 'caseFile.view', openapi: { method: 'GET', path: '/documents', tags: ['documents'], summary: 'The documents of one case (every platform), newest first' } })
    .input(ZCaseDocumentListInput)
    .output(ZLegalDocumentList)
    .query(({ ctx, input }) => listCaseDocuments(ctx.db, ctx.actor, input, ctx.config.DOCUMENT_MAX_BYTES)),

  delete: tenantProcedure
    .meta({ capability: 'legalDocuments.delete', feature: 'legalDocuments', openapi: { method: 'DELETE', path: '/legal-documents/{id}', tags, summary: 'Delete a document and its content' } })
    .input(ZDocumentIdInput)
    .output(ZDeletedDocument)
    .mutation(({ ctx, input }) => deleteDocument(ctx.db, ctx.actor, input.id, ctx.config.RETENTION_YEARS)),
});
