import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { makeSaIdNumber } from '../../../shared/sa/sa-id-number';
import { pdfText } from '../../test-support/pdf-text';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Issue 31, "discharge ends the stay", through REST on both databases: the case records the date and
// disposition and is completed (off the vitals monitor and the doctor's active list), every active
// medication is reviewed (one left out is a 400 that writes nothing), and the discharge letter lists
// identity, the attending doctor, the diagnoses with ICD-10, the medications continued — not the one
// stopped — and the follow-up; nothing about bed housekeeping.

let t: TestApp;
let org: string;
let doctorId: string;
const cookie = { nurse: '', doctor: '', strangerNurse: '' };
const api = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload ? { payload } : {}) });


beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Discharge Hospital');
  cookie.nurse = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Nurse', firstName: 'Nomvula' })).email);
  const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Willem' });
  doctorId = doctor.id;
  cookie.doctor = await signIn(t.app, doctor.email);
  cookie.strangerNurse = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Nurse' })).email);
});
afterAll(() => t.close());

let admissions = 0;
async function admitted() {
  const personId = randomUUID();
  // One person per SA ID number in an organisation (issue 32): each admission's patient has their own.
  const idNumber = makeSaIdNumber('1951-09-03', 'male', 800 + admissions++);
  await t.db
    .insertInto('people')
    .values({
      id: personId, organization_id: org, kind: 'person', first_name: 'Johannes', last_name: 'van der Merwe', full_name: 'Johannes van der Merwe',
      id_number: idNumber, date_of_birth: '1951-09-03', sex: 'male', folder_number: '4471188', created_by: null, created_at: nowIso(), updated_at: nowIso(),
    })
    .execute();
  const bedId = randomUUID();
  await t.db.insertInto('beds').values({ id: bedId, organization_id: org, bed_number: `ICU-${bedId.slice(0, 4)}`, ward: 'ICU', status: 'Available', assigned_nurse_id: null, patient_id: null, notes: null, created_at: nowIso(), updated_at: nowIso() }).execute();
  const admission = (await api('POST', '/api/admissions', cookie.nurse, { personId, bedId })).json() as { id: string; caseId: string };
  await t.db.updateTable('cases').set({ assigned_doctor_id: doctorId }).where('id', '=', admission.caseId).execute();
  // An encounter coded I21.9 + I10, amended to add E78.5: the letter reads the amendment.
  const encounterId = randomUUID();
  const amendId = randomUUID();
  const at = new Date(Date.now() - 86_400_000).toISOString();
  for (const [id, amends, codes] of [[encounterId, null, ['I21.9', 'I10']], [amendId, encounterId, ['I21.9', 'I10', 'E78.5']]] as const) {
    await t.db.insertInto('encounters').values({ id, organization_id: org, case_id: admission.caseId, type: 'emergency', occurred_at: at, clinician_id: doctorId, subjective: null, objective: null, assessment: 'Anterior STEMI', plan: null, pulse: null, systolic: null, diastolic: null, temperature_c: null, respiratory_rate: null, spo2: null, weight_kg: null, amends_id: amends, created_at: at }).execute();
    await t.db.insertInto('encounter_diagnoses').values(codes.map((code, position) => ({ encounter_id: id, organization_id: org, code, description: { 'I21.9': 'Acute myocardial infarction, unspecified', I10: 'Essential (primary) hypertension', 'E78.5': 'Hyperlipidaemia, unspecified' }[code], is_primary: position === 0 ? 1 : 0, position }))).execute();
  }
  const prescribe = async (name: string) =>
    (await api('POST', `/api/patient-cases/${admission.caseId}/medications`, cookie.doctor, { name, dose: '1 tablet', route: 'Oral', frequency: 'Daily', startDate: at.slice(0, 10) })).json().id as string;
  const aspirin = await prescribe('Aspirin 81 mg');
  const morphine = await prescribe('Morphine');
  await api('POST', `/api/patient-cases/${admission.caseId}/observations`, cookie.nurse, { respiratoryRate: 26, spo2: 93, onOxygen: true, systolic: 105, pulse: 115, consciousness: 'A', temperatureC: 38.5 });
  await t.db.insertInto('appointments').values({ id: randomUUID(), organization_id: org, case_id: admission.caseId, title: 'Cardiology clinic review', description: null, start_time: new Date(Date.now() + 14 * 86_400_000).toISOString(), end_time: new Date(Date.now() + 14 * 86_400_000 + 1_800_000).toISOString(), location: 'Outpatients B', status: 'Scheduled', appointment_type: 'Follow-up', created_by: doctorId, created_at: nowIso(), updated_at: nowIso() } as never).execute();
  return { ...admission, aspirin, morphine, idNumber };
}

