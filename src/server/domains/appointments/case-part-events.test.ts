import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';

// Issue 18: what other domains do to a case lands on its timeline, in the same transaction —
// appointments booked and changed, time recorded, messages about it, bed stays — and the case page's
// filters (appointments, messages and one's own time of one case) answer that case only, through
// need to know. The timeline endpoint is another helper's: case_events is read directly here.

let t: TestApp;
let org: string;
let caseId: string;
let otherCase: string;
let secretCase: string;
const cookies: Record<string, string> = {};
let doctorId: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who]!, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const eventsOf = (id: string) =>
  t.db.selectFrom('case_events').select(['kind', 'summary', 'actor_id', 'details']).where('case_id', '=', id).orderBy('at').orderBy('id').execute();
const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: string }>).map((r) => r.id);

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Events Hospital');
  const admin = await createUser(t.db, { organizationId: org, role: 'Administrator' });
  const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Ayanda' });
  const outsider = await createUser(t.db, { organizationId: org, role: 'Nurse' });
  doctorId = doctor.id;
  cookies.admin = await signIn(t.app, admin.email);
  cookies.doctor = await signIn(t.app, doctor.email);
  cookies.outsider = await signIn(t.app, outsider.email);
  caseId = await createCase(t.db, org, { patient_name: 'Nomsa Zulu' });
  otherCase = await createCase(t.db, org, { patient_name: 'Other Person' });
  secretCase = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
  await addTeamMember(t.db, org, secretCase, doctor.id);
  const rate = await call('POST', '/api/staff-hourly-rates', 'admin', { userId: doctor.id, hourlyRate: 600, effectiveDate: '2020-01-01' });
  expect(rate.statusCode, rate.body).toBe(200);
});
afterAll(() => t.close());

