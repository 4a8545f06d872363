import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { createTestAccount } from '../../test-support/accounts-factories';
import { findBillingCode } from '../billing-codes/billing-codes.service';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Code lists and charges on the case (issue 33): what a caller notices — the price from the list,
// VAT only for a registered vendor, the PMB flag, ICD-10 required and checked (400 naming icd10Codes,
// nothing written), need to know through the case, other organisations 404, the legal platform 403,
// the practice's own list replacing the starter one, and a bad CSV line named.

let t: TestApp;
let org: string;
let vendorOrg: string;
let caseId: string;
let secretCase: string;
const c: Record<'admin' | 'doctor' | 'nurse' | 'manager' | 'otherDoctor' | 'otherAdmin' | 'vendorDoctor' | 'lawyer', string> = { admin: '', doctor: '', nurse: '', manager: '', otherDoctor: '', otherAdmin: '', vendorDoctor: '', lawyer: '' };
let vendorCase: string;
const today = nowIso().slice(0, 10);

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'PATCH', url: string, cookie: string, payload: object) => t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, payload });
const charge = (kase: string, payload: object, cookie = c.doctor) =>
  send('POST', `/api/patient-cases/${kase}/charges`, cookie, { serviceDate: today, quantity: 1, icd10Codes: ['J06.9'], ...payload });
function upload(cookie: string, list: 'tariff' | 'nappi', csv: string, fileName = 'codes.csv') {
  const boundary = '----codes-test';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return t.app.inject({ method: 'POST', url: `/api/${list}-codes/import`, headers: { cookie, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}
const chargesOf = async (kase: string) => t.db.selectFrom('charges').selectAll().where('case_id', '=', kase).execute();

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Umhlanga Family Practice');
  vendorOrg = await createOrganization(t.db, 'Vendor Practice');
  const other = await createOrganization(t.db, 'Other Practice');
  const firm = await createOrganization(t.db, 'Billing Attorneys', 'legal');
  const users = {
    admin: await createUser(t.db, { organizationId: org, role: 'Administrator' }),
    doctor: await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Ayanda' }),
    nurse: await createUser(t.db, { organizationId: org, role: 'Nurse' }),
    manager: await createUser(t.db, { organizationId: org, role: 'Case Manager' }),
    otherDoctor: await createUser(t.db, { organizationId: other, role: 'Doctor' }),
    otherAdmin: await createUser(t.db, { organizationId: other, role: 'Administrator' }),
    vendorDoctor: await createUser(t.db, { organizationId: vendorOrg, role: 'Doctor' }),
    lawyer: await createUser(t.db, { organizationId: firm, role: 'Administrator' }),
  };
  for (const k of Object.keys(c) as Array<keyof typeof c>) c[k] = await signIn(t.app, users[k].email);
  caseId = await createCase(t.db, org, { patient_name: 'Sipho Dlamini' });
  secretCase = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
  await addTeamMember(t.db, org, secretCase, users.doctor.id);
  vendorCase = await createCase(t.db, vendorOrg, { patient_name: 'Vusi Vendor' });
  await t.db.insertInto('billing_settings').values({ organization_id: vendorOrg, practice_number: '0123456', vat_number: '4123456789', bank_details: null, updated_by: null, updated_at: nowIso() }).execute();
});
afterAll(() => t.close());

describe('searching the code lists', () => {
  it('finds starter tariff codes by code prefix and by words, with the list price', async () => {
    const res = await get('/api/tariff-codes?q=019', c.nurse);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { code: string }) => i.code)).toEqual(['0190', '0191', '0192', '0193']);
    expect(res.json().items[0]).toEqual({ code: '0190', description: expect.stringMatching(/low complexity/), priceCents: 520_00 });
    const words = (await get('/api/tariff-codes?q=after%20hours', c.doctor)).json().items;
    expect(words.map((i: { code: string }) => i.code)).toEqual(['0145']);
    const nappi = (await get('/api/nappi-codes?q=paracetamol', c.doctor)).json().items;
    expect(nappi).toHaveLength(1);
  });

  it('is refused to the legal platform (403)', async () => {
    expect((await get('/api/tariff-codes?q=0190', c.lawyer)).statusCode).toBe(403);
  });
});

