import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes, nowIso } from '../../../../db/time';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

let t: TestApp;
let orgA: string;
let orgB: string;
let nurseA: string; // cookie
let patientA: string; // cookie
let caseA: string;
let caseB: string;
let appointmentB: string;

type Method = 'GET' | 'POST' | 'PATCH';
const api = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

async function insertCase(organizationId: string, patientName: string) {
  const id = randomUUID();
  const at = nowIso();
  await t.db
    .insertInto('cases')
    .values({
      id, organization_id: organizationId, patient_name: patientName, patient_user_id: null, case_type: 'General', description: null,
      scheduled_date: null, assigned_doctor_id: null, assigned_nurse_id: null, case_manager_id: null, department: null, admission_date: null,
      estimated_discharge: null, completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null, created_at: at, updated_at: at,
    })
    .execute();
  return id;
}

async function insertAppointment(organizationId: string, title: string, startTime: string, status = 'Scheduled') {
  const id = randomUUID();
  const at = nowIso();
  await t.db
    .insertInto('appointments')
    .values({ id, organization_id: organizationId, case_id: null, title, description: null, start_time: startTime, end_time: addMinutes(startTime, 30), location: null, status, created_by: null, created_at: at, updated_at: at })
    .execute();
  return id;
}

const appointmentCount = async () => (await t.db.selectFrom('appointments').select('id').execute()).length;
const appointmentRow = (id: string) => t.db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Clinic');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  nurseA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Nurse' })).email);
  patientA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Patient' })).email);
  caseA = await insertCase(orgA, 'Nomsa Dlamini');
  caseB = await insertCase(orgB, 'Other Org Patient');
  appointmentB = await insertAppointment(orgB, 'Other org appointment', addMinutes(nowIso(), 60));
});
afterAll(() => t.close());

describe('appointments.create (POST /api/appointments)', () => {
  it('books a Scheduled Consultation by default, times normalised to UTC', async () => {
    const res = await api('POST', '/api/appointments', nurseA, { title: ' Wound check ', startTime: '2026-12-01T09:00:00+02:00', endTime: '2026-12-01T09:30:00+02:00' });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ title: 'Wound check', appointmentType: 'Consultation', status: 'Scheduled', startTime: '2026-12-01T07:00:00.000Z', endTime: '2026-12-01T07:30:00.000Z', location: null, description: null, caseId: null });
    expect((await appointmentRow(created.id)).organization_id).toBe(orgA);
  });

  it('links a case of the organisation', async () => {
    const res = await api('POST', '/api/appointments', nurseA, {
      title: 'Theatre', startTime: '2026-12-02T08:00:00Z', endTime: '2026-12-02T10:00:00Z', appointmentType: 'Surgery', location: 'Theatre 2', description: 'Hip', caseId: caseA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ appointmentType: 'Surgery', location: 'Theatre 2', description: 'Hip', caseId: caseA });
  });

  it('rejects an end time not after the start with a 400 naming endTime, writing nothing', async () => {
    const before = await appointmentCount();
    for (const endTime of ['2026-12-01T08:59:00Z', '2026-12-01T09:00:00Z']) {
      const res = await api('POST', '/api/appointments', nurseA, { title: 'Backwards', startTime: '2026-12-01T09:00:00Z', endTime });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ endTime: 'End time must be after the start time' });
    }
    // The same instant written in another zone is not "after" either.
    const zoned = await api('POST', '/api/appointments', nurseA, { title: 'Zoned', startTime: '2026-12-01T09:00:00Z', endTime: '2026-12-01T10:00:00+01:00' });
    expect(zoned.statusCode).toBe(400);
    expect(await appointmentCount()).toBe(before);
  });

  it("rejects a case of another organisation (or none) with a 400 naming caseId", async () => {
    const before = await appointmentCount();
    for (const caseId of [caseB, 'no-such-case']) {
      const res = await api('POST', '/api/appointments', nurseA, { title: 'X', startTime: '2026-12-01T09:00:00Z', endTime: '2026-12-01T10:00:00Z', caseId });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ caseId: 'Choose a case of your organisation' });
      expect(res.body).not.toContain('Other Org Patient');
    }
    expect(await appointmentCount()).toBe(before);
  });

  it('rejects bad input with a 400 naming each field, writing nothing', async () => {
    const before = await appointmentCount();
    const ok = { title: 'T', startTime: '2026-12-01T09:00:00Z', endTime: '2026-12-01T10:00:00Z' };
    const cases: [object, Record<string, string> | string[]][] = [
      [{}, { title: 'Title is required', startTime: 'Start time is required', endTime: 'End time is required' }],
      [{ ...ok, title: '   ' }, { title: 'Title is required' }],
      [{ ...ok, title: 7 }, ['title']],
      [{ ...ok, title: 'x'.repeat(201) }, ['title']],
      [{ ...ok, startTime: 'tomorrow morning' }, { startTime: 'Start time must be a date and time' }],
      [{ ...ok, endTime: '2026-12-01T10:00:00' }, { endTime: 'End time must be a date and time' }], // no zone
      [{ ...ok, appointmentType: 'Haircut' }, ['appointmentType']],
      [{ ...ok, location: 'x'.repeat(201) }, ['location']],
      [{ ...ok, caseId: 12 }, ['caseId']],
      [{ startTime: ok.endTime, endTime: ok.startTime }, { title: 'Title is required', endTime: 'End time must be after the start time' }],
    ];
    for (const [payload, expected] of cases) {
      const res = await api('POST', '/api/appointments', nurseA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = res.json().fields;
      if (Array.isArray(expected)) expect(Object.keys(fields)).toEqual(expected);
      else expect(fields).toEqual(expected);
    }
    expect(await appointmentCount()).toBe(before);
  });
});

