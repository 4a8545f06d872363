import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { containsAny } from '../../../../db/search';
import { nowIso } from '../../../../db/time';
import {
  DOCUMENT_LIST_LIMIT,
  type TDocumentListInput,
  type TLegalDocument,
  type TLegalDocumentList,
  ZUploadDocumentFields,
  documentKindOfContentType,
  documentKindOfName,
} from '../../../shared/domain/documents';
import { fullName } from '../../../shared/format';
import { AppError } from '../../errors';
import { assertDeletableRecordOf } from '../retention/retention.service';
import type { TenantActor } from '../../auth/actor';
import { requireCaseAccess } from '../cases/case-access';
import { readableCaseOf } from '../cases/case-visibility';
import { appendCaseEvent } from '../timeline/case-events';
import { checkDocumentFile, parseUploadParts, type UploadParts } from './document-files';

// Documents attached to the cases of one organisation. Every query is scoped by the actor's
// organisation, so another organisation's id reads as "not found". Contents sit in their own table
// (document_contents) so listing never reads file bytes. A document is part of its case (issue 18):
// one document goes through requireCaseAccess, and lists leave out restricted cases the caller may
// not read. The legal platforms' /api/legal-documents and every platform's /api/documents share
// these functions; only the capability and platform checks in front of them differ.

function baseQuery(db: Kysely<DB>, actor: TenantActor) {
  return db
    .selectFrom('documents')
    .innerJoin('cases', (join) => join.onRef('cases.id', '=', 'documents.case_id').onRef('cases.organization_id', '=', 'documents.organization_id'))
    .leftJoin('users', 'users.id', 'documents.uploaded_by')
    .where('documents.organization_id', '=', actor.organizationId);
}

function selectDocument(query: ReturnType<typeof baseQuery>) {
  return query.select([
    'documents.id',
    'documents.case_id',
    'documents.file_name',
    'documents.content_type',
    'documents.size_bytes',
    'documents.sha256',
    'documents.uploaded_by',
    'documents.created_at',
    'cases.patient_name',
    'cases.case_type',
    'users.first_name',
    'users.last_name',
  ]);
}

type DocumentRow = Awaited<ReturnType<ReturnType<typeof selectDocument>['executeTakeFirstOrThrow']>>;

function toDocument(row: DocumentRow): TLegalDocument {
  return {
    id: row.id,
    caseId: row.case_id,
    caseName: row.patient_name,
    caseType: row.case_type,
    fileName: row.file_name,
    contentType: row.content_type,
    kind: documentKindOfContentType(row.content_type) ?? documentKindOfName(row.file_name) ?? 'txt',
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    uploadedById: row.uploaded_by,
    uploadedBy: fullName(row.first_name, row.last_name),
    uploadedAt: row.created_at,
  };
}

function filtered(db: Kysely<DB>, actor: TenantActor, input: TDocumentListInput) {
  let query = baseQuery(db, actor).where(readableCaseOf(actor));
  if (input.caseId) query = query.where('documents.case_id', '=', input.caseId);
  if (input.search) {
    const term = input.search;
    query = query.where((eb) => containsAny(eb, ['documents.file_name', 'cases.patient_name', 'cases.case_type'], term));
  }
  return query;
}

/** Newest first, at most DOCUMENT_LIST_LIMIT; `total` tells the screen when filters would help. */
export async function listDocuments(db: Kysely<DB>, actor: TenantActor, input: TDocumentListInput, maxUploadBytes: number): Promise<TLegalDocumentList> {
  const rows = await selectDocument(filtered(db, actor, input))
    .orderBy('documents.created_at', 'desc')
    .orderBy('documents.id', 'desc')
    .limit(DOCUMENT_LIST_LIMIT)
    .execute();
  const count = await filtered(db, actor, input)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { items: rows.map(toDocument), total: Number(count.n), maxUploadBytes };
}

