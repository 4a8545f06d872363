import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes, nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The patient portal against a real database: a Patient reaches their own cases' records and
// nobody else's (another patient of the same hospital, or of another organisation), messages go
// to the care team's inbox, and bad input is a 400 naming the field with nothing written.

let t: TestApp;
let orgA: string;
let orgB: string;
const ids = { doctor: '', nurse: '', manager: '', p1: '', p2: '', pB: '', doctorB: '' };
const cookie = { admin: '', doctor: '', nurse: '', p1: '', p2: '', pB: '', doctorB: '' };
const cases = { p1: '', p1Unstaffed: '', p2: '', pB: '' };
const appts = { p1Future: '', p1Soon: '', p1Past: '', p1Cancelled: '', p2Future: '' };

const at = (minutes: number) => addMinutes(nowIso(), minutes);
const DAY = 1_440;

async function insertCase(organizationId: string, patientUserId: string, name: string, team: { doctor?: string; nurse?: string; manager?: string }) {
  const id = randomUUID();
  const now = nowIso();
  await t.db.insertInto('cases').values({
    id, organization_id: organizationId, patient_name: name, patient_user_id: patientUserId, case_type: 'Hip Replacement',
    status: 'In Progress', priority: 'Medium', progress_percentage: 40, bed_number: 'A-04', treatment_plan: 'Physiotherapy twice daily',
    assigned_doctor_id: team.doctor ?? null, assigned_nurse_id: team.nurse ?? null, case_manager_id: team.manager ?? null,
    admission_date: at(-3 * DAY), estimated_discharge: at(3 * DAY), created_at: now, updated_at: now,
  }).execute();
  return id;
}

async function insertAppointment(organizationId: string, caseId: string, title: string, startMinutes: number, status = 'Scheduled') {
  const id = randomUUID();
  await t.db.insertInto('appointments').values({
    id, organization_id: organizationId, case_id: caseId, title, description: null, start_time: at(startMinutes), end_time: at(startMinutes + 30),
    appointment_type: 'Follow-up', location: 'Room 4', status, created_by: null, created_at: nowIso(), updated_at: nowIso(),
  }).execute();
  return id;
}