describe('appointments.list and appointments.upcoming', () => {
  let org: string;
  let cookie: string;
  const now = Date.now();
  const inHours = (h: number) => new Date(now + h * 3_600_000).toISOString();

  beforeAll(async () => {
    org = await createOrganization(t.db, 'Schedule Clinic');
    cookie = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Doctor' })).email);
    // Inserted out of order on purpose.
    await insertAppointment(org, 'in 5h', inHours(5));
    await insertAppointment(org, 'in 1h', inHours(1));
    await insertAppointment(org, 'in 2h cancelled', inHours(2), 'Cancelled');
    await insertAppointment(org, 'in 3h', inHours(3), 'In Progress');
    await insertAppointment(org, 'in 7h', inHours(7));
    await insertAppointment(org, 'in 4h completed', inHours(4), 'Completed');
    await insertAppointment(org, 'in 6h', inHours(6));
    await insertAppointment(org, 'in 8h', inHours(8));
    await insertAppointment(org, '1h ago', inHours(-1));
    await insertAppointment(org, 'in 2d', inHours(48));
  });

  it("lists every appointment of the organisation by start time", async () => {
    const res = await api('GET', '/api/appointments', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { title: string }) => a.title)).toEqual([
      '1h ago', 'in 1h', 'in 2h cancelled', 'in 3h', 'in 4h completed', 'in 5h', 'in 6h', 'in 7h', 'in 8h', 'in 2d',
    ]);
  });

  it('gives the 5 soonest from now that are neither Cancelled nor Completed', async () => {
    const res = await api('GET', '/api/appointments/upcoming', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { title: string }) => a.title)).toEqual(['in 1h', 'in 3h', 'in 5h', 'in 6h', 'in 7h']);
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/appointments.upcoming', headers: { cookie } });
    expect(trpc.json().result.data).toEqual(res.json());
  });

  it("never shows another organisation's appointments", async () => {
    const titles = (await api('GET', '/api/appointments', nurseA)).json().map((a: { title: string }) => a.title);
    expect(titles).not.toContain('Other org appointment');
    expect(titles).not.toContain('in 1h');
  });
});

describe('appointments.update (PATCH /api/appointments/{id})', () => {
  it('moves freely among the four statuses', async () => {
    const id = await insertAppointment(orgA, 'Status round', '2026-12-03T09:00:00.000Z');
    for (const status of ['In Progress', 'Completed', 'Scheduled', 'Cancelled', 'Scheduled']) {
      const res = await api('PATCH', `/api/appointments/${id}`, nurseA, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
      expect((await appointmentRow(id)).status).toBe(status);
    }
  });

  it('rejects an unknown status with a 400 naming status, changing nothing', async () => {
    const id = await insertAppointment(orgA, 'Unchanged', '2026-12-03T09:00:00.000Z');
    for (const payload of [{ status: 'Postponed' }, { status: null }, {}]) {
      const res = await api('PATCH', `/api/appointments/${id}`, nurseA, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['status']);
    }
    expect((await appointmentRow(id)).status).toBe('Scheduled');
  });

  it("answers 404 for another organisation's appointment, changing nothing", async () => {
    const before = await appointmentRow(appointmentB);
    const res = await api('PATCH', `/api/appointments/${appointmentB}`, nurseA, { status: 'Cancelled' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Other org appointment');
    expect(await appointmentRow(appointmentB)).toEqual(before);
  });
});

describe('roles', () => {
  it('refuses a role without the capability (403) and strangers (401), writing nothing', async () => {
    const before = await appointmentCount();
    const id = await insertAppointment(orgA, 'Patient cannot touch', '2026-12-04T09:00:00.000Z');
    expect((await api('GET', '/api/appointments', patientA)).statusCode).toBe(403);
    expect((await api('GET', '/api/appointments/upcoming', patientA)).statusCode).toBe(403);
    expect((await api('POST', '/api/appointments', patientA, { title: 'T', startTime: '2026-12-01T09:00:00Z', endTime: '2026-12-01T10:00:00Z' })).statusCode).toBe(403);
    expect((await api('PATCH', `/api/appointments/${id}`, patientA, { status: 'Cancelled' })).statusCode).toBe(403);
    expect((await appointmentRow(id)).status).toBe('Scheduled');
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments' })).statusCode).toBe(401);
    expect(await appointmentCount()).toBe(before + 1);
  });
});
