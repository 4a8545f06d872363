import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeAccountSums, sumsOfRow } from '../../../../db/account-sums';
import { dayKey } from '../../../shared/calendar';
import { balanceOfSums, stageOf } from '../../../shared/money/account-sums';
import { takeNextNumber } from '../../money/number-series';
import { createTestAccount } from '../../test-support/accounts-factories';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { pdfText } from '../../test-support/pdf-text';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The account cycle of issue 33 as a practice's billing staff and its patients meet it: charges →
// an account (numbered, never reused; a charge billed once) → validation → a claim batch dropped in
// the outbox → the scheme's remittance (paid once; a reference once) → shortfalls to the patient or
// written off → patient payments with receipts → the family's statement with its age analysis, the
// aged-debtors report whose totals are the statements' sum, and the PDFs. Expected figures are worked
// by hand from the rules in decision 0061.

let t: TestApp;
let org: string;
let outbox: string;
const c: Record<'admin' | 'manager' | 'doctor' | 'nurse' | 'otherAdmin' | 'lawyer' | 'patient', string> = { admin: '', manager: '', doctor: '', nurse: '', otherAdmin: '', lawyer: '', patient: '' };
let mainMember: string;
let child: string;
let childCase: string;
let motherCase: string;
let secretCase: string;
const today = dayKey();

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) => t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, payload });
const charge = async (kase: string, payload: object = {}) => {
  const res = await send('POST', `/api/patient-cases/${kase}/charges`, c.doctor, { serviceDate: today, tariffCode: '0190', quantity: 1, icd10Codes: ['J06.9'], ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; amountCents: number };
};
const account = async (kase: string, chargeIds: string[], cookie = c.manager) => send('POST', `/api/patient-cases/${kase}/accounts`, cookie, { chargeIds });

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'casebridge-claims-'));
  t = await startTestApp({ DATA_DIR: outbox });
  org = await createOrganization(t.db, 'Berea Family Practice');
  const other = await createOrganization(t.db, 'Other Practice');
  const firm = await createOrganization(t.db, 'Billing Attorneys', 'legal');
  const users = {
    admin: await createUser(t.db, { organizationId: org, role: 'Administrator' }),
    manager: await createUser(t.db, { organizationId: org, role: 'Case Manager' }),
    doctor: await createUser(t.db, { organizationId: org, role: 'Doctor' }),
    nurse: await createUser(t.db, { organizationId: org, role: 'Nurse' }),
    otherAdmin: await createUser(t.db, { organizationId: other, role: 'Administrator' }),
    lawyer: await createUser(t.db, { organizationId: firm, role: 'Administrator' }),
    patient: await createUser(t.db, { organizationId: org, role: 'Patient' }),
  };
  for (const k of Object.keys(c) as Array<keyof typeof c>) c[k] = await signIn(t.app, users[k].email);
  expect((await send('PUT', '/api/billing/settings', c.admin, { practiceNumber: '0123456' })).statusCode).toBe(200);
  expect((await send('PUT', `/api/users/${users.doctor.id}/practitioner-number`, c.admin, { practitionerNumber: '7654321' })).statusCode).toBe(200);
  const person = async (firstName: string, lastName: string) => (await send('POST', '/api/people', c.admin, { firstName, lastName })).json().id as string;
  mainMember = await person('Thandi', 'Mthembu');
  child = await person('Lwazi', 'Mthembu');
  await t.db.updateTable('people').set({ user_id: users.patient.id, address: '12 Ridge Road, Berea' }).where('id', '=', mainMember).execute();
  const cover = { kind: 'medical-aid', scheme: 'Discovery Health', plan: 'Classic Saver', membershipNumber: 'DH123456' };
  expect((await send('PUT', `/api/people/${mainMember}/cover`, c.admin, { ...cover, dependantCode: '00' })).statusCode).toBe(200);
  expect((await send('PUT', `/api/people/${child}/cover`, c.admin, { ...cover, dependantCode: '01', mainMemberId: mainMember })).statusCode).toBe(200);
  motherCase = await createCase(t.db, org, { patient_name: 'Thandi Mthembu', person_id: mainMember, patient_user_id: users.patient.id });
  childCase = await createCase(t.db, org, { patient_name: 'Lwazi Mthembu', person_id: child });
  secretCase = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
  await addTeamMember(t.db, org, secretCase, users.doctor.id);
});
afterAll(() => t.close());

