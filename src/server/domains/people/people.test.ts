import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSaIdNumber } from '../../../shared/sa/sa-id-number';
import { addTeamMember, createCase as insertCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The person registry (issue 19) over REST on both databases: SA ID numbers checked with their
// reason, a person with several cases on one page, the duplicate check, merging, versions, tenants,
// and the per-person POPIA access report.

let t: TestApp;
let org: string;
let otherOrg: string;
const cookie = { admin: '', doctor: '', finance: '', otherAdmin: '' };
let doctorId: string;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const peopleCount = async () => Number((await t.db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function createPerson(who: string, body: object) {
  const res = await call('POST', '/api/people', who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; version: number; fullName: string; dateOfBirth: string | null; sex: string | null };
}

async function openCase(who: string, body: object) {
  const res = await call('POST', '/api/patient-cases', who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; reference: string; personId: string; patientName: string };
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'People Hospital');
  otherOrg = await createOrganization(t.db, 'Other Hospital');
  const admin = await createUser(t.db, { organizationId: org, role: 'Administrator', firstName: 'Zanele' });
  const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Ayanda' });
  doctorId = doctor.id;
  const finance = await createUser(t.db, { organizationId: org, role: 'Finance Staff', firstName: 'Fikile' });
  const otherAdmin = await createUser(t.db, { organizationId: otherOrg, role: 'Administrator', firstName: 'Pieter' });
  cookie.admin = await signIn(t.app, admin.email);
  cookie.doctor = await signIn(t.app, doctor.email);
  cookie.finance = await signIn(t.app, finance.email);
  cookie.otherAdmin = await signIn(t.app, otherAdmin.email);
});
afterAll(() => t.close());

describe('SA ID numbers (POST /api/people)', () => {
  it.each([
    ['a wrong check digit', '8001015009088', /check digit/i],
    ['a month 13', '8013015009087', /date of birth/i],
    ['twelve digits', '800101500908', /13 digits/],
  ])('refuses %s with a 400 naming idNumber and the reason, writing nothing', async (_label, idNumber, reason) => {
    const before = await peopleCount();
    const res = await call('POST', '/api/people', cookie.doctor, { firstName: 'Thabo', lastName: 'Mokoena', idNumber });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['idNumber']);
    expect(res.json().fields.idNumber).toMatch(reason);
    expect(await peopleCount()).toBe(before);
  });

  it('refuses a date of birth or sex that the number contradicts', async () => {
    const before = await peopleCount();
    const wrongBirth = await call('POST', '/api/people', cookie.doctor, { firstName: 'Thabo', lastName: 'Mokoena', idNumber: '8001015009087', dateOfBirth: '1980-02-01' });
    expect(wrongBirth.statusCode).toBe(400);
    expect(wrongBirth.json().fields.idNumber).toMatch(/1980-01-01/);
    // 5009 in digits 7–10 is a man's number.
    const wrongSex = await call('POST', '/api/people', cookie.doctor, { firstName: 'Thabo', lastName: 'Mokoena', idNumber: '8001015009087', sex: 'female' });
    expect(wrongSex.statusCode).toBe(400);
    expect(Object.keys(wrongSex.json().fields)).toEqual(['idNumber']);
    expect(await peopleCount()).toBe(before);
  });

  it('stores a valid number and reads date of birth and sex from it', async () => {
    const person = await createPerson(cookie.doctor, { firstName: 'Thabo', lastName: 'Mokoena', idNumber: '800101 5009 087', phone: '082 555 0101' });
    expect(person).toMatchObject({ fullName: 'Thabo Mokoena', idNumber: '8001015009087', dateOfBirth: '1980-01-01', sex: 'male', version: 1 });
    const read = await call('GET', `/api/people/${person.id}`, cookie.doctor);
    expect(read.json()).toMatchObject({ idNumber: '8001015009087', dateOfBirth: '1980-01-01', sex: 'male', phone: '082 555 0101', cases: [] });
  });

  it('is for roles that may manage people: Finance Staff reads, does not add', async () => {
    const res = await call('POST', '/api/people', cookie.finance, { firstName: 'Lerato', lastName: 'Dube' });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/api/people', cookie.finance)).statusCode).toBe(200);
  });
});