describe('discharge ends the stay', () => {
  it('refuses a discharge that leaves an active medication unreviewed, naming it, and changes nothing', async () => {
    const a = await admitted();
    const res = await api('POST', `/api/admissions/${a.id}/discharge`, cookie.nurse, { bedStatus: 'Cleaning', disposition: 'home', medications: [{ medicationId: a.aspirin, action: 'continue' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.medications).toBe('Review every active medication (continue or stop): Morphine');
    expect(await t.db.selectFrom('admissions').select('discharged_at').where('id', '=', a.id).executeTakeFirstOrThrow()).toEqual({ discharged_at: null });
    expect(await t.db.selectFrom('medications').select('discharge_action').where('id', '=', a.aspirin).executeTakeFirstOrThrow()).toEqual({ discharge_action: null });
  });

  it('a restricted case is discharged only by someone with need to know (403 otherwise, nothing changes)', async () => {
    const a = await admitted();
    await t.db.updateTable('cases').set({ restricted: 1 }).where('id', '=', a.caseId).execute();
    const payload = { bedStatus: 'Cleaning', disposition: 'home', medications: [{ medicationId: a.aspirin, action: 'continue' }, { medicationId: a.morphine, action: 'stop' }] };
    expect((await api('POST', `/api/admissions/${a.id}/discharge`, cookie.strangerNurse, payload)).statusCode).toBe(403);
    expect(await t.db.selectFrom('medications').select('status').where('id', '=', a.morphine).executeTakeFirstOrThrow()).toEqual({ status: 'Active' });
    // The admitting nurse joined the team: she may.
    expect((await api('POST', `/api/admissions/${a.id}/discharge`, cookie.nurse, payload)).statusCode).toBe(200);
  });

  it('completes the case, records date and disposition, stops what was stopped, drops the patient off the monitor, and writes the GP letter', async () => {
    const a = await admitted();
    const monitorBefore = (await api('GET', '/api/vitals/latest', cookie.doctor)).json().items as { caseId: string }[];
    expect(monitorBefore.map((i) => i.caseId)).toContain(a.caseId);

    const res = await api('POST', `/api/admissions/${a.id}/discharge`, cookie.nurse, {
      bedStatus: 'Cleaning', disposition: 'transfer-out', summary: 'Transferred to the cardiac unit at Groote Schuur for CABG.',
      medications: [{ medicationId: a.aspirin, action: 'continue' }, { medicationId: a.morphine, action: 'stop' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dischargedAt: expect.any(String), disposition: 'transfer-out' });
    const kase = await t.db.selectFrom('cases').select(['status', 'completed_at', 'progress_percentage', 'bed_number', 'first_completed_at']).where('id', '=', a.caseId).executeTakeFirstOrThrow();
    expect(kase).toMatchObject({ status: 'Completed', completed_at: expect.any(String), bed_number: null, first_completed_at: expect.any(String) });
    expect(Number(kase.progress_percentage)).toBe(100);
    const meds = await t.db.selectFrom('medications').select(['id', 'status', 'discharge_action', 'stopped_by']).where('case_id', '=', a.caseId).execute();
    expect(meds.find((m) => m.id === a.aspirin)).toMatchObject({ status: 'Active', discharge_action: 'continue' });
    expect(meds.find((m) => m.id === a.morphine)).toMatchObject({ status: 'Stopped', discharge_action: 'stop', stopped_by: expect.any(String) });
    const monitorAfter = (await api('GET', '/api/vitals/latest', cookie.doctor)).json().items as { caseId: string }[];
    expect(monitorAfter.map((i) => i.caseId)).not.toContain(a.caseId);
    const banner = (await api('GET', `/api/patient-cases/${a.caseId}/banner`, cookie.doctor)).json();
    expect(banner).toMatchObject({ bed: null, lastDischarge: { at: expect.any(String), disposition: 'transfer-out' } });

    const documentId = res.json().summaryDocumentId as string;
    const pdf = await api('GET', `/api/documents/${documentId}/download`, cookie.doctor);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Patient: Johannes van der Merwe', 'Date of birth: 3 Sep 1951', `SA ID ${a.idNumber}`, 'Folder 4471188', 'Transferred out', 'Attending doctor: Willem Nkosi',
      'I21.9 Acute myocardial infarction, unspecified (primary)', 'I10 Essential (primary) hypertension', 'E78.5 Hyperlipidaemia, unspecified',
      'Aspirin 81 mg 1 tablet Oral, Daily', 'Cardiology clinic review, Outpatients B', 'Transferred to the cardiac unit at Groote Schuur for CABG.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Morphine');
    expect(text).not.toContain('Bed left');
    expect(text).not.toContain('Cleaning');
  });
});