async function insertResult(organizationId: string, caseId: string, testName: string, orderedMinutes: number, status = 'Final', released = true): Promise<string> {
  const id = randomUUID();
  await t.db.insertInto('test_results').values({
    id, organization_id: organizationId, case_id: caseId, test_name: testName, category: 'Chemistry', result_summary: 'Normal',
    reference_range: null, status, ordered_by: ids.doctor || null, ordered_at: at(orderedMinutes), resulted_at: status === 'Pending' ? null : at(orderedMinutes + 60), created_at: at(orderedMinutes),
    released_at: released ? at(orderedMinutes + 60) : null, released_by: released ? ids.doctor || null : null,
  }).execute();
  return id;
}

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const get = async <T = any>(url: string, who: string): Promise<T> => {
  const res = await api('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const counts = async () => {
  const n = async (table: 'messages' | 'message_recipients' | 'patient_profiles') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return [await n('messages'), await n('message_recipients'), await n('patient_profiles')];
};
const future = (days: number) => dayKey(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Thornhill Test Hospital');
  orgB = await createOrganization(t.db, 'Other Test Hospital');
  const admin = await createUser(t.db, { organizationId: orgA, role: 'Administrator', firstName: 'Nadia' });
  const doctor = await createUser(t.db, { organizationId: orgA, role: 'Doctor', firstName: 'Willem' });
  const nurse = await createUser(t.db, { organizationId: orgA, role: 'Nurse', firstName: 'Anele' });
  const manager = await createUser(t.db, { organizationId: orgA, role: 'Case Manager', firstName: 'Fatima' });
  const p1 = await createUser(t.db, { organizationId: orgA, role: 'Patient', firstName: 'Thabo' });
  const p2 = await createUser(t.db, { organizationId: orgA, role: 'Patient', firstName: 'Zodwa' });
  const pB = await createUser(t.db, { organizationId: orgB, role: 'Patient', firstName: 'Johan' });
  const doctorB = await createUser(t.db, { organizationId: orgB, role: 'Doctor', firstName: 'Priya' });
  Object.assign(ids, { doctor: doctor.id, nurse: nurse.id, manager: manager.id, p1: p1.id, p2: p2.id, pB: pB.id, doctorB: doctorB.id });
  cookie.admin = await signIn(t.app, admin.email);
  cookie.doctor = await signIn(t.app, doctor.email);
  cookie.nurse = await signIn(t.app, nurse.email);
  cookie.p1 = await signIn(t.app, p1.email);
  cookie.p2 = await signIn(t.app, p2.email);
  cookie.pB = await signIn(t.app, pB.email);
  cookie.doctorB = await signIn(t.app, doctorB.email);

  cases.p1 = await insertCase(orgA, p1.id, 'Thabo Nkosi', { doctor: doctor.id, nurse: nurse.id, manager: manager.id });
  cases.p1Unstaffed = await insertCase(orgA, p1.id, 'Thabo Nkosi', {});
  cases.p2 = await insertCase(orgA, p2.id, 'Zodwa Nkosi', { doctor: doctor.id });
  cases.pB = await insertCase(orgB, pB.id, 'Johan Nkosi', { doctor: doctorB.id });

  appts.p1Future = await insertAppointment(orgA, cases.p1, 'Six-week review', 10 * DAY);
  appts.p1Soon = await insertAppointment(orgA, cases.p1, 'Wound check', 2 * DAY);
  appts.p1Past = await insertAppointment(orgA, cases.p1, 'Pre-operative assessment', -5 * DAY, 'Completed');
  appts.p1Cancelled = await insertAppointment(orgA, cases.p1, 'Dietitian', -2 * DAY, 'Cancelled');
  appts.p2Future = await insertAppointment(orgA, cases.p2, 'Antenatal visit', DAY);
  await insertAppointment(orgB, cases.pB, 'Other hospital visit', DAY);

  await insertResult(orgA, cases.p1, 'Full blood count', -3 * DAY);
  await insertResult(orgA, cases.p1, 'Wound swab', -60, 'Pending');
  await insertResult(orgA, cases.p2, 'Glucose tolerance', -DAY);
  await insertResult(orgB, cases.pB, 'Troponin', -30);
  await t.db.insertInto('medications').values([
    { id: randomUUID(), organization_id: orgA, case_id: cases.p1, name: 'Cefazolin', dosage: '2 g', frequency: 'Every 8 hours', instructions: null, prescribed_by: ids.doctor, start_date: future(-3), end_date: future(-2), status: 'Completed', created_at: nowIso() },
    { id: randomUUID(), organization_id: orgA, case_id: cases.p1, name: 'Paracetamol', dosage: '1 g', frequency: 'Every 6 hours', instructions: 'After meals', prescribed_by: ids.doctor, start_date: future(-3), end_date: null, status: 'Active', created_at: nowIso() },
    { id: randomUUID(), organization_id: orgA, case_id: cases.p2, name: 'Folic acid', dosage: '5 mg', frequency: 'Daily', instructions: null, prescribed_by: null, start_date: future(-30), end_date: null, status: 'Active', created_at: nowIso() },
  ]).execute();
});
afterAll(() => t.close());

