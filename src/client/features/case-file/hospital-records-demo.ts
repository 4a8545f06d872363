import type { THospitalRecordFields } from '../../../shared/domain/hospital-records';
import { DEMO_OVERLAY_PREFIX } from '../../lib/demo-identity';

// Demo mode answers tRPC in the browser, but adding a hospital record is a multipart upload that
// is no tRPC call, so the tab keeps the demo's promise (writes show up in the session) itself: it
// counts the file's pages and hashes it here in the browser, and puts the row into the demo overlay's
// 'hospitalRecords' collection, which the demo's hospitalRecords.list merges over its fixtures
// (src/client/demo/procedures/hospital-records.ts, whose DemoHospitalRecordRow this row matches).

const KEY = `${DEMO_OVERLAY_PREFIX}hospitalRecords`;

/** Pages the bundle would give the file: a PDF's own (pdf-lib, loaded only now), an image one. */
async function pagesOf(file: File): Promise<number> {
  if (!/\.pdf$/i.test(file.name)) return 1;
  const { PDFDocument } = await import('pdf-lib');
  try {
    return (await PDFDocument.load(await file.arrayBuffer(), { updateMetadata: false })).getPageCount();
  } catch {
    throw new Error('The file is not a readable PDF');
  }
}

async function sha256Of(file: File): Promise<string> {
  try {
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return '0'.repeat(64); // no SubtleCrypto (an insecure origin): a placeholder of the right shape
  }
}

export async function addDemoHospitalRecord(caseId: string, fields: THospitalRecordFields, file: File, uploadedByName: string): Promise<{ fileName: string; pages: number }> {
  const pages = await pagesOf(file);
  const row = {
    id: `demo-hospital-record-${Date.now().toString(36)}`,
    caseId,
    fileName: file.name,
    ...fields,
    pages,
    sha256: await sha256Of(file),
    uploadedAt: new Date().toISOString(),
    uploadedByName: uploadedByName || null,
  };
  let rows: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    if (Array.isArray(parsed)) rows = parsed;
    window.sessionStorage.setItem(KEY, JSON.stringify([...rows, row]));
  } catch {
    throw new Error('The demo could not keep the record: this browser refuses session storage.');
  }
  return { fileName: row.fileName, pages };
}
