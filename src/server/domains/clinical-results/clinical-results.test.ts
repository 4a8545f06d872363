import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Results and medications entered by clinicians (issue 22), through REST on both databases: a Nurse
// enters them, the case's Patient reads them in the portal; a Case Manager reads but may not write;
// bad input is a 400 naming the fields with nothing written; a medication stops once (409 after),
// keeping who stopped it; another hospital's Nurse gets 404 and changes nothing; a restricted case
// needs need to know; a medicolegal unit enters nothing.

let t: TestApp;
let org: string;
let caseId: string;
let secretCase: string;
let otherOrgCase: string;
const cookie = { nurse: '', doctor: '', manager: '', patient: '', outsider: '', foreignNurse: '', foreignDoctor: '', slu: '', strangerNurse: '', strangerDoctor: '' };
let nurseId: string;

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const resultsOf = (id: string) => `/api/patient-cases/${id}/results`;
const medicationsOf = (id: string) => `/api/patient-cases/${id}/medications`;
const count = async (table: 'test_results' | 'medications') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const eventKinds = async (id: string) =>
  (await t.db.selectFrom('case_events').select('kind').where('case_id', '=', id).orderBy('at').orderBy('id').execute()).map((e) => e.kind);

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Results Hospital');
  const nurse = await createUser(t.db, { organizationId: org, role: 'Nurse', firstName: 'Lindiwe' });
  nurseId = nurse.id;
  const manager = await createUser(t.db, { organizationId: org, role: 'Case Manager' });
  const patient = await createUser(t.db, { organizationId: org, role: 'Patient', firstName: 'Sipho' });
  const outsider = await createUser(t.db, { organizationId: org, role: 'Patient', firstName: 'Other' });
  const strangerNurse = await createUser(t.db, { organizationId: org, role: 'Nurse', firstName: 'Thandi' });
  const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Sipho' });
  const strangerDoctor = await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Pieter' });
  caseId = await createCase(t.db, org, { patient_name: 'Sipho Dlamini', patient_user_id: patient.id });
  secretCase = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
  await addTeamMember(t.db, org, secretCase, nurse.id, 'nurse');
  await addTeamMember(t.db, org, secretCase, doctor.id, 'attending-doctor');

  const otherOrg = await createOrganization(t.db, 'Other Hospital');
  const foreignNurse = await createUser(t.db, { organizationId: otherOrg, role: 'Nurse' });
  const foreignDoctor = await createUser(t.db, { organizationId: otherOrg, role: 'Doctor' });
  otherOrgCase = await createCase(t.db, otherOrg, { patient_name: 'Foreign Patient' });
  const unit = await createOrganization(t.db, 'Litigation Unit', 'medicolegal');
  const slu = await createUser(t.db, { organizationId: unit, role: 'Special Litigation Unit' });

  cookie.nurse = await signIn(t.app, nurse.email);
  cookie.manager = await signIn(t.app, manager.email);
  cookie.patient = await signIn(t.app, patient.email);
  cookie.outsider = await signIn(t.app, outsider.email);
  cookie.foreignNurse = await signIn(t.app, foreignNurse.email);
  cookie.slu = await signIn(t.app, slu.email);
  cookie.strangerNurse = await signIn(t.app, strangerNurse.email);
  cookie.doctor = await signIn(t.app, doctor.email);
  cookie.strangerDoctor = await signIn(t.app, strangerDoctor.email);
  cookie.foreignDoctor = await signIn(t.app, foreignDoctor.email);
});
afterAll(() => t.close());