describe('making an account', () => {
  it("bills the case's charges to the scheme with the patient's main member as account holder, lines as drafts", async () => {
    const first = await charge(childCase);
    const second = await charge(childCase, { tariffCode: '0191', quantity: 2 });
    const res = await account(childCase, [second.id, first.id]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ payer: 'scheme', holderId: mainMember, personName: 'Lwazi Mthembu', totalCents: first.amountCents + second.amountCents, balanceCents: first.amountCents + second.amountCents });
    expect(body.lines.map((l: { chargeId: string; status: string }) => [l.chargeId, l.status])).toEqual([[second.id, 'draft'], [first.id, 'draft']]);
    expect(body.number).toBeGreaterThan(0);
    // A charge is billed once.
    const again = await account(childCase, [first.id]);
    expect(again.statusCode).toBe(409);
    expect((await get(`/api/patient-cases/${childCase}/charges`, c.doctor)).json().items.find((i: { id: string }) => i.id === first.id).accountNumber).toBe(body.number);
  });

  it('refuses charges of another case (400 naming chargeIds), clinicians (403), another organisation (404) and the legal platform (403)', async () => {
    const other = await charge(motherCase);
    const res = await account(childCase, [other.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('chargeIds');
    expect((await account(motherCase, [other.id], c.nurse)).statusCode).toBe(403);
    expect((await account(motherCase, [other.id], c.otherAdmin)).statusCode).toBe(404);
    expect((await get('/api/accounts', c.lawyer)).statusCode).toBe(403);
    expect(await t.db.selectFrom('account_lines').select('id').where('charge_id', '=', other.id).execute()).toEqual([]);
  });

  it('numbers accounts made at the same moment one after the other, none twice', async () => {
    const charges = await Promise.all(Array.from({ length: 6 }, () => charge(motherCase)));
    const results = await Promise.all(charges.map((ch) => account(motherCase, [ch.id])));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const numbers = results.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers[5]! - numbers[0]!).toBe(5);
    // The series' next number follows the last one issued. (Importing the series also runs this file
    // on Postgres in every change, where the row locks that serialise these writers are real.)
    expect(await takeNextNumber(t.db, org, 'account')).toBe(numbers[5]! + 1);
  });

  it('keeps a restricted case\'s account from a Case Manager off its team, in the list and by id', async () => {
    const secret = await createTestAccount(t.db, org, { caseId: secretCase, payer: 'patient', lines: [{ amountCents: 100_00 }] });
    expect((await get(`/api/accounts/${secret.accountId}`, c.manager)).statusCode).toBe(403);
    expect((await get('/api/accounts', c.manager)).json().items.map((a: { id: string }) => a.id)).not.toContain(secret.accountId);
    expect((await get('/api/accounts', c.admin)).json().items.map((a: { id: string }) => a.id)).toContain(secret.accountId);
  });
});

describe('validation before a claim', () => {
  it('names every line that would bounce, then nothing once they are fixed', async () => {
    const old = new Date(Date.now() - 150 * 86_400_000).toISOString().slice(0, 10);
    const late = await charge(childCase, { serviceDate: old });
    const res = await account(childCase, [late.id]);
    const lineId = res.json().lines[0].id;
    const problems = (await get(`/api/accounts/${res.json().id}/validation`, c.manager)).json().problems;
    expect(problems).toEqual([{ lineId, field: 'serviceDate', message: expect.stringMatching(/more than 4 months ago/) }]);
    await t.db.updateTable('person_cover').set({ dependant_code: null }).where('person_id', '=', child).execute();
    const more = (await get(`/api/accounts/${res.json().id}/validation`, c.manager)).json().problems.map((p: { field: string }) => p.field);
    expect(more.sort()).toEqual(['dependantCode', 'serviceDate']);
    await t.db.updateTable('person_cover').set({ dependant_code: '01' }).where('person_id', '=', child).execute();
  });
});

