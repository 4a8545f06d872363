import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  HOSPITAL_BUNDLE_MAX_PAGES,
  HOSPITAL_RECORD_TYPE,
  type THospitalRecord,
  type THospitalRecordList,
  ZHospitalRecordFields,
  bundlePageRanges,
  compareBundleOrder,
} from '../../../shared/domain/hospital-records';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { FILE_JOB_TIMEOUT_MS, exportRefusal, fileWorkers, uploadRefusal } from '../../files/file-workers';
import { type CaseAccess, requireCaseAccess } from '../cases/case-access';
import { parseUploadParts, type UploadParts } from '../documents/document-files';
import { appendCaseEvent } from '../timeline/case-events';
import { syncHospitalRecordsItem } from '../checklists/checklist-auto-ticks';
import type { CheckedRecordFile } from './record-file';

// A medicolegal case's hospital records (issue 22). Each is a document of the case (documents +
// document_contents, record_type 'hospital_record'), so the Documents tab, retention and deletion
// keep working on it; this service adds what the bundle needs: the facility, the dates covered and
// the page count read from the file itself. Every read opens the case through requireCaseAccess
// (tenant, need to know on restricted cases), as the notes do.

const count = (n: number) => n.toLocaleString('en-ZA');

/** The record's kind and pages, read in a file worker (record-file.ts) within its time and memory. */
async function checkRecordFileOffThread(fileName: string, bytes: Uint8Array): Promise<CheckedRecordFile> {
  try {
    return await fileWorkers().run<CheckedRecordFile>('hospital-record.check', { fileName, bytes }, { timeoutMs: FILE_JOB_TIMEOUT_MS.check });
  } catch (error) {
    throw uploadRefusal(error);
  }
}

/** The pages of the case's records together, so one more file cannot take the bundle past its limit. */
async function recordPagesOfCase(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.sum<number | string | null>('page_count').as('pages'))
    .where('organization_id', '=', actor.organizationId)
    .where('case_id', '=', caseId)
    .where('record_type', '=', HOSPITAL_RECORD_TYPE)
    .executeTakeFirst();
  return Number(row?.pages ?? 0);
}

export interface AddHospitalRecordInput extends UploadParts {
  caseId: string;
}

/** Stores one hospital record on a case; nothing is written unless every check passes. */
export async function addHospitalRecord(db: Kysely<DB>, actor: TenantActor, input: AddHospitalRecordInput): Promise<THospitalRecord> {
  // Need to know first: a file for a case the caller may not open is never parsed (decision 0043).
  const kase = await requireCaseAccess(db, actor, input.caseId);
  const upload = parseUploadParts(ZHospitalRecordFields, input);
  const file = await checkRecordFileOffThread(upload.fileName, upload.bytes);
  const pagesBefore = await recordPagesOfCase(db, actor, kase.id);
  if (pagesBefore + file.pages > HOSPITAL_BUNDLE_MAX_PAGES) {
    const message = `The case's hospital records already have ${count(pagesBefore)} pages; with this file's ${count(file.pages)} the bundle would pass its limit of ${count(HOSPITAL_BUNDLE_MAX_PAGES)} pages.`;
    throw new AppError('BAD_REQUEST', message, { file: message });
  }

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
    // Issue 32: "Hospital records received" on the checklist ticks itself (by its stable key).
    await syncHospitalRecordsItem(trx, actor.organizationId, kase.id);
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

/**
 * The bundle PDF of a case's hospital records, drawn in a file worker (bundle-pdf.ts) with the same
 * access checks as the list. The files are read from the database only once a worker is free, so
 * bundles waiting in the queue hold no file bytes.
 */
export async function hospitalRecordsBundle(db: Kysely<DB>, actor: TenantActor, caseId: string, generatedAt: string): Promise<{ kase: CaseAccess; pdf: Uint8Array }> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const list = await recordsOfCase(db, actor, kase);
  // Records stored before the limit existed could pass it together; a bundle that large is refused.
  const pages = list.items.reduce((sum, item) => sum + item.pages, 0);
  if (pages > HOSPITAL_BUNDLE_MAX_PAGES) {
    throw new AppError('BAD_REQUEST', `The hospital records have ${count(pages)} pages; a bundle holds at most ${count(HOSPITAL_BUNDLE_MAX_PAGES)} pages. Remove some records to download it.`);
  }
  const source = async () => ({ source: await bundleSource(db, actor, kase, list), generatedAt });
  try {
    const pdf = await fileWorkers().run<Uint8Array>('hospital-record.bundle', source, { timeoutMs: FILE_JOB_TIMEOUT_MS.bundle });
    return { kase, pdf };
  } catch (error) {
    throw exportRefusal(error, 'bundle');
  }
}

/** Everything the bundle PDF is drawn from, for a case already opened through requireCaseAccess. */
async function bundleSource(db: Kysely<DB>, actor: TenantActor, kase: CaseAccess, list: THospitalRecordList): Promise<BundleSource> {
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
