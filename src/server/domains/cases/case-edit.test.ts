import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, apiOf, organisation, person } from '../../test-support/case-file';
import { type TestApp, startTestApp } from '../../test-support/test-app';

// PATCH /api/patient-cases/{id} (issue 18): any subset of the §3.2 fields, expectedVersion, 409 with
// the current case, every change old → new on the timeline; and the case's reference number.

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let orgA: string;
let orgB: string;
let admin: Person;
let doctor: Person;
let patient: Person;
let foreignDoctor: Person;
let adminB: Person;

/** The South African year of now: references count per SA year (UTC+2, no daylight saving). */
const saYear = () => new Date(Date.now() + 2 * 3_600_000).getUTCFullYear();

async function createCase(cookie: string, body: object = {}) {
  const res = await api('POST', '/api/patient-cases', cookie, { patientName: 'Nomsa Dlamini', caseType: 'Maternity', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; version: number; reference: string; priority: string };
}

async function timeline(id: string, cookie = admin.cookie) {
  const res = await api('GET', `/api/patient-cases/${id}/timeline`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { kind: string; summary: string; actorName: string | null; changes: { field: string; label: string; from: string | null; to: string | null }[] }[] };
}

const row = (id: string) => t.db.selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startTestApp();
  api = apiOf(t);
  orgA = await organisation(t, 'Amahle Clinic');
  orgB = await organisation(t, 'Bongani Hospital');
  admin = await person(t, orgA, 'Administrator', 'Ayanda');
  doctor = await person(t, orgA, 'Doctor', 'Sipho');
  patient = await person(t, orgA, 'Patient', 'Johan');
  foreignDoctor = await person(t, orgB, 'Doctor', 'Bheki');
  adminB = await person(t, orgB, 'Administrator', 'Buhle');
});
afterAll(() => t.close());

describe('reference numbers', () => {
  it('numbers cases per organisation and South African year, PREFIX-YYYY-NNNNN, and finds them by reference', async () => {
    const first = await createCase(admin.cookie, { patientName: 'Reference One' });
    const second = await createCase(admin.cookie, { patientName: 'Reference Two' });
    const other = await createCase(adminB.cookie, { patientName: 'Other Org' });
    const year = saYear();
    // "Amahle Clinic" → AC; "Bongani Hospital" → BH: each organisation counts from 1.
    expect(first.reference).toMatch(new RegExp(`^AC-${year}-\\d{5}$`));
    expect(Number(second.reference.slice(-5))).toBe(Number(first.reference.slice(-5)) + 1);
    expect(other.reference).toBe(`BH-${year}-00001`);

    const exact = await api('GET', `/api/patient-cases?search=${second.reference.toLowerCase()}`, admin.cookie);
    expect(exact.json().items.map((c: { id: string }) => c.id)).toEqual([second.id]);
    const prefix = await api('GET', `/api/patient-cases?search=ac-${year}`, admin.cookie);
    const found = prefix.json().items.map((c: { id: string }) => c.id);
    expect(found).toContain(first.id);
    expect(found).toContain(second.id);
    expect(found).not.toContain(other.id);
    // Another organisation's reference finds nothing here.
    expect((await api('GET', `/api/patient-cases?search=${other.reference}`, admin.cookie)).json().total).toBe(0);
  });

  it('gives concurrent creates distinct numbers', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => createCase(admin.cookie, { patientName: `Concurrent ${i}` })));
    const references = made.map((c) => c.reference);
    expect(new Set(references).size).toBe(6);
  });
});

