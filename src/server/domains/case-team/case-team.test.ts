import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, apiOf, organisation, person } from '../../test-support/case-file';
import { type TestApp, startTestApp } from '../../test-support/test-app';

// GET/PUT /api/patient-cases/{id}/team (issue 18): any number of members with a role on the case;
// the three §3.2 slots follow the team (first member in each slot role of the platform).

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let hospital: string;
let firm: string;
let admin: Person;
let doctor: Person;
let nurse: Person;
let consultant: Person;
let patient: Person;
let receptionist: Person;
let attorney: Person;
let firmAdmin: Person;

async function newCase(cookie: string, body: object = {}) {
  const res = await api('POST', '/api/patient-cases', cookie, { patientName: 'Team Patient', caseType: 'Oncology', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; version: number };
}

const put = (id: string, cookie: string, body: object) => api('PUT', `/api/patient-cases/${id}/team`, cookie, body);
const teamEvents = async (id: string) =>
  (await api('GET', `/api/patient-cases/${id}/timeline`, admin.cookie)).json().items
    .filter((i: { kind: string }) => i.kind.startsWith('team.'))
    .map((i: { summary: string }) => i.summary)
    .sort();

beforeAll(async () => {
  t = await startTestApp();
  api = apiOf(t);
  hospital = await organisation(t, 'Umhlanga Hospital');
  firm = await organisation(t, 'Mokoena Attorneys', 'legal');
  admin = await person(t, hospital, 'Administrator', 'Ayanda');
  doctor = await person(t, hospital, 'Doctor', 'Sipho');
  nurse = await person(t, hospital, 'Nurse', 'Lerato');
  consultant = await person(t, hospital, 'Doctor', 'Priya');
  patient = await person(t, hospital, 'Patient', 'Johan');
  receptionist = await person(t, hospital, 'Receptionist', 'Rina');
  firmAdmin = await person(t, firm, 'Administrator', 'Lindiwe');
  attorney = await person(t, firm, 'Attorney', 'Kagiso');
});
afterAll(() => t.close());

describe('case team', () => {
  it('starts with the slots named at creation, in slot order', async () => {
    const kase = await newCase(admin.cookie, { assignedDoctorId: doctor.id, assignedNurseId: nurse.id });
    const team = (await api('GET', `/api/patient-cases/${kase.id}/team`, doctor.cookie)).json();
    expect(team).toEqual({
      version: 1,
      members: [
        { userId: doctor.id, name: 'Sipho Nkosi', roleOnCase: 'attending-doctor', roleLabel: 'Attending doctor' },
        { userId: nurse.id, name: 'Lerato Nkosi', roleOnCase: 'nurse', roleLabel: 'Nurse' },
      ],
    });
  });

  it('assigns and removes members, keeps the slots in step, bumps the version and writes the timeline', async () => {
    const kase = await newCase(admin.cookie);
    const added = await put(kase.id, admin.cookie, {
      expectedVersion: 1,
      members: [
        { userId: doctor.id, roleOnCase: 'attending-doctor' },
        { userId: nurse.id, roleOnCase: 'nurse' },
        { userId: consultant.id, roleOnCase: 'consultant' },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().version).toBe(2);
    expect(added.json().members.map((m: { userId: string; roleOnCase: string }) => [m.userId, m.roleOnCase])).toEqual([
      [doctor.id, 'attending-doctor'],
      [nurse.id, 'nurse'],
      [consultant.id, 'consultant'],
    ]);
    let shown = (await api('GET', `/api/patient-cases/${kase.id}`, admin.cookie)).json();
    expect(shown).toMatchObject({ assignedDoctorId: doctor.id, assignedNurseId: nurse.id, caseManagerId: null, version: 2 });
    expect(await teamEvents(kase.id)).toEqual(['Lerato Nkosi added as Nurse', 'Priya Nkosi added as Consultant', 'Sipho Nkosi added as Attending doctor']);

    // The same person in the same role twice counts once; the nurse is removed.
    const removed = await put(kase.id, admin.cookie, {
      expectedVersion: 2,
      members: [
        { userId: doctor.id, roleOnCase: 'attending-doctor' },
        { userId: consultant.id, roleOnCase: 'consultant' },
        { userId: doctor.id, roleOnCase: 'attending-doctor' },
      ],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().members.map((m: { name: string }) => m.name)).toEqual(['Sipho Nkosi', 'Priya Nkosi']);
    shown = (await api('GET', `/api/patient-cases/${kase.id}`, admin.cookie)).json();
    expect(shown).toMatchObject({ assignedDoctorId: doctor.id, assignedNurseId: null, version: 3 });
    expect(await teamEvents(kase.id)).toContain('Lerato Nkosi removed as Nurse');

    // Sending the same team again changes nothing: no version, no timeline line.
    const again = await put(kase.id, admin.cookie, { members: [{ userId: doctor.id, roleOnCase: 'attending-doctor' }, { userId: consultant.id, roleOnCase: 'consultant' }] });
    expect(again.json().version).toBe(3);
    expect(await teamEvents(kase.id)).toHaveLength(4);
  });

  it('refuses foreign users, patients and roles of another platform with a 400 naming the member, writing nothing', async () => {
    const kase = await newCase(admin.cookie);
    const cases: [object[], string][] = [
      [[{ userId: doctor.id, roleOnCase: 'attending-doctor' }, { userId: attorney.id, roleOnCase: 'consultant' }], 'members.1.userId'],
      [[{ userId: patient.id, roleOnCase: 'nurse' }], 'members.0.userId'],
      [[{ userId: doctor.id, roleOnCase: 'responsible-attorney' }], 'members.0.roleOnCase'],
      [[{ userId: doctor.id, roleOnCase: 'surgeon-in-chief' }], 'members.0.roleOnCase'],
      [[{ userId: '', roleOnCase: 'nurse' }], 'members.0.userId'],
    ];
    for (const [members, field] of cases) {
      const res = await put(kase.id, admin.cookie, { members });
      expect(res.statusCode, JSON.stringify(members)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const team = (await api('GET', `/api/patient-cases/${kase.id}/team`, admin.cookie)).json();
    expect(team).toEqual({ members: [], version: 1 });
  });

  it('answers a stale version with 409 and the team as it is now', async () => {
    const kase = await newCase(admin.cookie, { assignedDoctorId: doctor.id });
    await api('PATCH', `/api/patient-cases/${kase.id}`, admin.cookie, { priority: 'High' });
    const stale = await put(kase.id, admin.cookie, { expectedVersion: 1, members: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', current: { version: 2, members: [{ userId: doctor.id, roleOnCase: 'attending-doctor' }] } });
    expect((await api('GET', `/api/patient-cases/${kase.id}/team`, admin.cookie)).json().members).toHaveLength(1);
  });

  it("uses the legal platform's roles: the responsible attorney fills the first slot", async () => {
    const kase = await newCase(firmAdmin.cookie);
    const res = await put(kase.id, firmAdmin.cookie, { members: [{ userId: attorney.id, roleOnCase: 'responsible-attorney' }, { userId: firmAdmin.id, roleOnCase: 'paralegal' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().members.map((m: { roleLabel: string }) => m.roleLabel)).toEqual(['Responsible attorney', 'Paralegal']);
    expect((await api('GET', `/api/patient-cases/${kase.id}`, firmAdmin.cookie)).json()).toMatchObject({ assignedDoctorId: attorney.id, assignedDoctor: 'Kagiso Nkosi' });
    expect((await put(kase.id, firmAdmin.cookie, { members: [{ userId: attorney.id, roleOnCase: 'nurse' }] })).statusCode).toBe(400);
  });

  it('lets only roles with caseFile.write change the team, and no one across organisations', async () => {
    const kase = await newCase(admin.cookie);
    expect((await put(kase.id, patient.cookie, { members: [] })).statusCode).toBe(403);
    expect((await api('GET', `/api/patient-cases/${kase.id}/team`, patient.cookie)).statusCode).toBe(403);
    expect((await put(kase.id, receptionist.cookie, { members: [{ userId: doctor.id, roleOnCase: 'attending-doctor' }] })).statusCode).toBe(403);
    expect((await put(kase.id, firmAdmin.cookie, { members: [] })).statusCode).toBe(404);
    expect((await api('GET', `/api/patient-cases/${kase.id}/team`, admin.cookie)).json().members).toEqual([]);
  });

  it('offers as candidates the active staff who can open a case file, with names and roles only', async () => {
    const kase = await newCase(admin.cookie);
    const res = await api('GET', `/api/patient-cases/${kase.id}/team/candidates`, doctor.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const items: { userId: string; name: string; role: string }[] = res.json().items;
    const ids = items.map((c) => c.userId);
    // Doctor, Nurse and Administrator open case files; a Patient and an unknown role (least privilege) do not.
    expect(ids).toEqual(expect.arrayContaining([admin.id, doctor.id, nurse.id, consultant.id]));
    expect(ids).not.toContain(patient.id);
    expect(ids).not.toContain(receptionist.id);
    expect(ids).not.toContain(attorney.id); // another organisation
    expect(Object.keys(items[0]!).sort()).toEqual(['name', 'role', 'userId']);
  });
});