describe('a person with many cases', () => {
  let personId: string;
  let cases: { id: string; reference: string }[];

  beforeAll(async () => {
    const person = await createPerson(cookie.doctor, { firstName: 'Nomvula', lastName: 'Khumalo', idNumber: makeSaIdNumber('1975-04-12', 'female', 321) });
    personId = person.id;
    cases = [await openCase(cookie.doctor, { personId, caseType: 'Maternity' }), await openCase(cookie.doctor, { personId, caseType: 'Follow-up' })];
  });

  it('opens cases for the person: each answers personId and takes the person\'s name', async () => {
    for (const kase of cases) {
      const read = await call('GET', `/api/patient-cases/${kase.id}`, cookie.doctor);
      expect(read.json()).toMatchObject({ personId, patientName: 'Nomvula Khumalo' });
    }
    const list = await call('GET', '/api/patient-cases?search=Khumalo', cookie.doctor);
    expect(list.json().items.map((c: { personId: string }) => c.personId)).toEqual([personId, personId]);
  });

  it('shows both cases, their appointments and documents on the person page', async () => {
    const at = '2026-03-02T08:00:00.000Z';
    await t.db.insertInto('appointments').values({ id: `appt-${personId.slice(0, 8)}`, organization_id: org, case_id: cases[0]!.id, title: 'Antenatal visit', description: null, start_time: at, end_time: at, location: null, created_by: null, created_at: at, updated_at: at }).execute();
    await t.db.insertInto('documents').values({ id: `doc-${personId.slice(0, 8)}`, organization_id: org, case_id: cases[1]!.id, file_name: 'discharge-letter.pdf', content_type: 'application/pdf', size_bytes: 10, sha256: '0'.repeat(64), uploaded_by: null, created_at: at }).execute();
    const page = await call('GET', `/api/people/${personId}`, cookie.doctor);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.cases.map((c: { id: string }) => c.id).sort()).toEqual(cases.map((c) => c.id).sort());
    expect(body.cases[0]).toMatchObject({ role: 'patient', restricted: false, patientName: 'Nomvula Khumalo', status: 'Scheduled' });
    expect(body.cases.map((c: { reference: string }) => c.reference).sort()).toEqual(cases.map((c) => c.reference).sort());
    expect(body.appointments).toEqual([expect.objectContaining({ caseId: cases[0]!.id, title: 'Antenatal visit' })]);
    expect(body.documents).toEqual([expect.objectContaining({ caseId: cases[1]!.id, fileName: 'discharge-letter.pdf' })]);
  });

  it('lists a restricted case without its appointments and documents for someone with no need to know', async () => {
    const secret = await insertCase(t.db, org, { patient_name: 'Nomvula Khumalo', person_id: personId, restricted: 1, reference: 'SEC-1' });
    const at = '2026-04-01T08:00:00.000Z';
    await t.db.insertInto('documents').values({ id: `secret-doc-${personId.slice(0, 8)}`, organization_id: org, case_id: secret, file_name: 'psychiatric-report.pdf', content_type: 'application/pdf', size_bytes: 10, sha256: '0'.repeat(64), uploaded_by: null, created_at: at }).execute();
    const page = (await call('GET', `/api/people/${personId}`, cookie.doctor)).json();
    expect(page.cases.find((c: { id: string }) => c.id === secret)).toMatchObject({ restricted: true, reference: 'SEC-1' });
    expect(page.documents.map((d: { fileName: string }) => d.fileName)).toEqual(['discharge-letter.pdf']);
    // On the team, the doctor reads it all.
    await addTeamMember(t.db, org, secret, doctorId);
    const member = (await call('GET', `/api/people/${personId}`, cookie.doctor)).json();
    expect(member.documents.map((d: { fileName: string }) => d.fileName).sort()).toEqual(['discharge-letter.pdf', 'psychiatric-report.pdf']);
  });

  it('finds the person by name and by ID number in the list', async () => {
    const byName = (await call('GET', '/api/people?search=khuma', cookie.doctor)).json();
    expect(byName.items.map((p: { id: string }) => p.id)).toEqual([personId]);
    expect(byName.total).toBe(1);
    const byId = (await call('GET', `/api/people?search=${makeSaIdNumber('1975-04-12', 'female', 321).slice(0, 8)}`, cookie.doctor)).json();
    expect(byId.items.map((p: { id: string }) => p.id)).toEqual([personId]);
    const nobody = (await call('GET', '/api/people?search=zzzqqq', cookie.doctor)).json();
    expect(nobody).toMatchObject({ items: [], total: 0 });
  });

  it('is another organisation\'s secret: 404 to read or edit, and absent from their list', async () => {
    expect((await call('GET', `/api/people/${personId}`, cookie.otherAdmin)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/people/${personId}`, cookie.otherAdmin, { lastName: 'Taken', expectedVersion: 1 })).statusCode).toBe(404);
    expect((await call('GET', `/api/people/${personId}/access-report`, cookie.otherAdmin)).statusCode).toBe(404);
    const theirs = (await call('GET', '/api/people?search=Khumalo', cookie.otherAdmin)).json();
    expect(theirs.items).toEqual([]);
    const stranger = await call('POST', '/api/patient-cases', cookie.otherAdmin, { personId, caseType: 'Theft' });
    expect(stranger.statusCode).toBe(400);
    expect(Object.keys(stranger.json().fields)).toEqual(['personId']);
  });

  it('lists every read of both cases and of the person in the access report, oldest first, and as CSV', async () => {
    for (const kase of cases) expect((await call('GET', `/api/patient-cases/${kase.id}`, cookie.doctor)).statusCode).toBe(200);
    expect((await call('GET', `/api/people/${personId}`, cookie.finance)).statusCode).toBe(200);
    const res = await call('GET', `/api/people/${personId}/access-report`, cookie.admin);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as { person: { fullName: string }; items: { at: string; userName: string; role: string; action: string; caseId: string | null; entityType: string }[] };
    expect(report.person.fullName).toBe('Nomvula Khumalo');
    const caseReads = report.items.filter((i) => i.action === 'read' && i.caseId && cases.some((c) => c.id === i.caseId));
    expect(new Set(caseReads.map((i) => i.caseId))).toEqual(new Set(cases.map((c) => c.id)));
    expect(caseReads.every((i) => i.userName === 'Ayanda Nkosi' && i.role === 'Doctor')).toBe(true);
    expect(report.items).toContainEqual(expect.objectContaining({ action: 'read', entityType: 'person', userName: 'Fikile Nkosi', role: 'Finance Staff', caseId: null }));
    expect(report.items).toContainEqual(expect.objectContaining({ action: 'create', entityType: 'person' }));
    const times = report.items.map((i) => i.at);
    expect(times).toEqual([...times].sort());
    // Not for those without audit.view.
    expect((await call('GET', `/api/people/${personId}/access-report`, cookie.doctor)).statusCode).toBe(403);

    const csv = await call('GET', `/api/people/${personId}/access-report/export`, cookie.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Person,Role,Action,Entity,Case id,Case reference,Outcome');
    expect(lines.length).toBe(report.items.length + 1);
    expect(csv.body).toContain(cases[0]!.reference);
    expect((await call('GET', `/api/people/${personId}/access-report/export`, cookie.doctor)).statusCode).toBe(403);
    expect((await call('GET', `/api/people/${personId}/access-report/export`, cookie.otherAdmin)).statusCode).toBe(404);
  });
});

describe('the duplicate check (GET /api/people/matches)', () => {
  let thabo: string;
  beforeAll(async () => {
    thabo = (await createPerson(cookie.admin, { firstName: 'Sipho', lastName: 'Ndlovu', idNumber: makeSaIdNumber('1969-09-30', 'male', 77) })).id;
    await openCase(cookie.admin, { personId: thabo, caseType: 'Cardiology' });
    await createPerson(cookie.admin, { firstName: 'Lindiwe', lastName: 'Mahlangu', dateOfBirth: '1990-05-05', sex: 'female' });
  });

  it('offers the person with the same ID number, with their cases', async () => {
    const res = await call('GET', `/api/people/matches?idNumber=${makeSaIdNumber('1969-09-30', 'male', 77)}&name=Someone%20Else`, cookie.doctor);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { person: { id: string }; reason: string; cases: { caseType: string; role: string }[] }[];
    expect(items.map((i) => [i.person.id, i.reason])).toEqual([[thabo, 'idNumber']]);
    expect(items[0]!.cases).toEqual([expect.objectContaining({ caseType: 'Cardiology', role: 'patient' })]);
  });

  it('offers a similar name with the same birth date, and not with a different one', async () => {
    const same = (await call('GET', '/api/people/matches?name=Sipho%20Ndhlovu&dateOfBirth=1969-09-30', cookie.doctor)).json();
    expect(same.items.map((i: { person: { id: string }; reason: string }) => [i.person.id, i.reason])).toEqual([[thabo, 'name']]);
    // A misspelt surname still matches.
    const misspelt = (await call('GET', '/api/people/matches?name=Lindiwe%20Mahlanga&dateOfBirth=1990-05-05', cookie.doctor)).json();
    expect(misspelt.items.map((i: { person: { fullName: string } }) => i.person.fullName)).toEqual(['Lindiwe Mahlangu']);
    const other = (await call('GET', '/api/people/matches?name=Sipho%20Ndhlovu&dateOfBirth=1970-01-01', cookie.doctor)).json();
    expect(other.items).toEqual([]);
    const unrelated = (await call('GET', '/api/people/matches?name=Johan%20van%20der%20Merwe', cookie.doctor)).json();
    expect(unrelated.items).toEqual([]);
  });
});

describe('editing a person (PATCH /api/people/{id})', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createPerson(cookie.doctor, { firstName: 'Palesa', lastName: 'Molefe', dateOfBirth: '1988-02-29', sex: 'female' })).id;
  });

  it('saves with the version seen, and answers 409 with the current record to a stale one', async () => {
    const first = await call('PATCH', `/api/people/${id}`, cookie.doctor, { phone: '071 000 1111', expectedVersion: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ phone: '071 000 1111', version: 2 });
    const stale = await call('PATCH', `/api/people/${id}`, cookie.doctor, { phone: '071 999 9999', expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ phone: '071 000 1111', version: 2 });
  });

  it('checks an ID number against the stored birth date and sex', async () => {
    const wrong = await call('PATCH', `/api/people/${id}`, cookie.doctor, { idNumber: makeSaIdNumber('1988-03-01', 'female', 5), expectedVersion: 2 });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(['idNumber']);
    const right = await call('PATCH', `/api/people/${id}`, cookie.doctor, { idNumber: makeSaIdNumber('1988-02-29', 'female', 5), expectedVersion: 2 });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ idNumber: makeSaIdNumber('1988-02-29', 'female', 5), version: 3 });
  });
});

describe('one person per SA ID number in an organisation (issue 32)', () => {
  const number = makeSaIdNumber('1962-11-28', 'female', 404);
  let holder: { id: string; fullName: string };
  beforeAll(async () => {
    holder = await createPerson(cookie.admin, { firstName: 'Thandeka', lastName: 'Dlamini', idNumber: number });
  });

  it('refuses a second person with the number: 409 naming idNumber and the person who holds it, writing nothing', async () => {
    const before = await peopleCount();
    // Spaced as a clerk types it: the same number.
    const spaced = `${number.slice(0, 6)} ${number.slice(6, 10)} ${number.slice(10)}`;
    const res = await call('POST', '/api/people', cookie.admin, { firstName: 'Thandi', lastName: 'Dlamini', idNumber: spaced });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(Object.keys(body.fields)).toEqual(['idNumber']);
    expect(body.fields.idNumber).toContain('Thandeka Dlamini');
    expect(body.existing).toEqual({ id: holder.id, name: 'Thandeka Dlamini' });
    expect(body.message).toContain('Thandeka Dlamini');
    expect(await peopleCount()).toBe(before);
  });

  it('refuses giving the number to another person on an edit, and keeps that person as they were', async () => {
    const other = await createPerson(cookie.admin, { firstName: 'Zodwa', lastName: 'Mthembu' });
    const res = await call('PATCH', `/api/people/${other.id}`, cookie.admin, { idNumber: number, expectedVersion: other.version });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().existing).toEqual({ id: holder.id, name: 'Thandeka Dlamini' });
    expect(res.json().current).toBeUndefined();
    const after = (await call('GET', `/api/people/${other.id}`, cookie.admin)).json();
    expect(after).toMatchObject({ idNumber: null, version: other.version });
  });

  it('lets the holder save their own record with the number, and another organisation add it', async () => {
    const own = await call('PATCH', `/api/people/${holder.id}`, cookie.admin, { idNumber: number, phone: '082 404 0404', expectedVersion: 1 });
    expect(own.statusCode, own.body).toBe(200);
    const elsewhere = await call('POST', '/api/people', cookie.otherAdmin, { firstName: 'Thandeka', lastName: 'Dlamini', idNumber: number });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('holds the rule in the database too: a second live row with the number is refused, a merged-away one is not', async () => {
    const row = { organization_id: org, kind: 'person' as const, last_name: 'Dlamini', full_name: 'T Dlamini', id_number: number, version: 1, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
    await expect(t.db.insertInto('people').values({ ...row, id: crypto.randomUUID() }).execute()).rejects.toThrow();
    await t.db.insertInto('people').values({ ...row, id: crypto.randomUUID(), merged_into_id: holder.id }).execute();
  });
});

describe('merging two records of one person (POST /api/people/{id}/merge)', () => {
  it('moves the cases, fills what the survivor lacked, writes both timelines and the audit trail', async () => {
    const survivor = await createPerson(cookie.admin, { firstName: 'Bongani', lastName: 'Zulu', dateOfBirth: '1955-07-07' });
    const duplicate = await createPerson(cookie.admin, { firstName: 'Bongani', lastName: 'Zulu', idNumber: makeSaIdNumber('1955-07-07', 'male', 12), phone: '082 111 2222' });
    const kept = await openCase(cookie.admin, { personId: survivor.id, caseType: 'Orthopaedics' });
    const moving = await openCase(cookie.admin, { personId: duplicate.id, caseType: 'Physiotherapy', patientName: 'B. Zulu' });

    // Only an Administrator merges.
    expect((await call('POST', `/api/people/${survivor.id}/merge`, cookie.doctor, { duplicateId: duplicate.id })).statusCode).toBe(403);

    const res = await call('POST', `/api/people/${survivor.id}/merge`, cookie.admin, { duplicateId: duplicate.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ movedCases: 1, movedParties: 0, person: { id: survivor.id, idNumber: makeSaIdNumber('1955-07-07', 'male', 12), phone: '082 111 2222', sex: 'male', version: 2 } });

    const page = (await call('GET', `/api/people/${survivor.id}`, cookie.admin)).json();
    expect(page.cases.map((c: { id: string }) => c.id).sort()).toEqual([kept.id, moving.id].sort());
    // The moved case keeps the name it was opened under.
    expect((await call('GET', `/api/patient-cases/${moving.id}`, cookie.admin)).json()).toMatchObject({ personId: survivor.id, patientName: 'B. Zulu' });

    const gone = (await call('GET', `/api/people/${duplicate.id}`, cookie.admin)).json();
    expect(gone).toMatchObject({ mergedIntoId: survivor.id, version: 2 });
    expect((await call('GET', '/api/people?search=Bongani', cookie.admin)).json().items.map((p: { id: string }) => p.id)).toEqual([survivor.id]);
    // A merged-away record takes no edits.
    const edit = await call('PATCH', `/api/people/${duplicate.id}`, cookie.admin, { phone: '1', expectedVersion: 2 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/Bongani Zulu/);

    for (const caseId of [kept.id, moving.id]) {
      const timeline = await t.db.selectFrom('case_events').select(['kind', 'summary']).where('case_id', '=', caseId).where('kind', '=', 'person.merged').execute();
      expect(timeline).toEqual([{ kind: 'person.merged', summary: 'Person records merged: Bongani Zulu into Bongani Zulu' }]);
    }
    const audit = await t.db.selectFrom('audit_events').select(['action', 'entity_type', 'entity_id', 'outcome', 'details']).where('action', '=', 'merge').where('outcome', '=', 'success').execute();
    expect(audit).toEqual([expect.objectContaining({ entity_type: 'person', entity_id: survivor.id, outcome: 'success' })]);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ duplicateId: duplicate.id });
  });

  it('refuses two different ID numbers (409), and another organisation\'s record (404), changing nothing', async () => {
    const a = await createPerson(cookie.admin, { firstName: 'Kagiso', lastName: 'Modise', idNumber: makeSaIdNumber('1991-01-01', 'male', 1) });
    const b = await createPerson(cookie.admin, { firstName: 'Kagiso', lastName: 'Modise', idNumber: makeSaIdNumber('1991-01-01', 'male', 2) });
    const res = await call('POST', `/api/people/${a.id}/merge`, cookie.admin, { duplicateId: b.id });
    expect(res.statusCode).toBe(409);
    const foreign = await createPerson(cookie.otherAdmin, { firstName: 'Kagiso', lastName: 'Modise' });
    expect((await call('POST', `/api/people/${a.id}/merge`, cookie.admin, { duplicateId: foreign.id })).statusCode).toBe(404);
    const rows = await t.db.selectFrom('people').select(['id', 'merged_into_id', 'version']).where('id', 'in', [a.id, b.id, foreign.id]).execute();
    expect(rows.map((r) => [r.merged_into_id, Number(r.version)])).toEqual([[null, 1], [null, 1], [null, 1]]);
  });
});

describe('a case given a portal Patient links that Patient to its person', () => {
  it('links on create, and on an edit that names the Patient', async () => {
    const patient = await createUser(t.db, { organizationId: org, role: 'Patient', firstName: 'Mpho' });
    const kase = await openCase(cookie.doctor, { patientName: 'Mpho Nkosi', caseType: 'Dermatology', patientUserId: patient.id });
    const person = await t.db.selectFrom('people').select(['user_id', 'full_name']).where('id', '=', kase.personId).executeTakeFirstOrThrow();
    expect(person).toEqual({ user_id: patient.id, full_name: 'Mpho Nkosi' });

    const later = await createUser(t.db, { organizationId: org, role: 'Patient', firstName: 'Lwazi' });
    const other = await openCase(cookie.doctor, { patientName: 'Lwazi Nkosi', caseType: 'Dermatology' });
    expect((await t.db.selectFrom('people').select('user_id').where('id', '=', other.personId).executeTakeFirstOrThrow()).user_id).toBeNull();
    const edit = await call('PATCH', `/api/patient-cases/${other.id}`, cookie.doctor, { patientUserId: later.id });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await t.db.selectFrom('people').select('user_id').where('id', '=', other.personId).executeTakeFirstOrThrow()).user_id).toBe(later.id);
  });
});
