import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Encounters on a healthcare case (issue 22) through REST: recorded with SOAP, vitals and ICD-10
// diagnoses from the organisation's list; implausible vitals, unknown codes and two primaries are a
// 400 naming the field, with nothing written; amended as a new version; read by records.view roles
// (a Case Manager reads, cannot write), refused on a legal organisation and on a restricted case.

let t: TestApp;
let org: string;
let caseId: string;
let secretCase: string;
const cookies: Record<'doctor' | 'colleague' | 'nurse' | 'manager' | 'finance' | 'lawyer', string> = { doctor: '', colleague: '', nurse: '', manager: '', finance: '', lawyer: '' };
let doctorId: string;
let lawCase: string;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const encountersOf = (id: string) => `/api/patient-cases/${id}/encounters`;
const count = async (table: 'encounters' | 'encounter_diagnoses') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

const consultation = () => ({
  type: 'consultation',
  occurredAt: hourAgo(),
  subjective: 'Headaches for two weeks.',
  objective: 'Alert, no focal signs.',
  assessment: 'Uncontrolled hypertension; type 2 diabetes.',
  plan: 'Amlodipine 5 mg daily; review in two weeks.',
  diagnoses: [
    { code: 'I10', primary: true },
    { code: 'e11.9', primary: false },
  ],
  vitals: { pulse: 88, systolic: 168, diastolic: 102, temperatureC: 36.8, respiratoryRate: 16, spo2: 98, weightKg: 92.5 },
});

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Encounter Hospital');
  const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Ayanda' });
  doctorId = doctor.id;
  const colleague = await createUser(t.db, { organizationId: org, role: 'Nurse', firstName: 'Bongi' });
  const nurse = await createUser(t.db, { organizationId: org, role: 'Nurse', firstName: 'Nomsa' });
  const manager = await createUser(t.db, { organizationId: org, role: 'Case Manager', firstName: 'Kagiso' });
  const finance = await createUser(t.db, { organizationId: org, role: 'Finance Staff' });
  caseId = await createCase(t.db, org, { patient_name: 'Sizwe Dlamini' });
  secretCase = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
  await addTeamMember(t.db, org, secretCase, doctor.id);
  const firm = await createOrganization(t.db, 'Encounter Attorneys', 'legal');
  const lawyer = await createUser(t.db, { organizationId: firm, role: 'Administrator' });
  lawCase = await createCase(t.db, firm, { patient_name: 'Client One' });
  cookies.doctor = await signIn(t.app, doctor.email);
  cookies.colleague = await signIn(t.app, colleague.email);
  cookies.nurse = await signIn(t.app, nurse.email);
  cookies.manager = await signIn(t.app, manager.email);
  cookies.finance = await signIn(t.app, finance.email);
  cookies.lawyer = await signIn(t.app, lawyer.email);
});
afterAll(() => t.close());