describe('own records only', () => {
  it("summary lists the patient's own cases with the care team's names, and nobody else's", async () => {
    const summary = await get('/api/portal/summary', cookie.p1);
    expect(summary).toMatchObject({ name: 'Thabo Nkosi', organizationName: 'Thornhill Test Hospital' });
    expect(summary.cases.map((c: { id: string }) => c.id).sort()).toEqual([cases.p1, cases.p1Unstaffed].sort());
    expect(summary.cases.find((c: { id: string }) => c.id === cases.p1)).toMatchObject({
      status: 'In Progress', progressPercentage: 40, bedNumber: 'A-04', assignedDoctor: 'Willem Nkosi', assignedNurse: 'Anele Nkosi', caseManager: 'Fatima Nkosi',
    });
    expect((await get('/api/portal/summary', cookie.p2)).cases.map((c: { id: string }) => c.id)).toEqual([cases.p2]);
    expect((await get('/api/portal/summary', cookie.pB)).cases.map((c: { id: string }) => c.id)).toEqual([cases.pB]);
  });

  it('appointments: upcoming soonest first, then the past most recent first; only reschedulable when still ahead', async () => {
    const list = await get<{ id: string; canReschedule: boolean; status: string }[]>('/api/portal/appointments', cookie.p1);
    expect(list.map((a) => a.id)).toEqual([appts.p1Soon, appts.p1Future, appts.p1Cancelled, appts.p1Past]);
    expect(list.map((a) => a.canReschedule)).toEqual([true, true, false, false]);
    expect(list.map((a) => a.status)).toEqual(['Scheduled', 'Scheduled', 'Cancelled', 'Completed']);
    expect((await get<{ id: string }[]>('/api/portal/appointments', cookie.p2)).map((a) => a.id)).toEqual([appts.p2Future]);
    expect((await get<{ title: string }[]>('/api/portal/appointments', cookie.pB)).map((a) => a.title)).toEqual(['Other hospital visit']);
  });

  it('test results and medications are those of the own cases only', async () => {
    const results = await get<{ testName: string; status: string; orderedBy: string | null; resultedAt: string | null }[]>('/api/portal/test-results', cookie.p1);
    expect(results.map((r) => r.testName)).toEqual(['Wound swab', 'Full blood count']);
    expect(results[0]).toMatchObject({ status: 'Pending', resultedAt: null, orderedBy: 'Willem Nkosi' });
    expect((await get<{ testName: string }[]>('/api/portal/test-results', cookie.p2)).map((r) => r.testName)).toEqual(['Glucose tolerance']);
    const meds = await get<{ name: string; prescribedBy: string | null }[]>('/api/portal/medications', cookie.p1);
    expect(meds.map((m) => m.name)).toEqual(['Paracetamol', 'Cefazolin']); // active first
    expect((await get<{ name: string }[]>('/api/portal/medications', cookie.pB))).toEqual([]);
    // Issue 31: a result not yet released by a clinician is not the portal's.
    const held = await insertResult(orgA, cases.p1, 'Potassium (held)', -30, 'Abnormal', false);
    expect((await get<{ testName: string }[]>('/api/portal/test-results', cookie.p1)).map((r) => r.testName)).toEqual(['Wound swab', 'Full blood count']);
    await t.db.deleteFrom('test_results').where('id', '=', held).execute();
  });

  it('is refused to staff (no patientPortal.view) and to callers who are not signed in', async () => {
    for (const path of ['summary', 'appointments', 'messages', 'test-results', 'medications', 'profile']) {
      expect((await api('GET', `/api/portal/${path}`, cookie.doctor)).statusCode, path).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/portal/${path}` })).statusCode, path).toBe(401);
    }
    expect((await api('POST', '/api/portal/messages', cookie.doctor, { caseId: cases.p1, subject: 'Hi', content: 'x' })).statusCode).toBe(403);
  });
});

describe('messages with the care team', () => {
  it('sendMessage lands in the doctor\'s inbox and unread count, and can be marked read there', async () => {
    const unreadBefore = (await get('/api/messages/unread-count', cookie.doctor)).count as number;
    const res = await api('POST', '/api/portal/messages', cookie.p1, { caseId: cases.p1, subject: '  Pain at night ', content: 'Can I take an extra tablet?' });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json();
    expect(sent).toMatchObject({ subject: 'Pain at night', direction: 'sent', otherPartyName: 'Willem Nkosi', caseId: cases.p1, isRead: true });

    const stored = await t.db.selectFrom('messages').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ organization_id: orgA, sender_id: ids.p1, recipient_id: ids.doctor, message_type: 'direct', patient_case_id: cases.p1 });
    const rows = await t.db.selectFrom('message_recipients').select('user_id').where('message_id', '=', sent.id).execute();
    expect(rows.map((r) => r.user_id)).toEqual([ids.doctor]);

    const inbox = await get<{ id: string; isRead: boolean; senderName: string; messageType: string }[]>('/api/messages', cookie.doctor);
    expect(inbox.find((m) => m.id === sent.id)).toMatchObject({ isRead: false, senderName: 'Thabo Nkosi', messageType: 'direct' });
    expect((await get('/api/messages/unread-count', cookie.doctor)).count).toBe(unreadBefore + 1);
    expect((await api('PATCH', `/api/messages/${sent.id}/read`, cookie.doctor)).statusCode).toBe(200);
    expect((await get('/api/messages/unread-count', cookie.doctor)).count).toBe(unreadBefore);
    // Nobody else on the staff sees it.
    expect((await get<{ id: string }[]>('/api/messages', cookie.nurse)).map((m) => m.id)).not.toContain(sent.id);
    expect((await get<{ id: string }[]>('/api/messages', cookie.admin)).map((m) => m.id)).not.toContain(sent.id);
  });

  it('lists direct messages both ways, newest first, never staff broadcasts or other patients\' messages', async () => {
    const reply = randomUUID();
    await t.db.insertInto('messages').values({ id: reply, organization_id: orgA, sender_id: ids.doctor, recipient_id: ids.p1, subject: 'Re: Pain at night', content: 'Yes, one more.', message_type: 'direct', patient_case_id: cases.p1, created_at: at(1) }).execute();
    await t.db.insertInto('message_recipients').values({ message_id: reply, user_id: ids.p1, organization_id: orgA, read_at: null, created_at: at(1) }).execute();
    const broadcast = await api('POST', '/api/messages', cookie.admin, { subject: 'Generator test', content: 'Saturday 06:00' });
    expect(broadcast.statusCode).toBe(200);
    // The privacy rule: a staff broadcast gives no Patient a recipient row.
    const reached = await t.db.selectFrom('message_recipients').select('user_id').where('message_id', '=', broadcast.json().id).execute();
    expect(reached.map((r) => r.user_id)).not.toEqual(expect.arrayContaining([ids.p1]));
    expect(reached.map((r) => r.user_id)).not.toContain(ids.p2);

    const mine = await get<{ id: string; subject: string; direction: string; isRead: boolean; otherPartyName: string }[]>('/api/portal/messages', cookie.p1);
    expect(mine.map((m) => m.subject)).toEqual(['Re: Pain at night', 'Pain at night']);
    expect(mine[0]).toMatchObject({ direction: 'received', isRead: false, otherPartyName: 'Willem Nkosi' });
    expect(await get('/api/portal/messages', cookie.p2)).toEqual([]);
    expect(await get('/api/portal/messages', cookie.pB)).toEqual([]);
  });

  it('goes to the nurse when the doctor has left, and answers 409 when the case has nobody', async () => {
    await t.db.updateTable('memberships').set({ status: 'inactive' }).where('user_id', '=', ids.doctor).execute();
    try {
      const res = await api('POST', '/api/portal/messages', cookie.p1, { caseId: cases.p1, subject: 'Discharge', content: 'When can I go home?' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().otherPartyName).toBe('Anele Nkosi');
    } finally {
      await t.db.updateTable('memberships').set({ status: 'active' }).where('user_id', '=', ids.doctor).execute();
    }
    const before = await counts();
    const none = await api('POST', '/api/portal/messages', cookie.p1, { caseId: cases.p1Unstaffed, subject: 'Hello', content: 'Anyone?' });
    expect(none.statusCode).toBe(409);
    expect(Object.keys(none.json().fields)).toEqual(['caseId']);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ["another patient's case", () => ({ caseId: cases.p2, subject: 'Hi', content: 'Hello' }), 'caseId'],
    ["another organisation's case", () => ({ caseId: cases.pB, subject: 'Hi', content: 'Hello' }), 'caseId'],
    ['a missing subject', () => ({ caseId: cases.p1, content: 'Hello' }), 'subject'],
    ['blank content', () => ({ caseId: cases.p1, subject: 'Hi', content: '   ' }), 'content'],
    ['an oversized subject', () => ({ caseId: cases.p1, subject: 'x'.repeat(201), content: 'Hello' }), 'subject'],
  ])('sendMessage refuses %s with a 400 naming the field, writing nothing', async (_label, payload, field) => {
    const before = await counts();
    const res = await api('POST', '/api/portal/messages', cookie.p1, payload());
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await counts()).toEqual(before);
  });
});

describe('appointment requests', () => {
  it('requestAppointment sends the care team a direct message naming the preferred date', async () => {
    const res = await api('POST', '/api/portal/appointment-requests', cookie.p1, { caseId: cases.p1, preferredDate: future(7), reason: 'Stiffness in the hip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subject: 'Appointment request', direction: 'sent', otherPartyName: 'Willem Nkosi' });
    expect(res.json().content).toContain('Stiffness in the hip');
    const inbox = await get<{ id: string }[]>('/api/messages', cookie.doctor);
    expect(inbox.map((m) => m.id)).toContain(res.json().id);
  });

  it('requestReschedule names the appointment; refuses a finished one (409) and one of another patient (404)', async () => {
    const res = await api('POST', '/api/portal/reschedule-requests', cookie.p1, { appointmentId: appts.p1Soon, preferredDate: future(5), reason: 'My daughter cannot drive me that day' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subject: 'Reschedule request: Wound check', caseId: cases.p1 });
    const before = await counts();
    const done = await api('POST', '/api/portal/reschedule-requests', cookie.p1, { appointmentId: appts.p1Past, preferredDate: future(5), reason: 'Again' });
    expect(done.statusCode).toBe(409);
    expect((await api('POST', '/api/portal/reschedule-requests', cookie.p1, { appointmentId: appts.p2Future, preferredDate: future(5), reason: 'Mine now' })).statusCode).toBe(404);
    expect((await api('POST', '/api/portal/reschedule-requests', cookie.pB, { appointmentId: appts.p1Soon, preferredDate: future(5), reason: 'Mine now' })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['today', () => ({ caseId: cases.p1, preferredDate: dayKey(), reason: 'Check-up' }), 'preferredDate'],
    ['a past date', () => ({ caseId: cases.p1, preferredDate: future(-3), reason: 'Check-up' }), 'preferredDate'],
    ['an impossible date', () => ({ caseId: cases.p1, preferredDate: '2031-02-30', reason: 'Check-up' }), 'preferredDate'],
    ['a date-time', () => ({ caseId: cases.p1, preferredDate: '2031-02-03T10:00:00Z', reason: 'Check-up' }), 'preferredDate'],
    ['no reason', () => ({ caseId: cases.p1, preferredDate: future(3) }), 'reason'],
    ['an oversized reason', () => ({ caseId: cases.p1, preferredDate: future(3), reason: 'x'.repeat(1001) }), 'reason'],
  ])('requestAppointment refuses %s with a 400 naming the field, writing nothing', async (_label, payload, field) => {
    const before = await counts();
    const res = await api('POST', '/api/portal/appointment-requests', cookie.p1, payload());
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await counts()).toEqual(before);
  });
});

describe('profile', () => {
  it('starts empty, saves the editable fields, keeps left-out ones, and never changes name or e-mail', async () => {
    const empty = await get('/api/portal/profile', cookie.p2);
    expect(empty).toMatchObject({ firstName: 'Zodwa', phone: null, medicalAidScheme: null, updatedAt: null });

    const saved = await api('PATCH', '/api/portal/profile', cookie.p1, {
      phone: '082 417 3390', address: '14 Kiewiet Crescent, Mitchells Plain', emergencyContactName: 'Nomvula', emergencyContactRelationship: 'Daughter',
      emergencyContactPhone: '+27 73 552 8146', medicalAidScheme: 'Bonitas', medicalAidNumber: '90048213', medicalAidMainMember: 'Thabo Nkosi',
      firstName: 'Someone', email: 'else@example.com', dateOfBirth: '2000-01-01',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ firstName: 'Thabo', dateOfBirth: null, phone: '082 417 3390', medicalAidScheme: 'Bonitas' });
    const again = await api('PATCH', '/api/portal/profile', cookie.p1, { medicalAidScheme: 'Discovery Health', address: '' });
    expect(again.json()).toMatchObject({ medicalAidScheme: 'Discovery Health', address: null, phone: '082 417 3390' });
    expect(await get('/api/portal/profile', cookie.p1)).toMatchObject({ medicalAidScheme: 'Discovery Health', emergencyContactName: 'Nomvula' });
    const user = await t.db.selectFrom('users').select(['first_name', 'email']).where('id', '=', ids.p1).executeTakeFirstOrThrow();
    expect(user.first_name).toBe('Thabo');
    expect(await get('/api/portal/profile', cookie.p2)).toMatchObject({ phone: null, medicalAidScheme: null });
  });

  it('keeps date of birth, phone, address and medical aid on the Patient\'s person (issue 19); the emergency contact stays on the profile', async () => {
    // The first save above made p1's person, linked to their account and named after it.
    const person = await t.db.selectFrom('people').selectAll().where('organization_id', '=', orgA).where('user_id', '=', ids.p1).executeTakeFirstOrThrow();
    expect(person).toMatchObject({ full_name: 'Thabo Nkosi', phone: '082 417 3390', medical_aid_scheme: 'Discovery Health', medical_aid_number: '90048213', address: null });
    const profileRow = await t.db.selectFrom('patient_profiles').selectAll().where('user_id', '=', ids.p1).executeTakeFirstOrThrow();
    expect(profileRow.emergency_contact_name).toBe('Nomvula');

    // Staff record the date of birth on the person: the portal shows it.
    await t.db.updateTable('people').set({ date_of_birth: '1984-06-02' }).where('id', '=', person.id).execute();
    expect(await get('/api/portal/profile', cookie.p1)).toMatchObject({ dateOfBirth: '1984-06-02', phone: '082 417 3390', medicalAidScheme: 'Discovery Health', emergencyContactName: 'Nomvula' });

    // A change in the portal lands on the same person, one version on.
    const res = await api('PATCH', '/api/portal/profile', cookie.p1, { phone: '083 555 0199', medicalAidMainMember: 'Thabo Nkosi' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.db.selectFrom('people').selectAll().where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ phone: '083 555 0199', medical_aid_main_member: 'Thabo Nkosi', date_of_birth: '1984-06-02' });
    expect(Number(after.version)).toBe(Number(person.version) + 1);
    const linked = await t.db.selectFrom('people').select('id').where('user_id', '=', ids.p1).execute();
    expect(linked).toEqual([{ id: person.id }]);
  });

  it.each([
    ['a non-South-African phone', { phone: '+44 20 7946 0958' }, 'phone'],
    ['a short phone', { phone: '082 123' }, 'phone'],
    ['a bad emergency phone', { emergencyContactPhone: 'call my daughter' }, 'emergencyContactPhone'],
    ['an oversized address', { address: 'x'.repeat(301) }, 'address'],
    ['a medical aid number with symbols', { medicalAidNumber: '9004<script>' }, 'medicalAidNumber'],
    ['a wrong type', { phone: 821234567 }, 'phone'],
    ['only read-only fields', { firstName: 'Someone', email: 'else@example.com' }, 'input'],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_label, payload, field) => {
    const before = await get('/api/portal/profile', cookie.p1);
    const res = await api('PATCH', '/api/portal/profile', cookie.p1, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await get('/api/portal/profile', cookie.p1)).toEqual(before);
  });
});

describe('records.recentTestResults (staff)', () => {
  it("lists the organisation's latest results for staff, and refuses a Patient", async () => {
    const list = await get<{ testName: string; patientName: string; status: string }[]>('/api/test-results/recent', cookie.nurse);
    expect(list.map((r) => r.testName)).toEqual(['Wound swab', 'Glucose tolerance', 'Full blood count']);
    expect(list[0]).toMatchObject({ patientName: 'Thabo Nkosi', status: 'Pending' });
    expect((await get<{ testName: string }[]>('/api/test-results/recent', cookie.doctorB)).map((r) => r.testName)).toEqual(['Troponin']);
    expect((await api('GET', '/api/test-results/recent', cookie.p1)).statusCode).toBe(403);
  });

  it('shows at most 8', async () => {
    for (let i = 0; i < 9; i++) await insertResult(orgB, cases.pB, `Panel ${i}`, -10 - i);
    expect(await get('/api/test-results/recent', cookie.doctorB)).toHaveLength(8);
  });
});
