import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Legal documents over real HTTP on both databases: upload (multipart), list, download, delete;
// tenancy, roles, platform, limits, type sniffing, session and CSRF.

// Above Fastify's 1 MB JSON body limit, to show that limit does not cap uploads; small enough to stay quick.
const MAX_BYTES = 1.5 * 1024 * 1024;

let t: TestApp;
let orgA: string;
let orgB: string;
let caseA: string;
let caseA2: string;
let caseB: string;
let adminA: string;
let financeA: string;
let directorA: string;
let consultantA: string;
let adminB: string;
let adminHealth: string;

async function insertCase(organizationId: string, patientName: string, caseType: string) {
  const id = randomUUID();
  const now = nowIso();
  await t.db.insertInto('cases').values({ id, organization_id: organizationId, patient_name: patientName, case_type: caseType, created_at: now, updated_at: now }).execute();
  return id;
}

beforeAll(async () => {
  t = await startTestApp({ DOCUMENT_MAX_BYTES: String(MAX_BYTES) });
  orgA = await createOrganization(t.db, 'Mokoena Attorneys', 'legal');
  orgB = await createOrganization(t.db, 'Dlamini Inc', 'legal');
  const health = await createOrganization(t.db, 'Amahle Clinic', 'healthcare');
  caseA = await insertCase(orgA, 'Sipho Ndlovu', 'Labour dispute');
  caseA2 = await insertCase(orgA, 'Lerato Molefe', 'Estate');
  caseB = await insertCase(orgB, 'Other Client', 'Contract');
  adminA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Administrator', firstName: 'Charlene' })).email);
  financeA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Finance Staff' })).email);
  directorA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Director', firstName: 'Kagiso' })).email);
  consultantA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Legal Consultants' })).email);
  adminB = await signIn(t.app, (await createUser(t.db, { organizationId: orgB, role: 'Administrator' })).email);
  adminHealth = await signIn(t.app, (await createUser(t.db, { organizationId: health, role: 'Administrator' })).email);
});
afterAll(() => t.close());

type Part = { name: string; value: string } | { name: string; fileName: string; bytes: Uint8Array; type?: string };

function multipart(parts: Part[]) {
  const boundary = `----casebridge${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(Buffer.from(part.bytes), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const pdfBytes = (text = 'hello') => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function upload(cookie: string | null, parts: Part[], headers: Record<string, string> = { origin: ORIGIN }) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/legal-documents',
    headers: { ...headers, ...(cookie ? { cookie } : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const uploadFile = (cookie: string, fileName: string, bytes: Uint8Array, caseId = caseA) =>
  upload(cookie, [{ name: 'caseId', value: caseId }, { name: 'file', fileName, bytes, type: 'application/pdf' }]);

const api = (method: 'GET' | 'DELETE', url: string, cookie: string | null) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

const download = (cookie: string | null, id: string) => api('GET', `/api/legal-documents/${id}/download`, cookie);

async function counts() {
  const n = async (table: 'documents' | 'document_contents') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { documents: await n('documents'), contents: await n('document_contents') };
}

describe('upload, list and download', () => {
  it('stores a PDF against a case and gives back the same bytes, with safe download headers', async () => {
    const bytes = pdfBytes('affidavit');
    const res = await uploadFile(consultantA, 'Affidavit – Ndlovu.pdf', bytes);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      caseId: caseA, caseName: 'Sipho Ndlovu', caseType: 'Labour dispute', fileName: 'Affidavit – Ndlovu.pdf',
      contentType: 'application/pdf', kind: 'pdf', sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'),
      uploadedBy: 'Thandi Nkosi', uploadedAt: expect.any(String),
    });
    const row = await t.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(row.organization_id).toBe(orgA);

    const list = await api('GET', '/api/legal-documents', adminA);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, maxUploadBytes: MAX_BYTES, items: [{ id: doc.id, fileName: 'Affidavit – Ndlovu.pdf' }] });

    const got = await download(directorA, doc.id);
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="Affidavit _ Ndlovu.pdf"; filename*=UTF-8''Affidavit%20%E2%80%93%20Ndlovu.pdf`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('private, no-store');
  });

  it('stores the content type from the allow-list, not the browser claim, and sanitises the name', async () => {
    const text = Buffer.from('Notes on the hearing\nDay 2: witness list\n');
    const res = await upload(directorA, [
      { name: 'caseId', value: caseA2 },
      { name: 'file', fileName: 'C:\\Users\\kagiso\\..\\hear\u202eing<1>.txt', bytes: text, type: 'text/html' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'hearing_1_.txt', contentType: 'text/plain; charset=utf-8', kind: 'txt', uploadedBy: 'Kagiso Nkosi' });
    const got = await download(adminA, res.json().id);
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.body).toBe(text.toString());
  });

  it('lists newest first, filtered by case or by a search of file, client and case type', async () => {
    const all = (await api('GET', '/api/legal-documents', adminA)).json();
    expect(all.items.map((d: { fileName: string }) => d.fileName)).toEqual(['hearing_1_.txt', 'Affidavit – Ndlovu.pdf']);
    const byCase = (await api('GET', `/api/legal-documents?caseId=${caseA2}`, adminA)).json();
    expect(byCase.items.map((d: { caseId: string }) => d.caseId)).toEqual([caseA2]);
    const bySearch = (await api('GET', '/api/legal-documents?search=labour', adminA)).json();
    expect(bySearch.items.map((d: { fileName: string }) => d.fileName)).toEqual(['Affidavit – Ndlovu.pdf']);
    expect((await api('GET', `/api/legal-documents?search=${'x'.repeat(101)}`, adminA)).statusCode).toBe(400);
  });
});

