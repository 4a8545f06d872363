import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mitCsv, mitRows } from '../../../../db/seed/icd10-mit-csv';
import { createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The organisation's ICD-10 list (issue 22): the starter list until an Administrator imports the
// MIT CSV; search by code prefix or words; the import replaces the list in one go, so a starter-only
// code is no longer valid on an encounter afterwards.

let t: TestApp;
let org: string;
let other: string;
let caseId: string;
const cookies: Record<'admin' | 'doctor' | 'otherDoctor' | 'lawyer', string> = { admin: '', doctor: '', otherDoctor: '', lawyer: '' };

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const search = async (q: string, cookie = cookies.doctor) => {
  const res = await get(`/api/icd10?search=${encodeURIComponent(q)}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Array<{ code: string; description: string }>;
};

function upload(cookie: string, csv: string, fileName = 'MIT_2026.csv') {
  const boundary = '----icd10-test';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return t.app.inject({ method: 'POST', url: '/api/icd10/import', headers: { cookie, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Coding Hospital');
  other = await createOrganization(t.db, 'Other Hospital');
  const admin = await createUser(t.db, { organizationId: org, role: 'Administrator', firstName: 'Zanele' });
  const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor' });
  const otherDoctor = await createUser(t.db, { organizationId: other, role: 'Doctor' });
  const firm = await createOrganization(t.db, 'Coding Attorneys', 'legal');
  const lawyer = await createUser(t.db, { organizationId: firm, role: 'Administrator' });
  caseId = await createCase(t.db, org, { patient_name: 'Thabo Mokoena' });
  cookies.admin = await signIn(t.app, admin.email);
  cookies.doctor = await signIn(t.app, doctor.email);
  cookies.otherDoctor = await signIn(t.app, otherDoctor.email);
  cookies.lawyer = await signIn(t.app, lawyer.email);
});
afterAll(() => t.close());

describe('ICD-10 search on the starter list', () => {
  it('finds codes by words, case-insensitively, and by code prefix, codes starting with the query first', async () => {
    const diabetes = await search('diabetes type 2');
    expect(diabetes.map((c) => c.code)).toContain('E11.9');
    expect(diabetes.every((c) => /type 2 diabetes/i.test(c.description))).toBe(true);
    expect((await search('I10'))[0]).toEqual({ code: 'I10', description: 'Essential (primary) hypertension' });
    expect((await search('e11.9')).map((c) => c.code)).toEqual(['E11.9']);
    const e11 = await search('E11');
    expect(e11.slice(0, 10).map((c) => c.code)).toEqual(['E11.0', 'E11.1', 'E11.2', 'E11.3', 'E11.4', 'E11.5', 'E11.6', 'E11.7', 'E11.8', 'E11.9']);
    expect((await search('PNEUMON')).map((c) => c.code)).toEqual(expect.arrayContaining(['J18.9', 'J15.9', 'J12.9']));
    expect(await search('zzzz no such disease')).toEqual([]);
    expect((await search('')).length).toBeLessThanOrEqual(20);
  });

  it('answers at most 20 items', async () => {
    expect(await search('unspecified')).toHaveLength(20);
  });

  it('is for records.view roles of a medical-records platform; the list status is for Administrators', async () => {
    expect((await get('/api/icd10?search=I10', cookies.lawyer)).statusCode).toBe(403);
    expect((await get('/api/icd10/status', cookies.doctor)).statusCode).toBe(403);
    expect((await get('/api/icd10/status', cookies.admin)).json()).toMatchObject({ source: 'starter', fileName: null, importedAt: null });
  });
});

describe('importing the MIT CSV', () => {
  it('refuses a CSV without the MIT columns (400 naming the file) and a non-Administrator (403), changing nothing', async () => {
    const wrong = await upload(cookies.admin, 'Code,Description\nI10,Hypertension\n', 'codes.csv');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.file).toMatch(/codes\.csv is not an ICD-10 Master Industry Table/);
    expect((await upload(cookies.doctor, mitCsv(mitRows().slice(0, 5)))).statusCode).toBe(403);
    // The capability before the file: a wrong CSV from a non-Administrator is a 403, never parsed.
    expect((await upload(cookies.doctor, 'Code,Description\nI10,Hypertension\n', 'codes.csv')).statusCode).toBe(403);
    expect(await t.db.selectFrom('icd10_codes').selectAll().execute()).toEqual([]);
  });

  it('imports codes valid for clinical use (BOM, any header case, quoted commas), replacing the starter list', async () => {
    const csv =
      '\ufeffnumber,icd10_code,WHO_FULL_DESC,Valid_ICD10_ClinicalUse,Valid_ICD10_Primary\r\n' +
      '1,I10,Essential (primary) hypertension,Y,Y\r\n' +
      '2,E11,Type 2 diabetes mellitus,N,Y\r\n' +
      '3,E11.9,"Type 2 diabetes mellitus, without complications",Y,Y\r\n' +
      '4,Q99.7,"Imported ""only"" code, for the test",Y,Y\r\n' +
      '5,W19,Unspecified fall,Y,N\r\n' +
      '6,,No code,Y,Y\r\n';
    const res = await upload(cookies.admin, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 4, skipped: 2 });
    expect(await search('Q99')).toEqual([{ code: 'Q99.7', description: 'Imported "only" code, for the test' }]);
    expect(await search('without complications')).toEqual([{ code: 'E11.9', description: 'Type 2 diabetes mellitus, without complications' }]);
    expect(await search('pneumonia')).toEqual([]);
    // Another organisation still has the starter list.
    expect((await search('J18.9', cookies.otherDoctor)).map((c) => c.code)).toEqual(['J18.9']);
    expect((await get('/api/icd10/status', cookies.admin)).json()).toMatchObject({ source: 'imported', codeCount: 4, fileName: 'MIT_2026.csv', importedByName: 'Zanele Nkosi' });
    const audit = await t.db.selectFrom('audit_events').select(['action', 'entity_type', 'outcome']).where('organization_id', '=', org).where('entity_type', '=', 'organization').where('action', '=', 'update').execute();
    expect(audit).toContainEqual({ action: 'update', entity_type: 'organization', outcome: 'success' });
  });

  it('validates encounter diagnoses against the imported list: a starter-only code is now unknown', async () => {
    const url = `/api/patient-cases/${caseId}/encounters`;
    const post = (diagnoses: object[]) => t.app.inject({ method: 'POST', url, headers: { cookie: cookies.doctor, origin: ORIGIN }, payload: { type: 'Consultation', occurredAt: new Date().toISOString(), diagnoses } });
    const starterOnly = await post([{ code: 'J18.9', primary: true }]);
    expect(starterOnly.statusCode).toBe(400);
    expect(Object.keys(starterOnly.json().fields)).toEqual(['diagnoses.0.code']);
    const imported = await post([{ code: 'Q99.7', primary: true }]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().diagnoses).toEqual([{ code: 'Q99.7', description: 'Imported "only" code, for the test', primary: true }]);
  });

  it('imports the full synthetic MIT (~41,000 codes) in one go and searches it', async () => {
    const rows = mitRows();
    const res = await upload(cookies.admin, mitCsv(rows), 'MIT_full.csv');
    expect(res.statusCode, res.body).toBe(200);
    const valid = rows.filter((r) => r.clinical).length;
    expect(res.json()).toEqual({ imported: valid, skipped: rows.length - valid });
    expect(valid).toBeGreaterThan(39_000);
    expect((await search('I10'))[0]).toEqual({ code: 'I10', description: 'Essential (primary) hypertension' });
    expect((await search('diabetes type 2')).map((c) => c.code)).toContain('E11.9');
    expect(await search('Q99.7')).toEqual([]); // the earlier import is replaced, not added to
  }, 60_000);
});
