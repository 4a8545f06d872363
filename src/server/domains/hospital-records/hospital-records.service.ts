import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { DOCUMENT_KIND_INFO, documentKindOfName, sanitiseFileName } from '../../../shared/domain/documents';
import {
  HOSPITAL_RECORD_KINDS,
  HOSPITAL_RECORD_TYPE,
  HOSPITAL_RECORD_TYPES_TEXT,
  type THospitalRecord,
  type THospitalRecordList,
  ZHospitalRecordFields,
  bundlePageRanges,
  compareBundleOrder,
} from '../../../shared/domain/hospital-records';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError, VALIDATION_MESSAGE } from '../../errors';
import { type CaseAccess, requireCaseAccess } from '../cases/case-access';
import { contentMatches, parseUploadParts, type UploadParts } from '../documents/document-files';
import { appendCaseEvent } from '../timeline/case-events';

// A medicolegal case's hospital records (issue 22). Each is a document of the case (documents +
// document_contents, record_type 'hospital_record'), so the Documents tab, retention and deletion
// keep working on it; this service adds what the bundle needs: the facility, the dates covered and
// the page count read from the file itself. Every read opens the case through requireCaseAccess
// (tenant, need to know on restricted cases), as the notes do.

const fileRefusal = (message: string) => new AppError('BAD_REQUEST', VALIDATION_MESSAGE, { file: message });

export interface CheckedRecordFile {
  fileName: string;
  contentType: string;
  kind: (typeof HOSPITAL_RECORD_KINDS)[number];
  pages: number;
}

/**
 * What the bundle will make of a file: its pages (a PDF's own; an image is one page), or a 400 naming
 * `file` — a hospital record that cannot be paginated cannot go into the bundle, so it is input we
 * refuse, not a type the Documents tab would take.
 */
export async function checkRecordFile(rawName: string, bytes: Uint8Array): Promise<CheckedRecordFile> {
  const fileName = sanitiseFileName(rawName);
  const kind = documentKindOfName(fileName);
  if (!fileName || !kind || !(HOSPITAL_RECORD_KINDS as readonly string[]).includes(kind)) {
    throw fileRefusal(`Upload a ${HOSPITAL_RECORD_TYPES_TEXT} file`);
  }
  const recordKind = kind as CheckedRecordFile['kind'];
  if (!contentMatches(recordKind, bytes)) throw fileRefusal(`The file is not a readable ${DOCUMENT_KIND_INFO[recordKind].label}`);
  let pages = 1;
  try {
    if (recordKind === 'pdf') {
      // An encrypted PDF is refused (pdf-lib throws): its pages could not be stamped into the bundle.
      pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    } else {
      const probe = await PDFDocument.create();
      await (recordKind === 'png' ? probe.embedPng(bytes) : probe.embedJpg(bytes));
    }
  } catch {
    throw fileRefusal(`The file is not a readable ${DOCUMENT_KIND_INFO[recordKind].label}`);
  }
  if (pages < 1) throw fileRefusal('The PDF has no pages');
  return { fileName, contentType: DOCUMENT_KIND_INFO[recordKind].contentType, kind: recordKind, pages };
}

export interface AddHospitalRecordInput extends UploadParts {
  caseId: string;
}

/** Stores one hospital record on a case; nothing is written unless every check passes. */
export async function addHospitalRecord(db: Kysely<DB>, actor: TenantActor, input: AddHospitalRecordInput): Promise<THospitalRecord> {
  const upload = parseUploadParts(ZHospitalRecordFields, input);
  const file = await checkRecordFile(upload.fileName, upload.bytes);
  const kase = await requireCaseAccess(db, actor, input.caseId);

  const id = randomUUID();
  const bytes = upload.bytes;
  const now = nowIso();
  const { sourceFacility, recordsFrom, recordsTo } = upload.fields;
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
        record_type: HOSPITAL_RECORD_TYPE,
        source_facility: sourceFacility,
        records_from: recordsFrom,
        records_to: recordsTo,
        page_count: file.pages,
      })
      .execute();
    await trx.insertInto('document_contents').values({ document_id: id, content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }).execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'hospital-record.added',
      summary: `Hospital record added: ${sourceFacility}, ${recordsFrom} to ${recordsTo} (${file.pages} ${file.pages === 1 ? 'page' : 'pages'})`,
      details: { documentId: id, pages: file.pages },
      at: now,
    });
  });
  const list = await recordsOfCase(db, actor, kase);
  return list.items.find((item) => item.documentId === id)!;
}

async function recordsOfCase(db: Kysely<DB>, actor: TenantActor, kase: CaseAccess): Promise<THospitalRecordList> {
  const rows = await db
    .selectFrom('documents')
    .leftJoin('users', 'users.id', 'documents.uploaded_by')
    .select([
      'documents.id',
      'documents.file_name',
      'documents.sha256',
      'documents.created_at',
      'documents.source_facility',
      'documents.records_from',
      'documents.records_to',
      'documents.page_count',
      'users.first_name',
      'users.last_name',
    ])
    .where('documents.organization_id', '=', actor.organizationId)
    .where('documents.case_id', '=', kase.id)
    .where('documents.record_type', '=', HOSPITAL_RECORD_TYPE)
    .execute();
  const records = rows
    .map((row) => ({
      documentId: row.id,
      fileName: row.file_name,
      sourceFacility: row.source_facility ?? '',
      recordsFrom: row.records_from ?? '',
      recordsTo: row.records_to ?? '',
      pages: Number(row.page_count ?? 0),
      sha256: row.sha256,
      uploadedAt: row.created_at,
      uploadedByName: fullName(row.first_name, row.last_name),
    }))
    .sort(compareBundleOrder);
  const { ranges, indexPages, totalPages } = bundlePageRanges(records.map((r) => r.pages));
  return { items: records.map((record, i) => ({ ...record, ...ranges[i]! })), indexPages, totalPages };
}

/** The case's hospital records in bundle order, with the continuous page ranges the bundle gives them. */
export async function listHospitalRecords(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<THospitalRecordList> {
  return recordsOfCase(db, actor, await requireCaseAccess(db, actor, caseId));
}

export interface BundleSource {
  kase: CaseAccess;
  list: THospitalRecordList;
  /** The file bytes and content type of each item, in the list's order. */
  files: { contentType: string; bytes: Uint8Array }[];
  generatedBy: string;
}

/** Everything the bundle PDF is drawn from, read with the same access checks as the list. */
export async function bundleSource(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<BundleSource> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const list = await recordsOfCase(db, actor, kase);
  const files: BundleSource['files'] = [];
  // One file at a time, so a large bundle never holds two copies of every file's rows at once.
  for (const item of list.items) {
    const row = await db
      .selectFrom('documents')
      .innerJoin('document_contents', 'document_contents.document_id', 'documents.id')
      .select(['documents.content_type', 'document_contents.content'])
      .where('documents.id', '=', item.documentId)
      .where('documents.organization_id', '=', actor.organizationId)
      .executeTakeFirstOrThrow();
    files.push({ contentType: row.content_type, bytes: row.content as Uint8Array });
  }
  const me = await db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', actor.userId).executeTakeFirst();
  return { kase, list, files, generatedBy: fullName(me?.first_name, me?.last_name) ?? me?.email ?? 'Unknown' };
}