describe('encounters on a case', () => {
  let firstId: string;

  it('records an encounter with vitals and two ICD-10 diagnoses described as coded, and puts it on the timeline', async () => {
    const res = await call('POST', encountersOf(caseId), cookies.doctor, consultation());
    expect(res.statusCode, res.body).toBe(200);
    const encounter = res.json();
    expect(encounter).toMatchObject({
      type: 'consultation',
      clinicianId: doctorId,
      clinicianName: 'Ayanda Nkosi',
      assessment: 'Uncontrolled hypertension; type 2 diabetes.',
      vitals: { pulse: 88, systolic: 168, diastolic: 102, temperatureC: 36.8, respiratoryRate: 16, spo2: 98, weightKg: 92.5 },
      diagnoses: [
        { code: 'I10', description: 'Essential (primary) hypertension', primary: true },
        { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications', primary: false },
      ],
      amendsId: null,
      amendedById: null,
    });
    firstId = encounter.id;
    const events = await t.db.selectFrom('case_events').select(['kind', 'summary']).where('case_id', '=', caseId).execute();
    expect(events).toEqual([{ kind: 'encounter.recorded', summary: 'Consultation recorded (I10)' }]);
  });

  it('lets a Case Manager read the list but not record (403), and a Finance member neither', async () => {
    const list = await call('GET', encountersOf(caseId), cookies.manager);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((e: { id: string }) => e.id)).toEqual([firstId]);
    expect((await call('POST', encountersOf(caseId), cookies.manager, consultation())).statusCode).toBe(403);
    expect((await call('GET', encountersOf(caseId), cookies.finance)).statusCode).toBe(403);
  });

  it('refuses an implausible vital with a 400 naming it, and writes nothing', async () => {
    const before = [await count('encounters'), await count('encounter_diagnoses')];
    const pulse = await call('POST', encountersOf(caseId), cookies.doctor, { ...consultation(), vitals: { pulse: 720 } });
    expect(pulse.statusCode).toBe(400);
    expect(pulse.json().fields).toEqual({ 'vitals.pulse': 'Pulse must be between 20 and 250 bpm' });
    const several = await call('POST', encountersOf(caseId), cookies.doctor, { ...consultation(), vitals: { spo2: 101, temperatureC: 29.5, weightKg: 0 } });
    expect(Object.keys(several.json().fields).sort()).toEqual(['vitals.spo2', 'vitals.temperatureC', 'vitals.weightKg']);
    const pressure = await call('POST', encountersOf(caseId), cookies.doctor, { ...consultation(), vitals: { systolic: 80, diastolic: 90 } });
    expect(pressure.json().fields).toEqual({ 'vitals.diastolic': 'Diastolic pressure must be below the systolic' });
    expect([await count('encounters'), await count('encounter_diagnoses')]).toEqual(before);
  });

  it('refuses an unknown code (400 on diagnoses.N.code), two primaries, a duplicate code and a future time', async () => {
    const before = await count('encounters');
    const unknown = await call('POST', encountersOf(caseId), cookies.doctor, { ...consultation(), diagnoses: [{ code: 'I10', primary: true }, { code: 'U99.9', primary: false }] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['diagnoses.1.code']);
    const malformed = await call('POST', encountersOf(caseId), cookies.doctor, { ...consultation(), diagnoses: [{ code: 'hypertension', primary: true }] });
    expect(Object.keys(malformed.json().fields)).toEqual(['diagnoses.0.code']);
    const twoPrimaries = await call('POST', encountersOf(caseId), cookies.doctor, { ...consultation(), diagnoses: [{ code: 'I10', primary: true }, { code: 'E11.9', primary: true }] });
    expect(twoPrimaries.json().fields).toEqual({ diagnoses: 'Mark at most one diagnosis as primary' });
    const duplicate = await call('POST', encountersOf(caseId), cookies.doctor, { ...consultation(), diagnoses: [{ code: 'I10', primary: true }, { code: 'i10', primary: false }] });
    expect(Object.keys(duplicate.json().fields)).toEqual(['diagnoses.1.code']);
    const externalCausePrimary = await call('POST', encountersOf(caseId), cookies.doctor, { ...consultation(), diagnoses: [{ code: 'W19', primary: true }] });
    expect(Object.keys(externalCausePrimary.json().fields)).toEqual(['diagnoses.0.primary']);
    const future = await call('POST', encountersOf(caseId), cookies.doctor, { ...consultation(), occurredAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.json().fields).toEqual({ occurredAt: 'The encounter cannot be in the future' });
    const badType = await call('POST', encountersOf(caseId), cookies.doctor, { ...consultation(), type: 'Telepathy' });
    expect(Object.keys(badType.json().fields)).toEqual(['type']);
    expect(await count('encounters')).toBe(before);
  });

  it('amends as a new version: the old one stays, marked amended; a second amendment of it is a 409', async () => {
    const amended = await call('POST', `${encountersOf(caseId)}/${firstId}/amend`, cookies.doctor, {
      ...consultation(),
      assessment: 'Hypertension; type 2 diabetes with renal complications.',
      diagnoses: [{ code: 'I10', primary: true }, { code: 'E11.2', primary: false }],
    });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json()).toMatchObject({ amendsId: firstId, diagnoses: [{ code: 'I10' }, { code: 'E11.2', description: 'Type 2 diabetes mellitus with renal complications' }] });
    const list = (await call('GET', encountersOf(caseId), cookies.nurse)).json().items as Array<{ id: string; amendedById: string | null; diagnoses: Array<{ code: string }> }>;
    expect(list.map((e) => e.id).sort()).toEqual([firstId, amended.json().id].sort());
    const old = list.find((e) => e.id === firstId)!;
    expect(old.amendedById).toBe(amended.json().id);
    expect(old.diagnoses.map((d) => d.code)).toEqual(['I10', 'E11.9']);
    const again = await call('POST', `${encountersOf(caseId)}/${firstId}/amend`, cookies.doctor, consultation());
    expect(again.statusCode).toBe(409);
    const kinds = await t.db.selectFrom('case_events').select('kind').where('case_id', '=', caseId).orderBy('at').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['encounter.recorded', 'encounter.amended']);
  });

  it("lets only the clinician (or a Doctor) amend: a nurse amending a doctor's encounter is refused", async () => {
    const latest = (await call('GET', encountersOf(caseId), cookies.doctor)).json().items.find((e: { amendedById: string | null }) => !e.amendedById);
    const res = await call('POST', `${encountersOf(caseId)}/${latest.id}/amend`, cookies.colleague, consultation());
    expect(res.statusCode).toBe(403);
  });

  it('lists newest first by when the encounter happened', async () => {
    const older = await call('POST', encountersOf(caseId), cookies.nurse, { type: 'Ward round', occurredAt: new Date(Date.now() - 86_400_000 * 3).toISOString(), diagnoses: [] });
    expect(older.statusCode, older.body).toBe(200);
    // The spelling of the release before issue 32 is still accepted, and answered as the new id (decision 0060).
    expect(older.json()).toMatchObject({ type: 'ward-round', vitals: { pulse: null, weightKg: null }, diagnoses: [], subjective: null });
    const items = (await call('GET', encountersOf(caseId), cookies.doctor)).json().items as Array<{ id: string; occurredAt: string }>;
    expect(items).toHaveLength(3);
    expect(items.at(-1)!.id).toBe(older.json().id);
  });

  it("keeps a restricted case's encounters to its team, and another organisation's or a legal firm's out", async () => {
    expect((await call('POST', encountersOf(secretCase), cookies.doctor, consultation())).statusCode).toBe(200);
    expect((await call('GET', encountersOf(secretCase), cookies.nurse)).statusCode).toBe(403);
    expect((await call('GET', encountersOf(lawCase), cookies.doctor)).statusCode).toBe(404);
    expect((await call('GET', encountersOf(lawCase), cookies.lawyer)).statusCode).toBe(403);
    expect((await call('POST', encountersOf(lawCase), cookies.lawyer, consultation())).statusCode).toBe(403);
  });
});

