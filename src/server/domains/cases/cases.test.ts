import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

let t: TestApp;
let orgA: string;
let orgB: string;
let adminA: string; // cookie
let doctorA: { id: string };
let nurseA: { id: string };
let managerA: { id: string };
let patientUserA: { id: string };
let patientA: string; // cookie
let memberB: { id: string };
let caseB: string;

type Method = 'GET' | 'POST' | 'PATCH';
const api = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

async function insertCase(organizationId: string, values: { patientName: string; caseType?: string; status?: string; createdAt?: string; patientUserId?: string | null }) {
  const id = randomUUID();
  const at = values.createdAt ?? nowIso();
  await t.db
    .insertInto('cases')
    .values({
      id, organization_id: organizationId, patient_name: values.patientName, patient_user_id: values.patientUserId ?? null,
      case_type: values.caseType ?? 'General', description: null, status: values.status ?? 'Scheduled', scheduled_date: null,
      assigned_doctor_id: null, assigned_nurse_id: null, case_manager_id: null, department: null, admission_date: null,
      estimated_discharge: null, completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null,
      created_at: at, updated_at: at,
    })
    .execute();
  return id;
}

const caseCount = async () => (await t.db.selectFrom('cases').select('id').execute()).length;
const caseRow = (id: string) => t.db.selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Clinic');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  adminA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Administrator' })).email);
  doctorA = await createUser(t.db, { organizationId: orgA, role: 'Doctor', firstName: 'Sipho' });
  nurseA = await createUser(t.db, { organizationId: orgA, role: 'Nurse', firstName: 'Lerato' });
  managerA = await createUser(t.db, { organizationId: orgA, role: 'Case Manager', firstName: 'Ayesha' });
  patientUserA = await createUser(t.db, { organizationId: orgA, role: 'Patient', firstName: 'Johan' });
  patientA = await signIn(t.app, (await t.db.selectFrom('users').select('email').where('id', '=', patientUserA.id).executeTakeFirstOrThrow()).email);
  memberB = await createUser(t.db, { organizationId: orgB, role: 'Doctor' });
  caseB = await insertCase(orgB, { patientName: 'Other Org Patient', caseType: 'Cardiology' });
});
afterAll(() => t.close());