describe('appointments on the case', () => {
  let appointmentId: string;

  it('records a booking for the case and each status change, and lists the case’s appointments by caseId', async () => {
    const booked = await call('POST', '/api/appointments', 'doctor', {
      title: 'Cardiology review', startTime: '2026-12-01T08:00:00.000Z', endTime: '2026-12-01T08:30:00.000Z', appointmentType: 'Follow-up', caseId,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    appointmentId = booked.json().id;
    await call('POST', '/api/appointments', 'doctor', { title: 'Someone else', startTime: '2026-12-01T09:00:00.000Z', endTime: '2026-12-01T09:30:00.000Z', caseId: otherCase });
    await call('POST', '/api/appointments', 'doctor', { title: 'No case', startTime: '2026-12-01T10:00:00.000Z', endTime: '2026-12-01T10:30:00.000Z' });
    expect((await call('PATCH', `/api/appointments/${appointmentId}`, 'doctor', { status: 'Cancelled' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/appointments/${appointmentId}`, 'doctor', { status: 'Cancelled' })).statusCode).toBe(200); // no change, no event

    const events = await eventsOf(caseId);
    expect(events.map((e) => [e.kind, e.actor_id])).toEqual([['appointment.booked', doctorId], ['appointment.changed', doctorId]]);
    expect(events[0]!.summary).toContain('Cardiology review');
    expect(events[1]!.summary).toBe('Appointment "Cardiology review" Scheduled → Cancelled');
    expect(JSON.parse(events[1]!.details).changes).toEqual([{ field: 'status', label: 'Status', from: 'Scheduled', to: 'Cancelled' }]);

    expect(ids(await call('GET', `/api/appointments?caseId=${caseId}`, 'doctor'))).toEqual([appointmentId]);
    expect(ids(await call('GET', '/api/appointments', 'doctor'))).toHaveLength(3); // the no-input call is unchanged
  });

  it('refuses a restricted case’s appointments to a non-member (RESTRICTED), in the list and the booking', async () => {
    const list = await call('GET', `/api/appointments?caseId=${secretCase}`, 'outsider');
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('RESTRICTED');
    const book = await call('POST', '/api/appointments', 'outsider', { title: 'x', startTime: '2026-12-02T08:00:00.000Z', endTime: '2026-12-02T09:00:00.000Z', caseId: secretCase });
    expect(book.json().code).toBe('RESTRICTED');
    expect(await eventsOf(secretCase)).toEqual([]);
  });
});

describe('time on the case', () => {
  it('records stopped time with its minutes (no money) and lists only my time on the case by caseId', async () => {
    const started = await call('POST', '/api/time-entries', 'doctor', { caseId, description: 'Ward round' });
    expect(started.statusCode, started.body).toBe(200);
    await call('POST', '/api/time-entries', 'doctor', { caseId: otherCase });
    const stopped = await call('POST', `/api/time-entries/${started.json().id}/stop`, 'doctor');
    expect(stopped.statusCode, stopped.body).toBe(200);
    const minutes = stopped.json().durationMinutes as number;
    const recorded = (await eventsOf(caseId)).filter((e) => e.kind === 'time.recorded');
    expect(recorded.map((e) => [e.summary, e.actor_id])).toEqual([[`${minutes} min recorded`, doctorId]]);
    expect(JSON.parse(recorded[0]!.details)).toMatchObject({ minutes, timeEntryId: started.json().id });
    expect(recorded[0]!.summary).not.toMatch(/R\s?\d/);

    expect(ids(await call('GET', `/api/time-entries/mine?caseId=${caseId}`, 'doctor'))).toEqual([started.json().id]);
    expect(ids(await call('GET', '/api/time-entries/mine', 'doctor'))).toHaveLength(2);
    expect((await call('GET', `/api/time-entries/mine?caseId=${secretCase}`, 'outsider')).json().code).toBe('RESTRICTED');
  });
});

describe('messages about the case', () => {
  it('records a message sent about the case (not its words) and answers the case thread by caseId', async () => {
    const sent = await call('POST', '/api/messages', 'doctor', { subject: 'Family meeting', content: 'Thursday 10:00', patientCaseId: caseId, recipientRole: 'Nurse' });
    expect(sent.statusCode, sent.body).toBe(200);
    await call('POST', '/api/messages', 'doctor', { subject: 'Other case', content: 'x', patientCaseId: otherCase, recipientRole: 'Nurse' });
    await call('POST', '/api/messages', 'doctor', { subject: 'No case', content: 'x' });
    const messages = (await eventsOf(caseId)).filter((e) => e.kind === 'message.sent');
    expect(messages.map((e) => [e.summary, e.actor_id])).toEqual([['Message sent about this case', doctorId]]);
    expect(messages[0]!.summary).not.toContain('Family meeting');

    expect(ids(await call('GET', `/api/messages?caseId=${caseId}`, 'doctor'))).toEqual([sent.json().id]);
    expect(ids(await call('GET', `/api/messages?caseId=${caseId}`, 'outsider'))).toEqual([sent.json().id]); // a Nurse: a recipient by role
    expect(ids(await call('GET', '/api/messages', 'doctor'))).toHaveLength(3);
    expect((await call('GET', `/api/messages?caseId=${secretCase}`, 'outsider')).json().code).toBe('RESTRICTED');
  });
});

describe('beds', () => {
  it('records the assignment and the release of a bed for the case', async () => {
    const bed = await call('POST', '/api/beds', 'admin', { bedNumber: 'W1-01', ward: 'Ward 1' });
    expect(bed.statusCode, bed.body).toBe(200);
    const id = bed.json().id as string;
    expect((await call('POST', `/api/beds/${id}/assign`, 'admin', { patientId: 'P-1', caseId })).statusCode).toBe(200);
    expect((await call('POST', `/api/beds/${id}/release`, 'admin')).statusCode).toBe(200);
    const beds = (await eventsOf(caseId)).filter((e) => e.kind.startsWith('bed.'));
    expect(beds.map((e) => [e.kind, e.summary])).toEqual([['bed.assigned', 'Assigned to bed W1-01 (Ward 1)'], ['bed.released', 'Bed W1-01 released']]);
  });
});