describe("another hospital's encounters (the cross-tenant walk's create and amend)", () => {
  it("answers a doctor's create and amend on another organisation's case or encounter with 404, changing nothing", async () => {
    const otherOrg = await createOrganization(t.db, 'Other Hospital');
    const otherDoctor = await createUser(t.db, { organizationId: otherOrg, role: 'Doctor' });
    const otherCase = await createCase(t.db, otherOrg, { patient_name: 'Other Patient' });
    const otherCookie = await signIn(t.app, otherDoctor.email);
    const theirs = await call('POST', encountersOf(otherCase), otherCookie, consultation());
    expect(theirs.statusCode).toBe(200);
    const before = await t.db.selectFrom('encounters').selectAll().where('organization_id', '=', otherOrg).execute();
    expect((await call('POST', encountersOf(otherCase), cookies.doctor, consultation())).statusCode).toBe(404);
    expect((await call('POST', `${encountersOf(otherCase)}/${theirs.json().id}/amend`, cookies.doctor, consultation())).statusCode).toBe(404);
    // Their encounter through our own case's path is not found either.
    expect((await call('POST', `${encountersOf(caseId)}/${theirs.json().id}/amend`, cookies.doctor, consultation())).statusCode).toBe(404);
    expect(await t.db.selectFrom('encounters').selectAll().where('organization_id', '=', otherOrg).execute()).toEqual(before);
  });
});
