import { createHash, randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// A medicolegal case's hospital records (issue 22) through REST: upload (multipart), the list with
// continuous bundle pages, and the bundle PDF. Expected page numbers come from the written rule
// (src/shared/domain/hospital-records.ts): bundle order is recordsFrom, then upload time; the one
// index page is page 1, so files of 3, 2 and 4 pages run 2–4, 5–6 and 7–10 of 10.

let t: TestApp;
let unit: string;
let kase: string;
const cookies: Record<string, string> = {};

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array; type?: string }) {
  const boundary = `----casebridge${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`), Buffer.from(file.bytes), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A PDF of `pages` US Letter pages (612 × 792), so its pages are told apart from the A4 index in the bundle. */
async function letterPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawText(`Page ${i + 1} of the hospital's own file`, { x: 50, y: 700 });
  return doc.save();
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const listUrl = (id: string) => `/api/patient-cases/${id}/hospital-records`;
const bundleUrl = (id: string) => `/api/patient-cases/${id}/hospital-records/bundle.pdf`;

function upload(who: string, caseId: string, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array; type?: string }) {
  const body = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: listUrl(caseId), headers: { cookie: cookies[who]!, origin: ORIGIN, 'content-type': body.contentType }, payload: body.payload });
}
const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]!, origin: ORIGIN } });
const documentCount = async () => Number((await t.db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const FILES = [
  // Uploaded in this order; the bundle orders them by the first day they cover.
  { name: 'Kalafong labour notes.pdf', pages: 2, sourceFacility: 'Kalafong Provincial Tertiary Hospital', recordsFrom: '2023-02-14', recordsTo: '2023-03-02' },
  { name: 'Laudium CHC referral.pdf', pages: 3, sourceFacility: 'Laudium Community Health Centre', recordsFrom: '2023-01-09', recordsTo: '2023-02-13' },
  { name: 'Steve Biko NICU summary.pdf', pages: 4, sourceFacility: 'Steve Biko Academic Hospital', recordsFrom: '2023-03-02', recordsTo: '2023-04-18' },
];

beforeAll(async () => {
  t = await startTestApp();
  unit = await createOrganization(t.db, 'Records Litigation Unit', 'medicolegal');
  const otherUnit = await createOrganization(t.db, 'Other Litigation Unit', 'medicolegal');
  const hospital = await createOrganization(t.db, 'Records Hospital', 'healthcare');
  const firm = await createOrganization(t.db, 'Records Attorneys', 'legal');
  const users = [
    ['attorney', unit, 'Attorneys'], ['advocate', unit, 'Advocates'], ['qa', unit, 'Quality Assurance Team'],
    ['stranger', otherUnit, 'Attorneys'], ['doctor', hospital, 'Doctor'], ['firmAdmin', firm, 'Administrator'],
  ] as const;
  for (const [key, org, role] of users) {
    const user = await createUser(t.db, { organizationId: org, role, firstName: key === 'attorney' ? 'Lerato' : 'Other' });
    cookies[key] = await signIn(t.app, user.email);
  }
  kase = await createCase(t.db, unit, { patient_name: 'Nomvula Dlamini', reference: 'SLU-2026-00099', case_type: 'Medical negligence' });
});
afterAll(() => t.close());

describe('the hospital records of a medicolegal case', () => {
  const uploaded: { name: string; bytes: Uint8Array }[] = [];

  it('takes three PDFs and lists them in bundle order with continuous pages after the one index page', async () => {
    for (const file of FILES) {
      const bytes = await letterPdf(file.pages);
      uploaded.push({ name: file.name, bytes });
      const res = await upload('attorney', kase, { sourceFacility: file.sourceFacility, recordsFrom: file.recordsFrom, recordsTo: file.recordsTo }, { name: file.name, bytes });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ fileName: file.name, pages: file.pages, sha256: sha256(bytes), uploadedByName: 'Lerato Nkosi' });
    }
    const res = await get('advocate', listUrl(kase));
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.indexPages).toBe(1);
    expect(list.totalPages).toBe(10);
    expect(list.items.map((i: Record<string, unknown>) => [i.fileName, i.sourceFacility, i.recordsFrom, i.recordsTo, i.pages, i.firstPage, i.lastPage])).toEqual([
      ['Laudium CHC referral.pdf', 'Laudium Community Health Centre', '2023-01-09', '2023-02-13', 3, 2, 4],
      ['Kalafong labour notes.pdf', 'Kalafong Provincial Tertiary Hospital', '2023-02-14', '2023-03-02', 2, 5, 6],
      ['Steve Biko NICU summary.pdf', 'Steve Biko Academic Hospital', '2023-03-02', '2023-04-18', 4, 7, 10],
    ]);
    expect(list.items[0].sha256).toBe(sha256(uploaded[1]!.bytes));
  });

  it('puts each upload on the timeline and in the Documents tab as a document of the case', async () => {
    const events = await t.db.selectFrom('case_events').select(['kind', 'summary']).where('case_id', '=', kase).where('kind', '=', 'hospital-record.added').execute();
    expect(events).toHaveLength(3);
    expect(events.map((e) => e.summary)).toContain('Hospital record added: Laudium Community Health Centre, 2023-01-09 to 2023-02-13 (3 pages)');
    const documents = (await get('attorney', `/api/documents?caseId=${kase}`)).json();
    expect(documents.items.map((d: { fileName: string }) => d.fileName).sort()).toEqual(FILES.map((f) => f.name).sort());
  });

  it('downloads one PDF: the index page, then all nine pages, hashes in its summary, and the export audited', async () => {
    const res = await get('attorney', bundleUrl(kase));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hospital-records-SLU-2026-00099-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const bundle = await PDFDocument.load(res.rawPayload);
    expect(bundle.getPageCount()).toBe(10);
    // Page 1 is the A4 index; pages 2–10 are the hospitals' own Letter pages.
    expect(bundle.getPage(0).getWidth()).toBeCloseTo(595.28, 1);
    expect(bundle.getPages().slice(1).map((p) => p.getWidth())).toEqual(Array(9).fill(612));
    const keywords = bundle.getKeywords() ?? '';
    expect(keywords).toContain(`1:2-4:sha256=${sha256(uploaded[1]!.bytes)}`);
    expect(keywords).toContain(`2:5-6:sha256=${sha256(uploaded[0]!.bytes)}`);
    expect(keywords).toContain(`3:7-10:sha256=${sha256(uploaded[2]!.bytes)}`);
    expect(bundle.getTitle()).toBe('Hospital records bundle - SLU-2026-00099');
    const audit = await t.db.selectFrom('audit_events').select(['action', 'outcome']).where('case_id', '=', kase).where('action', '=', 'export').execute();
    expect(audit).toEqual([{ action: 'export', outcome: 'success' }]);
  });

  it('makes an image one page of the bundle', async () => {
    const other = await createCase(t.db, unit, { patient_name: 'Sipho Ndlovu' });
    const res = await upload('attorney', other, { sourceFacility: 'Tembisa Hospital', recordsFrom: '2024-05-01', recordsTo: '2024-05-01' }, { name: 'CTG scan.png', bytes: PNG_1X1, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ pages: 1, firstPage: 2, lastPage: 2 });
    const bundle = await PDFDocument.load((await get('attorney', bundleUrl(other))).rawPayload);
    expect(bundle.getPageCount()).toBe(2);
  });

  it('refuses what is not a readable PDF or image, and bad fields, with 400 naming the field and nothing written', async () => {
    const before = await documentCount();
    const fields = { sourceFacility: 'Tembisa Hospital', recordsFrom: '2024-05-01', recordsTo: '2024-05-03' };
    const cases = [
      [fields, { name: 'notes.txt', bytes: Buffer.from('just text'), type: 'text/plain' }, 'file'],
      [fields, { name: 'scan.pdf', bytes: Buffer.from('%PDF-1.4\nnot really a pdf\n'), type: 'application/pdf' }, 'file'],
      [fields, { name: 'scan.pdf', bytes: PNG_1X1, type: 'application/pdf' }, 'file'],
      [fields, undefined, 'file'],
      [{ ...fields, sourceFacility: ' ' }, { name: 'a.pdf', bytes: await letterPdf(1) }, 'sourceFacility'],
      [{ ...fields, recordsFrom: '2024-05-04' }, { name: 'a.pdf', bytes: await letterPdf(1) }, 'recordsTo'],
      [{ ...fields, recordsTo: '2999-01-01' }, { name: 'a.pdf', bytes: await letterPdf(1) }, 'recordsTo'],
      [{ ...fields, recordsFrom: '2024-02-30' }, { name: 'a.pdf', bytes: await letterPdf(1) }, 'recordsFrom'],
    ] as const;
    for (const [body, file, field] of cases) {
      const res = await upload('attorney', kase, body, file);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), res.body).toContain(field);
    }
    expect(await documentCount()).toBe(before);
  });

  it('is for medicolegal organisations only: a hospital and a law firm are refused', async () => {
    for (const who of ['doctor', 'firmAdmin']) {
      expect((await get(who, listUrl(kase))).statusCode, who).toBe(403);
      expect((await get(who, bundleUrl(kase))).statusCode, who).toBe(403);
      expect((await upload(who, kase, { sourceFacility: 'X', recordsFrom: '2024-01-01', recordsTo: '2024-01-01' }, { name: 'x.pdf', bytes: await letterPdf(1) })).statusCode, who).toBe(403);
    }
  });

  it("answers another organisation's case as not found, and writes nothing to it", async () => {
    const before = await documentCount();
    expect((await get('stranger', listUrl(kase))).statusCode).toBe(404);
    expect((await get('stranger', bundleUrl(kase))).statusCode).toBe(404);
    expect((await upload('stranger', kase, { sourceFacility: 'X', recordsFrom: '2024-01-01', recordsTo: '2024-01-01' }, { name: 'x.pdf', bytes: await letterPdf(1) })).statusCode).toBe(404);
    expect(await documentCount()).toBe(before);
  });

  it('refuses a role without records.view, and keeps a restricted case to its team', async () => {
    expect((await get('qa', listUrl(kase))).statusCode).toBe(403);
    expect((await get('qa', bundleUrl(kase))).statusCode).toBe(403);
    expect((await upload('qa', kase, { sourceFacility: 'X', recordsFrom: '2024-01-01', recordsTo: '2024-01-01' }, { name: 'x.pdf', bytes: await letterPdf(1) })).statusCode).toBe(403);

    const secret = await createCase(t.db, unit, { patient_name: 'Restricted Rita', restricted: 1 });
    const advocate = await t.db.selectFrom('users').innerJoin('memberships', 'memberships.user_id', 'users.id').select('users.id').where('memberships.organization_id', '=', unit).where('memberships.role', '=', 'Advocates').executeTakeFirstOrThrow();
    const refused = await get('attorney', listUrl(secret));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('RESTRICTED');
    expect((await get('attorney', bundleUrl(secret))).statusCode).toBe(403);
    await addTeamMember(t.db, unit, secret, advocate.id, 'attorney');
    expect((await get('advocate', listUrl(secret))).json()).toEqual({ items: [], indexPages: 1, totalPages: 1 });
    // An empty bundle is its index page alone, saying there is nothing yet.
    expect((await PDFDocument.load((await get('advocate', bundleUrl(secret))).rawPayload)).getPageCount()).toBe(1);
  });
});
