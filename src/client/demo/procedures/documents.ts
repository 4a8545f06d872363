import {
  DOCUMENT_KIND_INFO,
  DOCUMENT_LIST_LIMIT,
  DOCUMENT_MAX_BYTES_DEFAULT,
  type TLegalDocument,
  ZDocumentIdInput,
  ZDocumentListInput,
} from '../../../shared/domain/documents';
import { type DemoContext, nameOf } from '../context';
import { DemoError } from '../demo-error';
import { DOCUMENT_SEEDS } from '../fixtures/documents';
import { type DemoProcedures, procedure } from '../procedure';
import { allCases } from './cases';

// The demo lists a few documents per legal platform. It holds no file bytes, so deleting (the only
// document write that goes through tRPC) is refused with a clear message rather than faked.

const HOUR_MS = 3_600_000;

export function demoDocuments(ctx: DemoContext): TLegalDocument[] {
  const cases = allCases(ctx);
  return DOCUMENT_SEEDS[ctx.platform].flatMap((seed, index) => {
    const found = cases[seed.caseIndex];
    if (!found) return [];
    return [{
      id: `${ctx.platform}-doc-${String(index + 1).padStart(2, '0')}`,
      caseId: found.id,
      caseName: found.patientName,
      caseType: found.caseType,
      fileName: seed.fileName,
      contentType: DOCUMENT_KIND_INFO[seed.kind].contentType,
      kind: seed.kind,
      sizeBytes: seed.sizeBytes,
      sha256: index.toString(16).padStart(64, '0'),
      uploadedById: seed.uploader,
      uploadedBy: nameOf(ctx, seed.uploader),
      uploadedAt: new Date(ctx.anchor.getTime() - seed.hoursAgo * HOUR_MS).toISOString(),
    }];
  });
}

export const documentsProcedures = {
  'documents.list': procedure({
    input: ZDocumentListInput,
    capability: 'legalDocuments.view',
    feature: 'legalDocuments',
    run(ctx, input) {
      const term = input.search?.toLowerCase();
      const matching = demoDocuments(ctx)
        .filter((d) => !input.caseId || d.caseId === input.caseId)
        .filter((d) => !term || [d.fileName, d.caseName, d.caseType].some((text) => text.toLowerCase().includes(term)))
        .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt) || b.id.localeCompare(a.id));
      return { items: matching.slice(0, DOCUMENT_LIST_LIMIT), total: matching.length, maxUploadBytes: DOCUMENT_MAX_BYTES_DEFAULT };
    },
  }),

  'documents.delete': procedure({
    input: ZDocumentIdInput,
    capability: 'legalDocuments.delete',
    feature: 'legalDocuments',
    run(): { id: string; caseId: string } {
      throw new DemoError('BAD_REQUEST', 'Demo mode holds no files, so documents cannot be deleted. Sign in to manage real documents.');
    },
  }),
} satisfies Partial<DemoProcedures>;