export async function findDocument(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TLegalDocument> {
  const row = await selectDocument(baseQuery(db, actor)).where('documents.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Document not found');
  return toDocument(row);
}

/** The multipart text fields (validated here with the shared schema) and the file as the browser named it. */
export type UploadDocumentInput = UploadParts;

/**
 * Stores one document against a case of the caller's organisation. Refusals, in order: missing
 * fields (400), too large (413), case not of this organisation (404), restricted case without need
 * to know (403 RESTRICTED), type not allowed or content not matching its name (415). The case comes
 * before the file's bytes are looked at (decision 0043): a file for a case the caller may not open
 * is never read. Nothing is written unless every check passes; the upload lands on the case's
 * timeline with it.
 */
export async function uploadDocument(db: Kysely<DB>, actor: TenantActor, input: UploadDocumentInput): Promise<TLegalDocument> {
  const upload = parseUploadParts(ZUploadDocumentFields, input);
  // Another organisation's case is "not found"; a restricted one without need to know is RESTRICTED.
  const kase = await requireCaseAccess(db, actor, upload.fields.caseId);
  // Magic bytes and, for text, UTF-8 validity: native and linear, so on this thread. Nothing decodes
  // a document's content on the server (a PNG here is stored and served, never drawn).
  const file = checkDocumentFile(upload.fileName, upload.bytes);

  const id = randomUUID();
  const bytes = upload.bytes;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('documents')
      .values({
        id,
        organization_id: actor.organizationId,
        case_id: kase.id,
        file_name: file.fileName,
        content_type: file.contentType,
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploaded_by: actor.userId,
        created_at: now,
      })
      .execute();
    await trx.insertInto('document_contents').values({ document_id: id, content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }).execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'document.uploaded',
      summary: `Document uploaded: ${file.fileName}`,
      details: { documentId: id },
      at: now,
    });
  });
  return findDocument(db, actor, id);
}

export interface DocumentContent {
  caseId: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The case a document of the caller's organisation belongs to; another organisation's id is "not found". */
export async function documentCaseId(db: Kysely<DB>, actor: TenantActor, id: string): Promise<string> {
  const row = await db.selectFrom('documents').select('case_id').where('id', '=', id).where('organization_id', '=', actor.organizationId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Document not found');
  return row.case_id;
}

/** The bytes of a document of the caller's organisation, on a case they may read. */
export async function readDocumentContent(db: Kysely<DB>, actor: TenantActor, id: string): Promise<DocumentContent> {
  await requireCaseAccess(db, actor, await documentCaseId(db, actor, id));
  const row = await db
    .selectFrom('documents')
    .innerJoin('document_contents', 'document_contents.document_id', 'documents.id')
    .select(['documents.case_id', 'documents.file_name', 'documents.content_type', 'document_contents.content'])
    .where('documents.id', '=', id)
    .where('documents.organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Document not found');
  const content = row.content as Uint8Array;
  return { caseId: row.case_id, fileName: row.file_name, contentType: row.content_type, bytes: Buffer.isBuffer(content) ? content : Buffer.from(content) };
}

/** Deletes a document and its content; the caller's organisation only. */
export async function deleteDocument(db: Kysely<DB>, actor: TenantActor, id: string, retentionYears: number): Promise<{ id: string; caseId: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('documents')
      .select(['id', 'case_id', 'file_name'])
      .where('id', '=', id)
      .where('organization_id', '=', actor.organizationId)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Document not found');
    await requireCaseAccess(trx, actor, row.case_id);
    // A closed case's records are kept for the retention period (issue 8).
    await assertDeletableRecordOf(trx, actor.organizationId, row.case_id, retentionYears);
    // Both rows explicitly, so neither dialect depends on ON DELETE CASCADE being enforced.
    await trx.deleteFrom('document_contents').where('document_id', '=', row.id).execute();
    await trx.deleteFrom('documents').where('id', '=', row.id).where('organization_id', '=', actor.organizationId).execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: row.case_id,
      actorId: actor.userId,
      kind: 'document.deleted',
      summary: `Document deleted: ${row.file_name}`,
      details: { documentId: row.id },
    });
    return { id, caseId: row.case_id };
  });
}