describe('recording a charge', () => {
  it('prices it from the list, no VAT for a practice that is not a vendor, names the recording clinician, and puts it on the timeline', async () => {
    const res = await charge(caseId, { tariffCode: '0190', quantity: 2, icd10Codes: ['j06.9'], modifier: '0009' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      caseId, codeList: 'tariff', code: '0190', quantity: 2, unitPriceCents: 520_00, amountCents: 1_040_00, vatCents: 0,
      icd10Codes: ['J06.9'], modifier: '0009', pmb: false, needsAuthorisation: false, treatingPractitioner: 'Ayanda Nkosi', accountNumber: null, voided: false,
    });
    const list = await get(`/api/patient-cases/${caseId}/charges`, c.manager);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([res.json().id]);
    const events = await t.db.selectFrom('case_events').select('summary').where('case_id', '=', caseId).where('kind', '=', 'charge.recorded').execute();
    expect(events).toEqual([{ summary: 'Charge recorded: 0190 × 2' }]);
  });

  it('takes an edited unit price; a registered vendor adds 15% VAT rounded half up (333c → 49.95c → 50c)', async () => {
    const res = await charge(vendorCase, { tariffCode: '0190', unitPriceCents: 333 }, c.vendorDoctor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ unitPriceCents: 333, amountCents: 333, vatCents: 50 });
    const listPrice = await charge(vendorCase, { nappiCode: '900101001', quantity: 3 }, c.vendorDoctor);
    // 3 × R28.50 = R85.50; 15% = R12.825 → R12.83.
    expect(listPrice.json()).toMatchObject({ codeList: 'nappi', amountCents: 85_50, vatCents: 12_83 });
  });

  it('flags a Chronic Disease List diagnosis as PMB and copies needs-authorisation from the code', async () => {
    const res = await charge(caseId, { tariffCode: '0173', icd10Codes: ['S82.2', 'E11.9'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pmb: true, needsAuthorisation: true, icd10Codes: ['S82.2', 'E11.9'] });
  });

  it('needs an ICD-10 code on the list (400 naming icd10Codes), a code on the list (400 naming tariffCode), writing nothing', async () => {
    const before = (await chargesOf(caseId)).length;
    const none = await charge(caseId, { tariffCode: '0190', icd10Codes: [] });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().fields)).toEqual(['icd10Codes']);
    const unknown = await charge(caseId, { tariffCode: '0190', icd10Codes: ['Q99.7'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.icd10Codes).toMatch(/Q99\.7 is not on the organisation's ICD-10 code list/);
    const notListed = await charge(caseId, { tariffCode: '9999' });
    expect(notListed.statusCode).toBe(400);
    expect(Object.keys(notListed.json().fields)).toEqual(['tariffCode']);
    const neither = await charge(caseId, {});
    expect(Object.keys(neither.json().fields)).toEqual(['tariffCode']);
    const otherCase = await createCase(t.db, org);
    const enc = await send('POST', `/api/patient-cases/${otherCase}/encounters`, c.doctor, { type: 'Consultation', occurredAt: nowIso(), diagnoses: [{ code: 'J06.9', primary: true }] });
    expect(enc.statusCode, enc.body).toBe(200);
    const wrongEncounter = await charge(caseId, { tariffCode: '0190', encounterId: enc.json().id });
    expect(Object.keys(wrongEncounter.json().fields)).toEqual(['encounterId']);
    expect(await chargesOf(caseId)).toHaveLength(before);
    const fromEncounter = await charge(otherCase, { tariffCode: '0190', encounterId: enc.json().id });
    expect(fromEncounter.json()).toMatchObject({ encounterId: enc.json().id });
  });

  it('is for charges.record (a Case Manager 403), the same organisation (404), the team of a restricted case (403)', async () => {
    expect((await charge(caseId, { tariffCode: '0190' }, c.manager)).statusCode).toBe(403);
    expect((await charge(caseId, { tariffCode: '0190' }, c.otherDoctor)).statusCode).toBe(404);
    expect((await get(`/api/patient-cases/${caseId}/charges`, c.otherDoctor)).statusCode).toBe(404);
    expect((await charge(caseId, { tariffCode: '0190' }, c.lawyer)).statusCode).toBe(403);
    const teamCharge = await charge(secretCase, { tariffCode: '0190' });
    expect(teamCharge.statusCode, teamCharge.body).toBe(200);
    expect((await get(`/api/patient-cases/${secretCase}/charges`, c.nurse)).statusCode).toBe(403);
    expect((await charge(secretCase, { tariffCode: '0190' }, c.nurse)).statusCode).toBe(403);
    expect((await send('POST', `/api/charges/${teamCharge.json().id}/void`, c.nurse, { reason: 'x' })).statusCode).toBe(403);
    expect((await get(`/api/patient-cases/${secretCase}/charges`, c.doctor)).json().items).toHaveLength(1);
    expect((await send('POST', `/api/charges/${teamCharge.json().id}/void`, c.otherDoctor, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('voiding and correcting', () => {
  it('voids an unbilled charge with the reason (kept, marked); a billed one is 409', async () => {
    const made = (await charge(caseId, { tariffCode: '0191' })).json();
    const res = await send('POST', `/api/charges/${made.id}/void`, c.nurse, { reason: 'Recorded on the wrong case' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: made.id, voided: true });
    expect((await send('POST', `/api/charges/${made.id}/void`, c.nurse, { reason: 'again' })).statusCode).toBe(409);
    const billed = await createTestAccount(t.db, org, { caseId, lines: [{ amountCents: 520_00 }] });
    expect((await send('POST', `/api/charges/${billed.chargeIds[0]}/void`, c.doctor, { reason: 'x' })).statusCode).toBe(409);
    const audit = await t.db.selectFrom('audit_events').select(['action', 'outcome']).where('organization_id', '=', org).where('entity_id', '=', made.id).execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('lets billing staff correct the authorisation number while the line is a draft (409 once submitted; a clinician 403)', async () => {
    const draft = await createTestAccount(t.db, org, { caseId, lines: [{ amountCents: 450_00 }] });
    const fixed = await send('PATCH', `/api/charges/${draft.chargeIds[0]}`, c.manager, { authorisationNumber: 'AUTH-123' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ authorisationNumber: 'AUTH-123', accountNumber: draft.number });
    expect((await send('PATCH', `/api/charges/${draft.chargeIds[0]}`, c.doctor, { authorisationNumber: 'X' })).statusCode).toBe(403);
    expect((await send('PATCH', `/api/charges/${draft.chargeIds[0]}`, c.otherAdmin, { authorisationNumber: 'X' })).statusCode).toBe(404);
    const submitted = await createTestAccount(t.db, org, { caseId, lines: [{ amountCents: 450_00, status: 'submitted' }] });
    expect((await send('PATCH', `/api/charges/${submitted.chargeIds[0]}`, c.manager, { authorisationNumber: 'AUTH-9' })).statusCode).toBe(409);
  });
});

describe("the practice's own lists", () => {
  it('refuses a bad line by number (400 on file) and a non-Administrator (403), changing nothing', async () => {
    const bad = await upload(c.admin, 'tariff', 'code,description,price,needs_authorisation\n0190,Consult,520.00,N\n0191,Consult 2,R680,N\n', 'tariffs.csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.file).toBe('tariffs.csv, line 3: price "R680" is not an amount in rand like 520.00');
    expect((await upload(c.doctor, 'tariff', '0190,Consult,520.00,N\n')).statusCode).toBe(403);
    expect((await upload(c.lawyer, 'tariff', '0190,Consult,520.00,N\n')).statusCode).toBe(403);
    expect(await t.db.selectFrom('billing_codes').selectAll().execute()).toEqual([]);
  });

  it('replaces the starter list for the organisation only; charges then price from it', async () => {
    const csv = 'code,description,price,needs_authorisation\r\n0190,"Consultation, GP",555.5,n\r\nZ100,Practice-only procedure,1200.00,Y\r\n';
    const res = await upload(c.admin, 'tariff', csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 2 });
    expect((await get('/api/tariff-codes?q=0191', c.doctor)).json().items).toEqual([]);
    expect((await get('/api/tariff-codes?q=practice%20ONLY', c.doctor)).json().items).toEqual([{ code: 'Z100', description: 'Practice-only procedure', priceCents: 1_200_00 }]);
    expect((await get('/api/tariff-codes?q=z1', c.doctor)).json().items.map((i: { code: string }) => i.code)).toEqual(['Z100']);
    // What accounts and other parts read: the organisation's list, the starter list elsewhere.
    expect(await findBillingCode(t.db, org, 'tariff', 'Z100')).toEqual({ code: 'Z100', description: 'Practice-only procedure', priceCents: 1_200_00, needsAuthorisation: true });
    expect(await findBillingCode(t.db, org, 'tariff', '0191')).toBeUndefined();
    expect((await findBillingCode(t.db, vendorOrg, 'tariff', '0191'))?.priceCents).toBe(680_00);
    const priced = await charge(caseId, { tariffCode: '0190' });
    expect(priced.json()).toMatchObject({ unitPriceCents: 555_50, description: 'Consultation, GP' });
    expect((await charge(caseId, { tariffCode: '0191' })).statusCode).toBe(400);
    // The NAPPI list and another organisation keep the starter lists.
    expect((await get('/api/nappi-codes?q=paracetamol', c.doctor)).json().items).toHaveLength(1);
    expect((await get('/api/tariff-codes?q=0191', c.otherDoctor)).json().items).toHaveLength(1);
  });
});