describe('claim, remittance, shortfall, payment, statement', () => {
  let accountId: string;
  let lines: { id: string; amountCents: number }[];

  it('sends the draft lines as one batch to the outbox, in the documented format, once', async () => {
    const charges = [await charge(motherCase, { tariffCode: '0190' }), await charge(motherCase, { tariffCode: '0191' }), await charge(motherCase, { tariffCode: '0192' })];
    const made = (await account(motherCase, charges.map((ch) => ch.id))).json();
    accountId = made.id;
    lines = made.lines;
    expect((await get(`/api/accounts/${accountId}/validation`, c.manager)).json().problems).toEqual([]);
    const res = await send('POST', '/api/claims', c.manager, { accountIds: [accountId] });
    expect(res.statusCode, res.body).toBe(200);
    const claim = res.json();
    expect(claim).toMatchObject({ status: 'submitted', transport: 'file', scheme: 'Discovery Health' });
    expect(claim.lines.map((l: { status: string }) => l.status)).toEqual(['submitted', 'submitted', 'submitted']);
    const file = readdirSync(join(outbox, 'claims-outbox')).find((f) => f === `claim-${String(claim.number).padStart(6, '0')}.json`);
    expect(file).toBeDefined();
    const batch = JSON.parse(readFileSync(join(outbox, 'claims-outbox', file!), 'utf8'));
    expect(batch).toMatchObject({ format: 'casebridge-claim/1', practice: { practiceNumber: '0123456' }, scheme: 'Discovery Health' });
    expect(batch.accounts[0]).toMatchObject({ member: { membershipNumber: 'DH123456', mainMemberName: 'Thandi Mthembu' }, patient: { dependantCode: '00' } });
    expect(batch.accounts[0].lines.map((l: { code: string; treatingPractitionerNumber: string; icd10Codes: string[] }) => [l.code, l.treatingPractitionerNumber, l.icd10Codes])).toEqual([
      ['0190', '7654321', ['J06.9']], ['0191', '7654321', ['J06.9']], ['0192', '7654321', ['J06.9']],
    ]);
    expect((await get(`/api/claims/${claim.id}/export`, c.manager)).json()).toEqual(batch);
    expect((await send('POST', '/api/claims', c.manager, { accountIds: [accountId] })).statusCode).toBe(409);
  });

  it('captures the remittance: paid, short-paid, rejected; a reference once and a line once, under concurrent captures too', async () => {
    const [a, b, z] = lines;
    const remit = (reference: string, paid: { accountLineId: string; paidCents: number; reasonCode?: string; reason?: string }[]) =>
      send('POST', '/api/remittances', c.manager, { scheme: 'Discovery Health', date: today, reference, lines: paid });
    const res = await remit('ERA-1001', [{ accountLineId: a!.id, paidCents: a!.amountCents }, { accountLineId: b!.id, paidCents: 300_00, reasonCode: '05', reason: 'Paid at scheme rate' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines.map((l: { status: string }) => l.status)).toEqual(['paid', 'short-paid']);
    expect((await remit('ERA-1001', [{ accountLineId: z!.id, paidCents: 0 }])).statusCode).toBe(409);
    expect((await remit('ERA-1002', [{ accountLineId: a!.id, paidCents: 1 }])).statusCode).toBe(409);
    expect((await remit('ERA-1003', [{ accountLineId: z!.id, paidCents: z!.amountCents + 1 }])).json().fields).toHaveProperty(['lines.0.paidCents']);
    const racing = await Promise.all([remit('ERA-2001', [{ accountLineId: z!.id, paidCents: 0, reason: 'Benefit exhausted' }]), remit('ERA-2002', [{ accountLineId: z!.id, paidCents: 0 }])]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.selectFrom('remittance_lines').select('id').where('account_line_id', '=', z!.id).execute()).toHaveLength(1);
    const view = (await get(`/api/accounts/${accountId}`, c.manager)).json();
    expect(view.lines.map((l: { status: string }) => l.status)).toEqual(['paid', 'short-paid', 'rejected']);
    expect(view.schemePaidCents).toBe(a!.amountCents + 300_00);
  });

  it('moves one shortfall to the patient and writes the other off, once each; the patient then pays no more than they owe', async () => {
    const [, b, z] = lines;
    const toPatient = await send('POST', `/api/account-lines/${b!.id}/shortfall`, c.manager, { action: 'patient' });
    expect(toPatient.statusCode, toPatient.body).toBe(200);
    expect((await send('POST', `/api/account-lines/${b!.id}/shortfall`, c.manager, { action: 'write-off' })).statusCode).toBe(409);
    const written = (await send('POST', `/api/account-lines/${z!.id}/shortfall`, c.manager, { action: 'write-off' })).json();
    const owed = b!.amountCents - 300_00;
    expect(written).toMatchObject({ patientDueCents: owed, writtenOffCents: z!.amountCents, balanceCents: owed });
    expect(written.lines.map((l: { status: string }) => l.status)).toEqual(['paid', 'short-paid', 'written-off']);

    const over = await send('POST', `/api/accounts/${accountId}/payments`, c.manager, { amountCents: owed + 1, method: 'card', date: today });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields).toHaveProperty('amountCents');
    const paid = await send('POST', `/api/accounts/${accountId}/payments`, c.manager, { amountCents: 50_00, method: 'eft', date: today });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ amountCents: 50_00, method: 'eft', receiptNumber: expect.any(Number) });
    const reversal = await send('POST', `/api/payments/${paid.json().id}/reverse`, c.manager, { reason: 'EFT bounced' });
    expect(reversal.json()).toMatchObject({ amountCents: -50_00, reversesId: paid.json().id });
    expect(reversal.json().receiptNumber).toBe(paid.json().receiptNumber + 1);
    expect((await send('POST', `/api/payments/${paid.json().id}/reverse`, c.manager, { reason: 'again' })).statusCode).toBe(409);
    const cash = await send('POST', `/api/accounts/${accountId}/payments`, c.manager, { amountCents: 100_00, method: 'cash', date: today });
    expect(cash.statusCode).toBe(200);
    expect((await get(`/api/accounts/${accountId}`, c.manager)).json()).toMatchObject({ patientPaidCents: 100_00, balanceCents: owed - 100_00 });
    const receipt = await get(`/api/payments/${cash.json().id}/receipt.pdf`, c.manager);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(pdfText(receipt.rawPayload)).toMatch(new RegExp(`Receipt ${cash.json().receiptNumber}`));
  });

  it("gives the main member one statement of the family's accounts, aged, and the aged-debtors report the same sums", async () => {
    // An older account of the child: 75 days → the 60-day bucket.
    const old = new Date(Date.now() - 75 * 86_400_000).toISOString().slice(0, 10);
    await createTestAccount(t.db, org, { caseId: childCase, personId: child, holderId: mainMember, payer: 'patient', accountDate: old, lines: [{ amountCents: 250_00 }] });
    const statement = (await get(`/api/people/${child}/statement`, c.manager)).json();
    expect(statement.holder).toMatchObject({ personId: mainMember, name: 'Thandi Mthembu', scheme: 'Discovery Health', membershipNumber: 'DH123456' });
    expect(new Set(statement.accounts.map((a: { patientName: string }) => a.patientName))).toEqual(new Set(['Thandi Mthembu', 'Lwazi Mthembu']));
    const sumBalances = statement.accounts.reduce((s: number, a: { balanceCents: number }) => s + a.balanceCents, 0);
    expect(statement.balanceCents).toBe(sumBalances);
    expect(statement.ageing.d60).toBe(250_00);
    expect(statement.ageing.current + statement.ageing.d30 + statement.ageing.d60 + statement.ageing.d90 + statement.ageing.d120).toBe(statement.balanceCents);

    const report = (await get('/api/reports/aged-debtors', c.admin)).json();
    const family = report.rows.find((r: { holderId: string }) => r.holderId === mainMember);
    expect(family).toMatchObject({ totalCents: statement.balanceCents, d60: 250_00 });
    const sumRows = report.rows.reduce((s: number, r: { totalCents: number }) => s + r.totalCents, 0);
    expect(report.totals.totalCents).toBe(sumRows);
    // The screen shows the largest debtors; the totals still count every one.
    expect(report.debtors).toBe(report.rows.length);
    expect(report.debtors).toBeGreaterThan(1);
    const top = (await get('/api/reports/aged-debtors?limit=1', c.admin)).json();
    expect(top).toMatchObject({ debtors: report.debtors, totals: report.totals, rows: [report.rows[0]] });
    const csv = await get('/api/reports/aged-debtors?format=csv', c.admin);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const csvLines = csv.body.trim().split('\r\n');
    expect(csvLines[0]).toBe('Account holder,Accounts,Current,30 days,60 days,90 days,120+ days,Total (ZAR)');
    expect(csvLines).toHaveLength(report.debtors + 2);
    // The report's figures are kept between reads, and a new account moves them on at once.
    await createTestAccount(t.db, org, { caseId: childCase, personId: child, holderId: mainMember, payer: 'patient', lines: [{ amountCents: 99_00 }] });
    const after = (await get('/api/reports/aged-debtors', c.admin)).json();
    expect(after.totals.totalCents).toBe(report.totals.totalCents + 99_00);
    expect(after.rows.find((r: { holderId: string }) => r.holderId === mainMember).current).toBe(family.current + 99_00);
    expect(csvLines.at(-1)).toMatch(new RegExp(`^Total,\\d+,.*,${(report.totals.totalCents / 100).toFixed(2)}$`));

    // The list adds each account up in SQL; the statement from its lines: the same balance, and the
    // stage filter keeps an account in its stage (a patient account with a balance awaits payment).
    const list = (await get('/api/accounts?limit=500', c.manager)).json() as { items: { id: string; balanceCents: number; stage: string }[] };
    for (const a of statement.accounts as { id: string; balanceCents: number }[]) {
      expect(list.items.find((i) => i.id === a.id)?.balanceCents, a.id).toBe(a.balanceCents);
    }
    const oldAccount = (statement.accounts as { id: string; accountDate: string; balanceCents: number }[]).find((a) => a.accountDate === old);
    expect(oldAccount?.balanceCents).toBe(250_00);
    const stage = async (name: string) => ((await get(`/api/accounts?stage=${name}&limit=500`, c.manager)).json() as typeof list).items.map((i) => i.id);
    expect(await stage('open')).toContain(oldAccount!.id);
    expect(await stage('settled')).not.toContain(oldAccount!.id);
    expect(await stage('draft')).not.toContain(oldAccount!.id);

    const pdf = pdfText((await get(`/api/people/${mainMember}/statement.pdf`, c.manager)).rawPayload);
    expect(pdf).toMatch(/Thandi Mthembu/);
    expect(pdf).toMatch(/J06\.9/);
    expect(pdf).toMatch(/120\+ days/);
  });

  it("shows the patient their own statement in the portal, and no one else's", async () => {
    const own = await get('/api/portal/statement', c.patient);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().holder.personId).toBe(mainMember);
    expect((await get(`/api/people/${child}/statement`, c.patient)).statusCode).toBe(403);
    expect((await get('/api/portal/statement.pdf', c.patient)).headers['content-type']).toBe('application/pdf');
  });

  it('another practice reaches none of it: every id answers 404 and nothing changes', async () => {
    const claim = (await get('/api/claims', c.manager)).json().items[0];
    const remittance = (await get('/api/remittances', c.manager)).json().items[0];
    const view = (await get(`/api/accounts/${accountId}`, c.manager)).json();
    const payment = view.payments.find((p: { reversesId: string | null; reversedById: string | null }) => !p.reversesId && !p.reversedById);
    const line = view.lines[0].id;
    const before = JSON.stringify(view);
    const calls: [string, string, object?][] = [
      ['GET', `/api/accounts/${accountId}`], ['GET', `/api/accounts/${accountId}/validation`], ['GET', `/api/accounts/${accountId}/pdf`],
      ['GET', `/api/claims/${claim.id}`], ['GET', `/api/claims/${claim.id}/export`], ['GET', `/api/remittances/${remittance.id}`],
      ['POST', `/api/account-lines/${line}/reverse`, { reason: 'x' }], ['POST', `/api/account-lines/${line}/shortfall`, { action: 'write-off' }],
      ['POST', `/api/accounts/${accountId}/payments`, { amountCents: 100, method: 'cash', date: today }], ['POST', `/api/payments/${payment.id}/reverse`, { reason: 'x' }],
      ['GET', `/api/payments/${payment.id}/receipt.pdf`], ['GET', `/api/people/${mainMember}/statement`], ['GET', `/api/people/${mainMember}/statement.pdf`],
    ];
    for (const [method, url, payload] of calls) {
      const res = method === 'GET' ? await get(url, c.otherAdmin) : await send('POST', url, c.otherAdmin, payload!);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    expect(JSON.stringify((await get(`/api/accounts/${accountId}`, c.manager)).json())).toBe(before);
    expect((await get('/api/accounts', c.otherAdmin)).json().items).toEqual([]);
    expect((await get('/api/reports/aged-debtors', c.otherAdmin)).json().rows).toEqual([]);
  });

  it('prints the account with what a scheme asks for', async () => {
    const pdf = pdfText((await get(`/api/accounts/${accountId}/pdf`, c.manager)).rawPayload);
    for (const text of ['BHF practice no. 0123456', 'DH123456', 'J06.9', '0191', '7654321', 'Thandi Mthembu']) expect(pdf).toContain(text);
  });
});

