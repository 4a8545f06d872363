import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';

// Documents on every platform (issue 18): a healthcare case page uploads, lists and downloads its
// referral letters and consent forms at /api/documents, with the caseFile capabilities and need to
// know; the legal paths stay legal-only.

let t: TestApp;
let org: string;
let caseId: string;
let secretCase: string;
const cookies: Record<string, string> = {};
let doctorId: string;

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----casebridge${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

function upload(who: string, targetCase: string, name: string, bytes: Buffer, url = '/api/documents') {
  const body = multipart({ caseId: targetCase }, { name, bytes });
  return t.app.inject({ method: 'POST', url, headers: { cookie: cookies[who]!, origin: ORIGIN, 'content-type': body.contentType }, payload: body.payload });
}
const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]!, origin: ORIGIN } });

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Documents Hospital');
  for (const [key, role] of [['doctor', 'Doctor'], ['nurse', 'Nurse'], ['finance', 'Finance Staff'], ['ambulance', 'Ambulance Services'], ['outsider', 'Doctor']] as const) {
    const user = await createUser(t.db, { organizationId: org, role, firstName: key === 'doctor' ? 'Ayanda' : 'Other' });
    if (key === 'doctor') doctorId = user.id;
    cookies[key] = await signIn(t.app, user.email);
  }
  caseId = await createCase(t.db, org, { patient_name: 'Nomsa Zulu', case_type: 'Cardiology' });
  secretCase = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
  await addTeamMember(t.db, org, secretCase, doctorId);
});
afterAll(() => t.close());

describe('documents on a healthcare case', () => {
  let documentId: string;
  const bytes = pdf('referral letter');

  it('uploads a referral letter, lists it for the case and downloads the same bytes', async () => {
    const res = await upload('doctor', caseId, 'Referral letter.pdf', bytes);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ caseId, caseName: 'Nomsa Zulu', fileName: 'Referral letter.pdf', kind: 'pdf', sizeBytes: bytes.length, uploadedBy: 'Ayanda Nkosi' });
    documentId = res.json().id;

    const list = await get('nurse', `/api/documents?caseId=${caseId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: documentId, fileName: 'Referral letter.pdf' }] });

    const got = await get('nurse', `/api/documents/${documentId}/download`);
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');

    const events = await t.db.selectFrom('case_events').select(['kind', 'summary', 'actor_id']).where('case_id', '=', caseId).execute();
    expect(events).toEqual([{ kind: 'document.uploaded', summary: 'Document uploaded: Referral letter.pdf', actor_id: doctorId }]);
  });

  it('keeps the checks of the legal upload: 415 for content that is not what its name says, 400 without a case', async () => {
    const before = await t.db.selectFrom('documents').select('id').execute();
    expect((await upload('doctor', caseId, 'scan.pdf', Buffer.from('MZ not a pdf'))).statusCode).toBe(415);
    const noCase = multipart({}, { name: 'a.pdf', bytes: pdf('x') });
    const res = await t.app.inject({ method: 'POST', url: '/api/documents', headers: { cookie: cookies.doctor!, origin: ORIGIN, 'content-type': noCase.contentType }, payload: noCase.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ caseId: 'Choose a case' });
    expect(await t.db.selectFrom('documents').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses roles without caseFile.view (403) and leaves the legal paths legal-only', async () => {
    for (const who of ['finance', 'ambulance']) {
      expect((await get(who, `/api/documents?caseId=${caseId}`)).statusCode, who).toBe(403);
      expect((await get(who, `/api/documents/${documentId}/download`)).statusCode, who).toBe(403);
      expect((await upload(who, caseId, 'a.pdf', pdf('x'))).statusCode, who).toBe(403);
    }
    expect((await get('doctor', '/api/legal-documents')).statusCode).toBe(403);
    expect((await upload('doctor', caseId, 'a.pdf', pdf('x'), '/api/legal-documents')).statusCode).toBe(403);
  });

  it('answers RESTRICTED on a restricted case to a non-member, and records the refused download against the case', async () => {
    const mine = await upload('doctor', secretCase, 'Consent form.pdf', pdf('consent'));
    expect(mine.statusCode, mine.body).toBe(201);
    const refusedUpload = await upload('outsider', secretCase, 'x.pdf', pdf('x'));
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json().code).toBe('RESTRICTED');
    // The case is checked before the file is looked at: content that is not what its name says is
    // still RESTRICTED to a non-member (it was a 415, which told them the file was read).
    const malformed = await upload('outsider', secretCase, 'x.pdf', Buffer.from('MZ not a pdf'));
    expect(malformed.statusCode, malformed.body).toBe(403);
    expect(malformed.json().code).toBe('RESTRICTED');
    expect((await get('outsider', `/api/documents?caseId=${secretCase}`)).json().code).toBe('RESTRICTED');
    const seq = Number((await t.db.selectFrom('audit_chain_head').select('seq').executeTakeFirstOrThrow()).seq);
    const download = await get('outsider', `/api/documents/${mine.json().id}/download`);
    expect(download.statusCode).toBe(403);
    expect(download.json().code).toBe('RESTRICTED');
    const audit = await t.db.selectFrom('audit_events').select(['action', 'case_id', 'outcome']).where('seq', '>', seq).execute();
    expect(audit).toEqual([{ action: 'read', case_id: secretCase, outcome: 'denied' }]);
    expect((await get('doctor', `/api/documents/${mine.json().id}/download`)).statusCode).toBe(200);
  });

  it("never shows another organisation's case or document (404)", async () => {
    const elsewhere = await createOrganization(t.db, 'Other Hospital');
    cookies.stranger = await signIn(t.app, (await createUser(t.db, { organizationId: elsewhere, role: 'Doctor' })).email);
    expect((await get('stranger', `/api/documents?caseId=${caseId}`)).statusCode).toBe(404);
    expect((await get('stranger', `/api/documents/${documentId}/download`)).statusCode).toBe(404);
    expect((await upload('stranger', caseId, 'a.pdf', pdf('x'))).statusCode).toBe(404);
    expect((await upload('stranger', caseId, 'a.pdf', Buffer.from('MZ not a pdf'))).statusCode).toBe(404);
  });
});