describe('results and medications of a case', () => {
  let medicationId: string;

  it('a Nurse records a result; it is listed with value, unit, flag and who entered it, and on the timeline', async () => {
    const res = await api('POST', resultsOf(caseId), cookie.nurse, { test: 'Potassium', value: '6.1', unit: 'mmol/L', referenceRange: '3.5–5.1', flag: 'High' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ test: 'Potassium', value: '6.1', unit: 'mmol/L', summary: '6.1 mmol/L', referenceRange: '3.5–5.1', flag: 'High', status: 'Abnormal', category: 'Chemistry', byName: 'Lindiwe Nkosi', report: null });
    const list = await api('GET', resultsOf(caseId), cookie.manager);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((r: { test: string }) => r.test)).toEqual(['Potassium']);
    expect(await eventKinds(caseId)).toContain('result.recorded');
  });

  it('a Doctor prescribes a medication with its route; it is listed Active with the prescriber and their role; a Nurse may not prescribe', async () => {
    const before = await count('medications');
    const byNurse = await api('POST', medicationsOf(caseId), cookie.nurse, { name: 'Amoxicillin', dose: '500 mg', route: 'oral', frequency: 'Three times a day', startDate: '2026-11-20' });
    expect(byNurse.statusCode).toBe(403);
    expect(await count('medications')).toBe(before);
    const res = await api('POST', medicationsOf(caseId), cookie.doctor, { name: 'Amoxicillin', dose: '500 mg', route: 'oral', frequency: 'Three times a day', startDate: '2026-11-20' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Amoxicillin', dose: '500 mg', route: 'oral', frequency: 'Three times a day', startDate: '2026-11-20', stopDate: null, status: 'Active', prescriberName: 'Sipho Nkosi', prescriberRole: 'Doctor' });
    medicationId = res.json().id;
    const list = await api('GET', medicationsOf(caseId), cookie.manager);
    expect(list.json().items.map((m: { id: string }) => m.id)).toEqual([medicationId]);
    expect(await eventKinds(caseId)).toContain('medication.started');
  });

  it("a result is held from the portal until a Doctor releases it; the patient is notified; a Nurse may not release it", async () => {
    const [held] = (await api('GET', resultsOf(caseId), cookie.nurse)).json().items as { id: string; releasedAt: string | null }[];
    expect(held?.releasedAt).toBeNull();
    expect((await api('GET', '/api/portal/test-results', cookie.patient)).json()).toEqual([]);
    expect((await api('POST', `/api/results/${held!.id}/release`, cookie.nurse)).statusCode).toBe(403);
    // Releasing at entry is a clinician's explicit choice: a Nurse's attempt names the field and writes nothing.
    const before = await count('test_results');
    const atEntry = await api('POST', resultsOf(caseId), cookie.nurse, { test: 'Sodium', value: '140', releaseToPatient: true });
    expect(atEntry.statusCode).toBe(403);
    expect(atEntry.json().fields).toHaveProperty('releaseToPatient');
    expect(await count('test_results')).toBe(before);
    expect((await api('POST', `/api/results/${held!.id}/release`, cookie.foreignDoctor)).statusCode).toBe(404);

    const released = await api('POST', `/api/results/${held!.id}/release`, cookie.doctor);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ id: held!.id, releasedAt: expect.any(String), releasedByName: 'Sipho Nkosi' });
    expect((await api('POST', `/api/results/${held!.id}/release`, cookie.doctor)).statusCode).toBe(409);
    const bell = await api('GET', '/api/notifications', cookie.patient);
    expect(bell.statusCode, bell.body).toBe(200);
    expect(JSON.stringify(bell.json())).toContain('A new result is ready');
    expect(JSON.stringify(bell.json())).not.toContain('6.1');
    expect(await eventKinds(caseId)).toContain('result.released');
  });

  it("the case's Patient reads both in the portal, with the new fields; another patient does not", async () => {
    const results = await api('GET', '/api/portal/test-results', cookie.patient);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json()).toEqual([expect.objectContaining({ testName: 'Potassium', resultSummary: '6.1 mmol/L', value: '6.1', unit: 'mmol/L', flag: 'High', status: 'Abnormal', orderedBy: 'Lindiwe Nkosi' })]);
    const meds = await api('GET', '/api/portal/medications', cookie.patient);
    expect(meds.json()).toEqual([expect.objectContaining({ name: 'Amoxicillin', dosage: '500 mg', route: 'oral', status: 'Active', prescribedBy: 'Sipho Nkosi' })]);
    expect((await api('GET', '/api/portal/test-results', cookie.outsider)).json()).toEqual([]);
    expect((await api('GET', '/api/portal/medications', cookie.outsider)).json()).toEqual([]);
    // The staff procedures are not the Patient's: they read through the portal only.
    expect((await api('GET', resultsOf(caseId), cookie.patient)).statusCode).toBe(403);
  });

  it('a Case Manager reads but may not write (403), and nothing is written', async () => {
    const before = [await count('test_results'), await count('medications')];
    expect((await api('POST', resultsOf(caseId), cookie.manager, { test: 'Sodium', value: '140' })).statusCode).toBe(403);
    expect((await api('POST', medicationsOf(caseId), cookie.manager, { name: 'X', dose: '1', route: 'oral', frequency: 'Daily', startDate: '2026-11-20' })).statusCode).toBe(403);
    expect((await api('PATCH', `/api/medications/${medicationId}`, cookie.manager, { stopDate: '2026-11-25' })).statusCode).toBe(403);
    expect([await count('test_results'), await count('medications')]).toEqual(before);
  });

  it('bad input is a 400 naming the fields, and nothing is written', async () => {
    const before = [await count('test_results'), await count('medications')];
    const result = await api('POST', resultsOf(caseId), cookie.nurse, { test: '', value: '', flag: 'Purple' });
    expect(result.statusCode).toBe(400);
    expect(Object.keys(result.json().fields).sort()).toEqual(['flag', 'test', 'value']);
    const med = await api('POST', medicationsOf(caseId), cookie.doctor, { name: 'Aspirin', dose: '', route: 'By post', frequency: 'Daily', startDate: '2026-02-30' });
    expect(med.statusCode).toBe(400);
    expect(Object.keys(med.json().fields).sort()).toEqual(['dose', 'route', 'startDate']);
    const early = await api('PATCH', `/api/medications/${medicationId}`, cookie.nurse, { stopDate: '2026-11-19' });
    expect(early.statusCode).toBe(400);
    expect(Object.keys(early.json().fields)).toEqual(['stopDate']);
    const notAPdf = await t.db.insertInto('documents').values({ id: 'doc-txt', organization_id: org, case_id: caseId, file_name: 'notes.txt', content_type: 'text/plain; charset=utf-8', size_bytes: 3, sha256: 'x', uploaded_by: nurseId, created_at: '2026-11-20T08:00:00.000Z' }).execute();
    expect(notAPdf).toBeDefined();
    const wrongReport = await api('POST', resultsOf(caseId), cookie.nurse, { test: 'FBC', value: 'Normal', reportDocumentId: 'doc-txt' });
    expect(wrongReport.statusCode).toBe(400);
    expect(Object.keys(wrongReport.json().fields)).toEqual(['reportDocumentId']);
    expect([await count('test_results'), await count('medications')]).toEqual(before);
  });

  it('a PDF report of the case is linked to the result', async () => {
    await t.db.insertInto('documents').values({ id: 'doc-pdf', organization_id: org, case_id: caseId, file_name: 'fbc-report.pdf', content_type: 'application/pdf', size_bytes: 3, sha256: 'y', uploaded_by: nurseId, created_at: '2026-11-20T08:00:00.000Z' }).execute();
    const res = await api('POST', resultsOf(caseId), cookie.nurse, { test: 'Full blood count', value: 'Normal', flag: 'Normal', reportDocumentId: 'doc-pdf' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Final', category: 'Haematology', report: { id: 'doc-pdf', fileName: 'fbc-report.pdf' } });
  });

  it('stops a medication once, keeping who and when; a second stop is 409', async () => {
    const stop = await api('PATCH', `/api/medications/${medicationId}`, cookie.nurse, { stopDate: '2026-11-25' });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toMatchObject({ status: 'Stopped', stopDate: '2026-11-25', stoppedByName: 'Lindiwe Nkosi', stoppedAt: expect.any(String) });
    const again = await api('PATCH', `/api/medications/${medicationId}`, cookie.nurse, { stopDate: '2026-11-26' });
    expect(again.statusCode).toBe(409);
    const row = await t.db.selectFrom('medications').select(['end_date', 'status', 'stopped_by']).where('id', '=', medicationId).executeTakeFirstOrThrow();
    expect(row).toEqual({ end_date: '2026-11-25', status: 'Stopped', stopped_by: nurseId });
    expect(await eventKinds(caseId)).toContain('medication.stopped');
    const portal = await api('GET', '/api/portal/medications', cookie.patient);
    expect(portal.json()).toEqual([expect.objectContaining({ name: 'Amoxicillin', status: 'Stopped', endDate: '2026-11-25' })]);
  });

  it("another hospital's Nurse gets 404 on this hospital's case and medication, and nothing changes", async () => {
    const before = [await count('test_results'), await count('medications')];
    expect((await api('GET', resultsOf(caseId), cookie.foreignNurse)).statusCode).toBe(404);
    expect((await api('GET', medicationsOf(caseId), cookie.foreignNurse)).statusCode).toBe(404);
    expect((await api('POST', resultsOf(caseId), cookie.foreignNurse, { test: 'Sodium', value: '140' })).statusCode).toBe(404);
    expect((await api('POST', medicationsOf(caseId), cookie.foreignDoctor, { name: 'X', dose: '1', route: 'oral', frequency: 'Daily', startDate: '2026-11-20' })).statusCode).toBe(404);
    const fresh = await api('POST', medicationsOf(caseId), cookie.doctor, { name: 'Paracetamol', dose: '1 g', route: 'oral', frequency: 'Six-hourly', startDate: '2026-11-20' });
    const stop = await api('PATCH', `/api/medications/${fresh.json().id}`, cookie.foreignNurse, { stopDate: '2026-11-25' });
    expect(stop.statusCode).toBe(404);
    expect((await t.db.selectFrom('medications').select('status').where('id', '=', fresh.json().id).executeTakeFirstOrThrow()).status).toBe('Active');
    // …and this hospital's Nurse is as much a stranger to the other's case.
    expect((await api('POST', resultsOf(otherOrgCase), cookie.nurse, { test: 'Sodium', value: '140' })).statusCode).toBe(404);
    expect([await count('test_results'), await count('medications')]).toEqual([before[0], before[1]! + 1]);
  });

  it('warns of a recorded allergy before prescribing (409 naming it), and prescribes once the doctor confirms', async () => {
    const personId = randomUUID();
    await t.db.insertInto('people').values({ id: personId, organization_id: org, kind: 'person', first_name: 'Thabo', last_name: 'Mabaso', full_name: 'Thabo Mabaso', created_by: null, created_at: nowIso(), updated_at: nowIso() }).execute();
    const hip = await createCase(t.db, org, { person_id: personId, patient_name: 'Thabo Mabaso' });
    expect((await api('POST', `/api/people/${personId}/allergies`, cookie.nurse, { substance: 'Penicillin', reaction: 'Anaphylaxis', severity: 'severe' })).statusCode).toBe(200);
    const before = await count('medications');
    const amoxicillin = { name: 'Amoxicillin', dose: '500 mg', route: 'oral', frequency: 'Three times a day', startDate: '2026-11-20' };
    const warned = await api('POST', medicationsOf(hip), cookie.doctor, amoxicillin);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().fields.name).toBe('Recorded allergy: Penicillin (severe); Amoxicillin is one of the penicillins. Confirm to prescribe anyway.');
    expect(await count('medications')).toBe(before);
    // Paracetamol is no penicillin: no warning.
    expect((await api('POST', medicationsOf(hip), cookie.doctor, { ...amoxicillin, name: 'Paracetamol' })).statusCode).toBe(200);
    const confirmed = await api('POST', medicationsOf(hip), cookie.doctor, { ...amoxicillin, allergyAcknowledged: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const started = await t.db.selectFrom('case_events').select('summary').where('case_id', '=', hip).where('kind', '=', 'medication.started').execute();
    expect(started.map((e) => e.summary)).toContain('Medication started: Amoxicillin 500 mg Oral, Three times a day, from 2026-11-20 (prescribed despite recorded allergy: Penicillin)');
  });

  it('a restricted case answers its results only to those with need to know', async () => {
    expect((await api('POST', resultsOf(secretCase), cookie.nurse, { test: 'CRP', value: '12', unit: 'mg/L' })).statusCode).toBe(200);
    expect((await api('GET', resultsOf(secretCase), cookie.strangerNurse)).statusCode).toBe(403);
    expect((await api('POST', medicationsOf(secretCase), cookie.strangerDoctor, { name: 'X', dose: '1', route: 'oral', frequency: 'Daily', startDate: '2026-11-20' })).statusCode).toBe(403);
    expect((await api('POST', medicationsOf(secretCase), cookie.doctor, { name: 'X', dose: '1', route: 'oral', frequency: 'Daily', startDate: '2026-11-20' })).statusCode).toBe(200);
  });

  it('a medicolegal unit enters no clinical record (403)', async () => {
    const unitCase = await createCase(t.db, (await t.db.selectFrom('memberships').select('organization_id').where('role', '=', 'Special Litigation Unit').executeTakeFirstOrThrow()).organization_id);
    expect((await api('GET', resultsOf(unitCase), cookie.slu)).statusCode).toBe(200);
    expect((await api('POST', resultsOf(unitCase), cookie.slu, { test: 'CRP', value: '12' })).statusCode).toBe(403);
  });
});

describe('the vitals monitor', () => {
  const encounter = async (id: string, kase: string, occurredAt: string, vitals: { pulse?: number | null; systolic?: number | null; diastolic?: number | null; temperature_c?: number | null }, amendsId: string | null = null) =>
    t.db.insertInto('encounters').values({
      id, organization_id: org, case_id: kase, type: 'ward-round', occurred_at: occurredAt, clinician_id: nurseId, subjective: null, objective: null,
      assessment: null, plan: null, pulse: null, systolic: null, diastolic: null, temperature_c: null, respiratory_rate: null, spo2: null, weight_kg: null,
      amends_id: amendsId, created_at: occurredAt, ...vitals,
    }).execute();

  it("shows each active patient's newest vitals, an amendment's over the amended, and a restricted case only to its team", async () => {
    await encounter('enc-old', caseId, '2026-11-20T06:00:00.000Z', { pulse: 80, systolic: 120, diastolic: 80, temperature_c: 36.8 });
    await encounter('enc-new', caseId, '2026-11-21T06:00:00.000Z', { pulse: 130, systolic: 90, diastolic: 60, temperature_c: 38.9 });
    // The newest was corrected: the amendment (older occurred_at kept, as the same round) is the truth.
    await encounter('enc-fix', caseId, '2026-11-21T06:00:00.000Z', { pulse: 112, systolic: 95, diastolic: 61, temperature_c: 38.4 }, 'enc-new');
    // An encounter without vitals does not hide the ones before it.
    await encounter('enc-note', caseId, '2026-11-22T06:00:00.000Z', {});
    await encounter('enc-secret', secretCase, '2026-11-22T07:00:00.000Z', { pulse: 70 });

    const asNurse = await api('GET', '/api/vitals/latest', cookie.nurse);
    expect(asNurse.statusCode, asNurse.body).toBe(200);
    expect(asNurse.json().items).toEqual([
      expect.objectContaining({ caseId: secretCase, pulse: 70 }),
      expect.objectContaining({ caseId, patientName: 'Sipho Dlamini', pulse: 112, systolic: 95, diastolic: 61, temperatureC: 38.4, recordedAt: '2026-11-21T06:00:00.000Z' }),
    ]);
    const asStranger = await api('GET', '/api/vitals/latest', cookie.strangerNurse);
    expect(asStranger.json().items.map((v: { caseId: string }) => v.caseId)).toEqual([caseId]);
    expect((await api('GET', '/api/vitals/latest', cookie.patient)).statusCode).toBe(403);
  });
});