describe('cases.update (PATCH /api/patient-cases/{id})', () => {
  it('changes only the fields sent, +1 version, and records each old → new on the timeline', async () => {
    const created = await createCase(admin.cookie, { priority: 'Medium', caseType: 'Cardiology' });
    expect(created.version).toBe(1);
    const res = await api('PATCH', `/api/patient-cases/${created.id}`, admin.cookie, { priority: 'High', department: 'Surgery', urgentFlags: ['Allergy', 'Fall risk'], expectedVersion: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ priority: 'High', department: 'Surgery', caseType: 'Cardiology', patientName: 'Nomsa Dlamini', urgentFlags: ['Allergy', 'Fall risk'], version: 2 });
    expect((await api('GET', `/api/patient-cases/${created.id}`, admin.cookie)).json().version).toBe(2);

    const items = (await timeline(created.id)).items;
    expect(items.map((i) => i.kind)).toEqual(['case.updated', 'case.created']);
    expect(items[0]!.actorName).toBe('Ayanda Nkosi');
    expect(items[0]!.changes).toEqual([
      { field: 'department', label: 'Department', from: null, to: 'Surgery' },
      { field: 'priority', label: 'Priority', from: 'Medium', to: 'High' },
      { field: 'urgentFlags', label: 'Urgent flags', from: null, to: 'Allergy, Fall risk' },
    ]);
  });

  it('assigns a slot by name on the timeline and as a member of the team', async () => {
    const created = await createCase(admin.cookie);
    const res = await api('PATCH', `/api/patient-cases/${created.id}`, admin.cookie, { assignedDoctorId: doctor.id });
    expect(res.json()).toMatchObject({ assignedDoctorId: doctor.id, assignedDoctor: 'Sipho Nkosi' });
    const team = (await api('GET', `/api/patient-cases/${created.id}/team`, admin.cookie)).json();
    expect(team.members).toEqual([{ userId: doctor.id, name: 'Sipho Nkosi', roleOnCase: 'attending-doctor', roleLabel: 'Attending doctor' }]);
    expect((await timeline(created.id)).items[0]!.changes).toEqual([{ field: 'assignedDoctorId', label: 'Doctor', from: null, to: 'Sipho Nkosi' }]);

    // Clearing the slot removes them from that role.
    await api('PATCH', `/api/patient-cases/${created.id}`, admin.cookie, { assignedDoctorId: null });
    expect((await api('GET', `/api/patient-cases/${created.id}/team`, admin.cookie)).json().members).toEqual([]);
  });

  it('takes {status} alone without a version (SPEC §7.3): Completed stamps completion and progress 100', async () => {
    const created = await createCase(admin.cookie);
    const res = await api('PATCH', `/api/patient-cases/${created.id}`, admin.cookie, { status: 'Completed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Completed', progressPercentage: 100, version: 2 });
    expect(res.json().completedAt).not.toBeNull();
    expect((await row(created.id)).first_completed_at).toBe(res.json().completedAt);
    expect((await timeline(created.id)).items[0]!.changes).toEqual([
      { field: 'status', label: 'Status', from: 'Scheduled', to: 'Completed' },
      { field: 'progressPercentage', label: 'Progress', from: '0%', to: '100%' },
    ]);
  });

  it('writes nothing for an edit that changes nothing: no version, no timeline line', async () => {
    const created = await createCase(admin.cookie, { priority: 'Low' });
    for (const body of [{ priority: 'Low' }, {}]) {
      const res = await api('PATCH', `/api/patient-cases/${created.id}`, admin.cookie, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().version).toBe(1);
    }
    expect((await timeline(created.id)).items.map((i) => i.kind)).toEqual(['case.created']);
  });

  it('answers a stale version with 409 and the case as it is now, writing nothing', async () => {
    const created = await createCase(admin.cookie);
    await api('PATCH', `/api/patient-cases/${created.id}`, admin.cookie, { priority: 'High', expectedVersion: 1 });
    const stale = await api('PATCH', `/api/patient-cases/${created.id}`, admin.cookie, { priority: 'Low', department: 'ICU', expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', current: { id: created.id, priority: 'High', department: null, version: 2 } });
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect((await row(created.id)).priority).toBe('High');
    expect((await timeline(created.id)).items).toHaveLength(2);
  });

  it('lets exactly one of two concurrent edits of the same version win', async () => {
    const created = await createCase(admin.cookie);
    const [a, b] = await Promise.all([
      api('PATCH', `/api/patient-cases/${created.id}`, admin.cookie, { department: 'Ward A', expectedVersion: 1 }),
      api('PATCH', `/api/patient-cases/${created.id}`, doctor.cookie, { department: 'Ward B', expectedVersion: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Ward A' : 'Ward B';
    expect(await row(created.id)).toMatchObject({ department: winner, version: 2 });
    expect((await timeline(created.id)).items.filter((i) => i.kind === 'case.updated')).toHaveLength(1);
  });

  it('refuses people who are not staff of the organisation and bad values with a 400 naming the field', async () => {
    const created = await createCase(admin.cookie);
    const cases: [object, string][] = [
      [{ assignedDoctorId: foreignDoctor.id }, 'assignedDoctorId'],
      [{ assignedNurseId: patient.id }, 'assignedNurseId'],
      [{ patientUserId: doctor.id }, 'patientUserId'],
      [{ progressPercentage: 101 }, 'progressPercentage'],
      [{ patientName: '  ' }, 'patientName'],
      [{ expectedVersion: 0 }, 'expectedVersion'],
    ];
    for (const [body, field] of cases) {
      const res = await api('PATCH', `/api/patient-cases/${created.id}`, admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect((await row(created.id)).version).toBe(1);
    expect(await t.db.selectFrom('case_team').select('id').where('case_id', '=', created.id).execute()).toEqual([]);
  });

  it("answers 404 for another organisation's case and 403 for a Patient", async () => {
    const other = await createCase(adminB.cookie);
    expect((await api('PATCH', `/api/patient-cases/${other.id}`, admin.cookie, { priority: 'High' })).statusCode).toBe(404);
    expect((await row(other.id)).priority).toBe('Medium');
    const own = await createCase(admin.cookie, { patientUserId: patient.id });
    expect((await api('PATCH', `/api/patient-cases/${own.id}`, patient.cookie, { priority: 'High' })).statusCode).toBe(403);
  });
});