describe('cases.create (POST /api/patient-cases)', () => {
  it('opens a Scheduled case with priority Medium by default', async () => {
    const res = await api('POST', '/api/patient-cases', adminA, { patientName: '  Nomsa Dlamini ', caseType: 'Maternity' });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ patientName: 'Nomsa Dlamini', caseType: 'Maternity', priority: 'Medium', status: 'Scheduled', progressPercentage: 0, urgentFlags: [], completedAt: null, scheduledDate: null });
    const row = await caseRow(created.id);
    expect(row.organization_id).toBe(orgA);
    expect(row.status).toBe('Scheduled');
  });

  it('stores the full case shape and answers it with the staff names', async () => {
    const res = await api('POST', '/api/patient-cases', adminA, {
      patientName: 'Pieter van Wyk', caseType: 'Orthopaedics', description: 'Left hip', priority: 'High',
      scheduledDate: '2026-12-01T09:30:00+02:00', assignedDoctorId: doctorA.id, assignedNurseId: nurseA.id, caseManagerId: managerA.id,
      patientUserId: patientUserA.id, department: 'Surgery', admissionDate: '2026-12-01', estimatedDischarge: '2026-12-05T10:00:00Z',
      progressPercentage: 15, bedNumber: 'B-12', treatmentPlan: 'Total hip replacement', notes: 'Penicillin allergy', urgentFlags: ['Allergy', 'Fall risk'],
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    const got = await api('GET', `/api/patient-cases/${id}`, adminA);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      id, priority: 'High', status: 'Scheduled', scheduledDate: '2026-12-01T07:30:00.000Z',
      assignedDoctorId: doctorA.id, assignedDoctor: 'Sipho Nkosi', assignedNurseId: nurseA.id, assignedNurse: 'Lerato Nkosi',
      caseManagerId: managerA.id, caseManager: 'Ayesha Nkosi', patientUserId: patientUserA.id, department: 'Surgery',
      admissionDate: '2026-12-01T00:00:00.000Z', estimatedDischarge: '2026-12-05T10:00:00.000Z', progressPercentage: 15,
      bedNumber: 'B-12', treatmentPlan: 'Total hip replacement', notes: 'Penicillin allergy', urgentFlags: ['Allergy', 'Fall risk'],
    });
    expect((await caseRow(id)).urgent_flags).toBe('["Allergy","Fall risk"]');
  });

  it('rejects bad input with a 400 naming each field, writing nothing', async () => {
    const before = await caseCount();
    const cases: [object, string[]][] = [
      [{ caseType: 'Maternity' }, ['patientName']],
      [{ patientName: 'A', caseType: 42 }, ['caseType']],
      [{ patientName: 'x'.repeat(201), caseType: 'Maternity' }, ['patientName']],
      [{ patientName: 'A', caseType: 'B', priority: 'Critical' }, ['priority']],
      [{ patientName: 'A', caseType: 'B', scheduledDate: 'next tuesday' }, ['scheduledDate']],
      [{ patientName: 'A', caseType: 'B', progressPercentage: 101 }, ['progressPercentage']],
      [{ patientName: 'A', caseType: 'B', urgentFlags: Array.from({ length: 21 }, (_, i) => `flag ${i}`) }, ['urgentFlags']],
      [{ patientName: 'A', caseType: 'B', notes: 'x'.repeat(5001) }, ['notes']],
    ];
    for (const [payload, fields] of cases) {
      const res = await api('POST', '/api/patient-cases', adminA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(fields);
    }
    const missing = await api('POST', '/api/patient-cases', adminA, {});
    expect(missing.json().fields).toEqual({ patientName: 'Patient name is required', caseType: 'Case type is required' });
    const blank = await api('POST', '/api/patient-cases', adminA, { patientName: ' ', caseType: '' });
    expect(blank.json().fields).toEqual({ patientName: 'Patient name is required', caseType: 'Case type is required' });
    expect(await caseCount()).toBe(before);
  });

  it("refuses staff who are not members of the caller's organisation, naming the field", async () => {
    const before = await caseCount();
    const foreign = await api('POST', '/api/patient-cases', adminA, { patientName: 'A', caseType: 'B', assignedNurseId: memberB.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ assignedNurseId: 'Nurse is not a staff member of this organisation' });
    const unknown = await api('POST', '/api/patient-cases', adminA, { patientName: 'A', caseType: 'B', caseManagerId: 'no-such-user' });
    expect(unknown.json().fields).toHaveProperty('caseManagerId');
    const patientAsDoctor = await api('POST', '/api/patient-cases', adminA, { patientName: 'A', caseType: 'B', assignedDoctorId: patientUserA.id });
    expect(patientAsDoctor.json().fields).toHaveProperty('assignedDoctorId');
    const staffAsPatient = await api('POST', '/api/patient-cases', adminA, { patientName: 'A', caseType: 'B', patientUserId: doctorA.id });
    expect(staffAsPatient.json().fields).toEqual({ patientUserId: 'Patient user is not a patient of this organisation' });
    expect(await caseCount()).toBe(before);
  });
});