describe('reversing a line sent in error', () => {
  it('reverses a submitted line: it owes nothing and its charge can be billed again', async () => {
    const ch = await charge(childCase, { tariffCode: '0190' });
    const made = (await account(childCase, [ch.id])).json();
    expect((await send('POST', '/api/claims', c.manager, { accountIds: [made.id] })).statusCode).toBe(200);
    const res = await send('POST', `/api/account-lines/${made.lines[0].id}/reverse`, c.manager, { reason: 'Wrong patient' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ balanceCents: 0 });
    expect(res.json().lines[0]).toMatchObject({ status: 'reversed', statusReason: 'Wrong patient' });
    expect((await account(childCase, [ch.id])).statusCode).toBe(200);
    const events = await t.db.selectFrom('account_line_events').select(['from_status', 'to_status']).where('line_id', '=', made.lines[0].id).orderBy('at').execute();
    expect(events.map((e) => e.to_status)).toEqual(['draft', 'submitted', 'reversed']);
  });
});

describe('a remittance from CSV', () => {
  it('refuses a bad row naming its line and capturing nothing, then captures a good file by account number and line', async () => {
    const ch = [await charge(motherCase, { tariffCode: '0190' }), await charge(motherCase, { tariffCode: '0191' })];
    const made = (await account(motherCase, ch.map((x) => x.id))).json();
    expect((await send('POST', '/api/claims', c.manager, { accountIds: [made.id] })).statusCode).toBe(200);
    const head = { scheme: 'Discovery Health', date: today, reference: `CSV-${made.number}` };
    const bad = await send('POST', '/api/remittances/import', c.manager, { ...head, csv: `account,line,paid\n${made.number},1,520.00\n${made.number},2,R310` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.csv).toMatch(/Line 3: paid "R310" is not an amount in rand/);
    expect(await t.db.selectFrom('remittances').select('id').where('reference', '=', head.reference).execute()).toEqual([]);
    const good = await send('POST', '/api/remittances/import', c.manager, { ...head, csv: `account,line,paid,reason_code,reason\r\n${made.number},1,520.00,,\r\n${made.number},2,"310.50",05,"Paid at scheme rate, per tariff"\r\n` });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().lines.map((l: { paidCents: number; status: string; reason: string | null }) => [l.paidCents, l.status, l.reason])).toEqual([
      [520_00, 'paid', null],
      [310_50, 'short-paid', 'Paid at scheme rate, per tariff'],
    ]);
  });
});

describe('the stored sums', () => {
  it("equal every account's sums added up afresh from its lines, remittances, shortfalls and payments", async () => {
    // Run last: by now the file's accounts have been claimed, remitted, short-paid, written off, paid, reversed.
    const heads = await t.db.selectFrom('accounts').select(['id', 'payer', 'account_date']).where('organization_id', '=', org).execute();
    expect(heads.length).toBeGreaterThan(5);
    const fresh = await computeAccountSums(t.db, org, heads);
    const stored = await t.db.selectFrom('account_sums').selectAll().where('organization_id', '=', org).execute();
    expect(stored).toHaveLength(heads.length);
    const stages = new Set<string>();
    for (const row of stored) {
      const sums = fresh.get(row.account_id)!;
      expect(sumsOfRow(row), row.account_id).toEqual(sums);
      expect({ balance: Number(row.balance_cents), stage: row.stage }).toEqual({ balance: balanceOfSums(sums), stage: stageOf(sums) });
      stages.add(row.stage);
    }
    expect(stages).toEqual(new Set(['draft', 'open', 'settled']));
  });
});