describe('tenancy, roles and platform', () => {
  it("never shows, serves or deletes another organisation's document (404), and refuses its cases", async () => {
    const mine = (await uploadFile(adminA, 'mine.pdf', pdfBytes())).json();
    expect((await api('GET', '/api/legal-documents', adminB)).json()).toMatchObject({ items: [], total: 0 });
    expect((await api('GET', `/api/legal-documents?caseId=${caseA}`, adminB)).json().items).toEqual([]);
    expect((await download(adminB, mine.id)).statusCode).toBe(404);
    const before = await counts();
    expect((await api('DELETE', `/api/legal-documents/${mine.id}`, adminB)).statusCode).toBe(404);
    const intoOtherCase = await uploadFile(adminB, 'sneaky.pdf', pdfBytes(), caseA);
    expect(intoOtherCase.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await download(adminA, mine.id)).statusCode).toBe(200);
  });

  it('refuses a healthcare organisation (403) and roles without legalDocuments.view', async () => {
    expect((await api('GET', '/api/legal-documents', adminHealth)).statusCode).toBe(403);
    expect((await uploadFile(adminHealth, 'a.pdf', pdfBytes())).statusCode).toBe(403);
    expect((await download(adminHealth, 'anything')).statusCode).toBe(403);
    // Finance Staff bill the clients; the documents of the cases are the lawyers' (decision 0027).
    expect((await api('GET', '/api/legal-documents', financeA)).statusCode).toBe(403);
    const refused = await uploadFile(financeA, 'a.pdf', pdfBytes());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
    // The refusal on a legal platform names no healthcare role.
    expect(refused.body).not.toMatch(/nurse|doctor|patient/i);
  });

  it('lets a Legal Consultant and a Director upload, and only an Administrator delete (content too)', async () => {
    const byDirector = await uploadFile(directorA, 'director.pdf', pdfBytes('d'));
    expect(byDirector.statusCode).toBe(201);
    const id = byDirector.json().id as string;
    expect((await api('DELETE', `/api/legal-documents/${id}`, directorA)).statusCode).toBe(403);
    expect((await api('DELETE', `/api/legal-documents/${id}`, consultantA)).statusCode).toBe(403);
    const before = await counts();
    const deleted = await api('DELETE', `/api/legal-documents/${id}`, adminA);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ id, caseId: caseA });
    expect(await counts()).toEqual({ documents: before.documents - 1, contents: before.contents - 1 });
    expect((await download(adminA, id)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/legal-documents/${id}`, adminA)).statusCode).toBe(404);
  });
});

describe('refusals write nothing', () => {
  it('answers 413 for a file over DOCUMENT_MAX_BYTES, while streaming and from a declared length', async () => {
    const before = await counts();
    const over = Buffer.concat([pdfBytes(), Buffer.alloc(MAX_BYTES, 0x20)]);
    const streamed = await uploadFile(adminA, 'big.pdf', over);
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than the 1.5 MB limit.' });
    const huge = await uploadFile(adminA, 'huge.pdf', Buffer.concat([pdfBytes(), Buffer.alloc(MAX_BYTES * 3, 0x20)]));
    expect(huge.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
    // Exactly at the limit (past Fastify's 1 MB bodyLimit) is accepted, and kept whole.
    const atLimit = Buffer.concat([pdfBytes(), Buffer.alloc(MAX_BYTES - pdfBytes().length, 0x20)]);
    const accepted = await uploadFile(adminA, 'at-limit.pdf', atLimit);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(Buffer.compare((await download(adminA, accepted.json().id)).rawPayload, atLimit)).toBe(0);
  });

  it('answers 415 for a type not allowed or content that is not what its name says', async () => {
    const before = await counts();
    const cases: Array<[string, Uint8Array]> = [
      ['scan.pdf', PNG_BYTES], // a PNG dressed as a PDF
      ['setup.exe', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')],
      ['invoice.pdf.exe', pdfBytes()],
      ['letter.docx', pdfBytes()],
      ['notes.txt', Buffer.from([0x68, 0x69, 0x00, 0x21])], // a NUL: not text
      ['notes.txt', Buffer.from([0xc3, 0x28])], // not UTF-8
      ['page.html', Buffer.from('<script>alert(1)</script>')],
      ['no-extension', pdfBytes()],
    ];
    for (const [name, bytes] of cases) {
      const res = await uploadFile(adminA, name, bytes);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().code, name).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await counts()).toEqual(before);
    // The real thing under the same names is fine.
    expect((await uploadFile(adminA, 'scan.png', PNG_BYTES)).statusCode).toBe(201);
  });

  it('answers 400 with the fields for a missing case or file, an empty file, or a non-multipart body', async () => {
    const before = await counts();
    const noCase = await upload(adminA, [{ name: 'file', fileName: 'a.pdf', bytes: pdfBytes() }]);
    expect(noCase.statusCode).toBe(400);
    expect(noCase.json()).toMatchObject({ code: 'BAD_REQUEST', fields: { caseId: 'Choose a case' } });
    const noFile = await upload(adminA, [{ name: 'caseId', value: caseA }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ file: 'Choose a file to upload' });
    const empty = await uploadFile(adminA, 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ file: 'The file is empty' });
    const twoFiles = await upload(adminA, [
      { name: 'caseId', value: caseA },
      { name: 'file', fileName: 'a.pdf', bytes: pdfBytes() },
      { name: 'file', fileName: 'b.pdf', bytes: pdfBytes() },
    ]);
    expect(twoFiles.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/legal-documents', headers: { origin: ORIGIN, cookie: adminA }, payload: { caseId: caseA } });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await counts()).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    expect((await uploadFile('cb_session=not-a-session', 'a.pdf', pdfBytes())).statusCode).toBe(401);
    const anonymous = await upload(null, [{ name: 'caseId', value: caseA }, { name: 'file', fileName: 'a.pdf', bytes: pdfBytes() }]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await download(null, 'x')).statusCode).toBe(401);
    expect((await api('GET', '/api/legal-documents', null)).statusCode).toBe(401);
    expect((await api('DELETE', '/api/legal-documents/x', null)).statusCode).toBe(401);
  });

  it('refuses cross-site writes like every other /api write (CSRF)', async () => {
    const mine = (await uploadFile(adminA, 'keep.pdf', pdfBytes())).json();
    const before = await counts();
    const parts: Part[] = [{ name: 'caseId', value: caseA }, { name: 'file', fileName: 'a.pdf', bytes: pdfBytes() }];
    expect((await upload(adminA, parts, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await upload(adminA, parts, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await upload(adminA, parts, {})).statusCode).toBe(403); // cookie, but neither Origin nor Sec-Fetch-Site
    const crossDelete = await t.app.inject({ method: 'DELETE', url: `/api/legal-documents/${mine.id}`, headers: { cookie: adminA, origin: 'https://evil.example' } });
    expect(crossDelete.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('audit trail (issue 8)', () => {
  const head = async () => Number((await t.db.selectFrom('audit_chain_head').select('seq').executeTakeFirstOrThrow()).seq);
  const since = (seq: number) =>
    t.db.selectFrom('audit_events').select(['action', 'entity_type', 'entity_id', 'case_id', 'outcome', 'organization_id']).where('seq', '>', seq).orderBy('seq').execute();

  it('records each upload and download once against its case; another organisation’s try as a failure; refused files not at all', async () => {
    const before = await head();
    const doc = (await uploadFile(directorA, 'audit.pdf', pdfBytes('audit'))).json();
    expect((await download(directorA, doc.id)).statusCode).toBe(200);
    expect((await download(adminB, doc.id)).statusCode).toBe(404);
    expect((await uploadFile(directorA, 'not-really.pdf', Buffer.from('MZ executable'))).statusCode).toBe(415);
    expect(await since(before)).toEqual([
      { action: 'create', entity_type: 'document', entity_id: doc.id, case_id: caseA, outcome: 'success', organization_id: orgA },
      { action: 'read', entity_type: 'document', entity_id: doc.id, case_id: caseA, outcome: 'success', organization_id: orgA },
      { action: 'read', entity_type: 'document', entity_id: doc.id, case_id: null, outcome: 'failure', organization_id: orgB },
    ]);
  });
});