describe('cases.list (GET /api/patient-cases, alias /api/cases)', () => {
  let org: string;
  let cookie: string;
  const names = ['Zanele Mokoena', 'Ahmed Patel', 'Zandile Khumalo', 'Peter Smith', 'Anna 100% Fit'];

  beforeAll(async () => {
    org = await createOrganization(t.db, 'Listing Clinic');
    cookie = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Doctor' })).email);
    const types = ['Cardiology', 'Orthopaedics', 'cardiac rehab', 'General', 'General'];
    const statuses = ['Scheduled', 'In Progress', 'Completed', 'In Progress', 'Scheduled'];
    for (const [i, name] of names.entries()) {
      await insertCase(org, { patientName: name, caseType: types[i], status: statuses[i], createdAt: `2026-01-0${i + 1}T08:00:00.000Z` });
    }
  });

  const list = async (query = '') => {
    const res = await api('GET', `/api/patient-cases${query}`, cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as { items: { patientName: string }[]; total: number; page: number; pageSize: number };
  };

  it("lists the organisation's cases newest first with the default page", async () => {
    const body = await list();
    expect(body.items.map((c) => c.patientName)).toEqual([...names].reverse());
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 50 });
  });

  it('searches patient name and case type, ignoring case', async () => {
    expect((await list('?search=ZAN')).items.map((c) => c.patientName)).toEqual(['Zandile Khumalo', 'Zanele Mokoena']);
    expect((await list('?search=cardi')).items.map((c) => c.patientName)).toEqual(['Zandile Khumalo', 'Zanele Mokoena']);
    expect((await list('?search=ORTHO')).items.map((c) => c.patientName)).toEqual(['Ahmed Patel']);
    // % and _ are searched for literally, not as wildcards.
    expect((await list('?search=100%25')).items.map((c) => c.patientName)).toEqual(['Anna 100% Fit']);
    expect((await list('?search=_')).total).toBe(0);
  });

  it('filters by status, together with the search', async () => {
    expect((await list('?status=In%20Progress')).items.map((c) => c.patientName)).toEqual(['Peter Smith', 'Ahmed Patel']);
    const both = await list('?status=Scheduled&search=z');
    expect(both.items.map((c) => c.patientName)).toEqual(['Zanele Mokoena']);
    expect(both.total).toBe(1);
    expect((await list('?status=&search=')).total).toBe(5); // empty filters mean none
  });

  it('pages through the results with the total of all matches', async () => {
    const first = await list('?pageSize=2');
    const second = await list('?pageSize=2&page=2');
    const third = await list('?pageSize=2&page=3');
    expect(first.items.map((c) => c.patientName)).toEqual(['Anna 100% Fit', 'Peter Smith']);
    expect(second.items.map((c) => c.patientName)).toEqual(['Zandile Khumalo', 'Ahmed Patel']);
    expect(third.items.map((c) => c.patientName)).toEqual(['Zanele Mokoena']);
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect(third).toMatchObject({ page: 3, pageSize: 2 });
    expect((await list('?pageSize=2&page=4')).items).toEqual([]);
  });

  it('answers the same through the /api/cases alias and tRPC', async () => {
    const alias = await api('GET', '/api/cases?search=zan&pageSize=1', cookie);
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(await list('?search=zan&pageSize=1'));
    const input = encodeURIComponent(JSON.stringify({ search: 'zan', pageSize: 1 }));
    const trpc = await t.app.inject({ method: 'GET', url: `/trpc/cases.list?input=${input}`, headers: { cookie } });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(alias.json());
    const noInput = await t.app.inject({ method: 'GET', url: '/trpc/cases.list', headers: { cookie } });
    expect(noInput.json().result.data).toMatchObject({ total: 5, page: 1, pageSize: 50 });
  });

  it('rejects a bad page, page size, status or search with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?pageSize=201', 'pageSize'], ['?pageSize=0', 'pageSize'], ['?page=0', 'page'], ['?page=two', 'page'],
      ['?status=Closed', 'status'], [`?search=${'a'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await api('GET', `/api/patient-cases${query}`, cookie);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect((await api('GET', '/api/patient-cases?pageSize=200', cookie)).statusCode).toBe(200);
  });

  it("never lists another organisation's cases", async () => {
    const body = await list('?search=Other%20Org');
    expect(body.total).toBe(0);
  });
});

describe('cases.update with {status} alone (PATCH /api/patient-cases/{id}, SPEC §7.3)', () => {
  it('completes a case (completed_at, progress 100) and reopens it (completed_at cleared)', async () => {
    const id = await insertCase(orgA, { patientName: 'Status Patient' });
    const started = await api('PATCH', `/api/patient-cases/${id}`, adminA, { status: 'In Progress' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'In Progress', completedAt: null, progressPercentage: 0 });

    const done = await api('PATCH', `/api/patient-cases/${id}`, adminA, { status: 'Completed' });
    expect(done.json()).toMatchObject({ status: 'Completed', progressPercentage: 100 });
    const completedAt = done.json().completedAt;
    expect(Date.now() - Date.parse(completedAt)).toBeLessThan(60_000);
    expect((await caseRow(id)).completed_at).toBe(completedAt);

    // Sending Completed again keeps the first completion time.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await api('PATCH', `/api/patient-cases/${id}`, adminA, { status: 'Completed' })).json().completedAt).toBe(completedAt);

    const reopened = await api('PATCH', `/api/patient-cases/${id}`, adminA, { status: 'Scheduled' });
    expect(reopened.json()).toMatchObject({ status: 'Scheduled', completedAt: null });
    expect((await caseRow(id)).completed_at).toBeNull();
  });

  it('rejects an unknown status with a 400, changing nothing', async () => {
    const id = await insertCase(orgA, { patientName: 'Bad Status', status: 'In Progress' });
    // An empty body is an edit of nothing since issue 18 (any subset): see case-edit.test.ts.
    for (const payload of [{ status: 'Closed' }, { status: 3 }]) {
      const res = await api('PATCH', `/api/patient-cases/${id}`, adminA, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['status']);
    }
    expect((await caseRow(id)).status).toBe('In Progress');
  });
});

describe('tenancy and roles', () => {
  it("answers 404 for another organisation's case, reading and writing nothing", async () => {
    const before = await caseRow(caseB);
    expect((await api('GET', `/api/patient-cases/${caseB}`, adminA)).statusCode).toBe(404);
    const patched = await api('PATCH', `/api/patient-cases/${caseB}`, adminA, { status: 'Completed' });
    expect(patched.statusCode).toBe(404);
    expect(patched.body).not.toContain('Other Org Patient');
    expect(await caseRow(caseB)).toEqual(before);
    expect((await api('GET', '/api/patient-cases/no-such-case', adminA)).statusCode).toBe(404);
  });

  it('shows a Patient only the case linked to them', async () => {
    const own = await insertCase(orgA, { patientName: 'Johan Own Case', patientUserId: patientUserA.id });
    const other = await insertCase(orgA, { patientName: 'Someone Else' });
    const listed = await api('GET', '/api/patient-cases', patientA);
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().items.map((c: { id: string }) => c.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(other);
    expect(listed.json().items.every((c: { patientUserId: string }) => c.patientUserId === patientUserA.id)).toBe(true);
    expect((await api('GET', `/api/cases?search=Someone`, patientA)).json().total).toBe(0);
    expect((await api('GET', `/api/patient-cases/${own}`, patientA)).statusCode).toBe(200);
    expect((await api('GET', `/api/patient-cases/${other}`, patientA)).statusCode).toBe(404);
  });

  it('refuses roles without the capability (403) and strangers (401), writing nothing', async () => {
    const before = await caseCount();
    const id = await insertCase(orgA, { patientName: 'Untouched', patientUserId: patientUserA.id });
    expect((await api('POST', '/api/patient-cases', patientA, { patientName: 'A', caseType: 'B' })).statusCode).toBe(403);
    expect((await api('PATCH', `/api/patient-cases/${id}`, patientA, { status: 'Completed' })).statusCode).toBe(403);
    expect((await caseRow(id)).status).toBe('Scheduled');
    expect((await t.app.inject({ method: 'GET', url: '/api/patient-cases' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/patient-cases', headers: { origin: ORIGIN }, payload: { patientName: 'A', caseType: 'B' } })).statusCode).toBe(401);
    expect(await caseCount()).toBe(before + 1);
  });
});
