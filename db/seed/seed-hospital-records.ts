import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { DB } from '../schema';
import { HOSPITAL_RECORD_TYPE } from '../../src/shared/domain/hospital-records';

// Issue 22's demo data: the Gauteng State Litigation Unit's first open, unrestricted case (by
// reference) holds three hospital records from three facilities, so the Hospital records tab and
// its bundle show something real. The PDFs are drawn here with pdf-lib (3, 2 and 4 pages, A4), so the
// bundle PDF the server builds from them is a true one: an index page, then pages 2–10 of 10.

const RECORDS = [
  { file: 'Laudium CHC antenatal card and referral.pdf', facility: 'Laudium Community Health Centre', from: '2023-01-09', to: '2023-02-13', pages: 3, by: 'attorney' },
  { file: 'Kalafong labour ward notes and partogram.pdf', facility: 'Kalafong Provincial Tertiary Hospital', from: '2023-02-14', to: '2023-03-02', pages: 2, by: 'attorney' },
  { file: 'Steve Biko NICU notes and discharge summary.pdf', facility: 'Steve Biko Academic Hospital (NICU)', from: '2023-03-02', to: '2023-04-18', pages: 4, by: 'karabo.mashaba' },
] as const;

async function recordPdf(facility: string, title: string, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(facility, { x: 56, y: 780, size: 14, font: bold });
    page.drawText(`${title} - sheet ${i + 1} of ${pages}`, { x: 56, y: 760, size: 11, font });
    for (let line = 0; line < 24; line++) {
      page.drawLine({ start: { x: 56, y: 720 - line * 26 }, end: { x: 539, y: 720 - line * 26 }, thickness: 0.4, color: rgb(0.75, 0.78, 0.85) });
    }
    page.drawText('Copy of the original record, as received under PAIA request.', { x: 56, y: 60, size: 8, font, color: rgb(0.4, 0.4, 0.45) });
  }
  doc.setCreationDate(new Date('2024-06-01T08:00:00.000Z'));
  doc.setModificationDate(new Date('2024-06-01T08:00:00.000Z'));
  return doc.save();
}

export async function seedHospitalRecords(trx: Kysely<DB>, now: Date): Promise<void> {
  const unit = await trx.selectFrom('organizations').select('id').where('slug', '=', 'gauteng-state-litigation').executeTakeFirst();
  if (!unit) return;
  const kase = await trx
    .selectFrom('cases')
    .select('id')
    .where('organization_id', '=', unit.id)
    .where('restricted', '=', 0)
    // An open claim: the records say which hospital it is against (the State unit's dashboard, issue 32).
    .where('status', '!=', 'Completed')
    .orderBy('reference')
    .orderBy('id')
    .executeTakeFirst();
  if (!kase) return;
  const users = await trx
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .select(['users.id', 'users.email'])
    .where('memberships.organization_id', '=', unit.id)
    .execute();
  for (const [i, record] of RECORDS.entries()) {
    const bytes = await recordPdf(record.facility, record.file.replace(/\.pdf$/, ''), record.pages);
    const id = randomUUID();
    const at = new Date(now.getTime() - (RECORDS.length - i) * 26 * 3_600_000).toISOString();
    const uploader = users.find((u) => u.email.startsWith(`${record.by}@`))?.id ?? null;
    await trx
      .insertInto('documents')
      .values({
        id, organization_id: unit.id, case_id: kase.id, file_name: record.file, content_type: 'application/pdf', size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'), uploaded_by: uploader, created_at: at,
        record_type: HOSPITAL_RECORD_TYPE, source_facility: record.facility, records_from: record.from, records_to: record.to, page_count: record.pages,
      })
      .execute();
    await trx.insertInto('document_contents').values({ document_id: id, content: Buffer.from(bytes) }).execute();
    await trx
      .insertInto('case_events')
      .values({
        id: randomUUID(), organization_id: unit.id, case_id: kase.id, at, actor_id: uploader, kind: 'hospital-record.added',
        summary: `Hospital record added: ${record.facility}, ${record.from} to ${record.to} (${record.pages} pages)`,
        details: JSON.stringify({ documentId: id, pages: record.pages }),
      })
      .execute();
  }
}
