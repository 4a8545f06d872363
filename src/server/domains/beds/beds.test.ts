import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

let t: TestApp;
let orgA: string;
let orgB: string;
let adminA: string;
let adminAId: string;
let nurseA: string;
let nurseAId: string;
let doctorA: string;
let doctorAId: string;
let directorA: string;
let suspendedNurseId: string;
let adminB: string;
let nurseBId: string;
let legalAdmin: string;
let medicolegalAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Hospital');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  const legal = await createOrganization(t.db, 'Cele Attorneys', 'legal');
  const medicolegal = await createOrganization(t.db, 'State Litigation Unit', 'medicolegal');

  const admin = await createUser(t.db, { organizationId: orgA, role: 'Administrator', firstName: 'Lerato' });
  adminAId = admin.id;
  const nurse = await createUser(t.db, { organizationId: orgA, role: 'Nurse', firstName: 'Nomsa' });
  nurseAId = nurse.id;
  const doctor = await createUser(t.db, { organizationId: orgA, role: 'Doctor', firstName: 'Sipho' });
  doctorAId = doctor.id;
  const director = await createUser(t.db, { organizationId: orgA, role: 'Director' });
  suspendedNurseId = (await createUser(t.db, { organizationId: orgA, role: 'Nurse' })).id;
  await t.db.updateTable('memberships').set({ status: 'suspended' }).where('user_id', '=', suspendedNurseId).execute();
  nurseBId = (await createUser(t.db, { organizationId: orgB, role: 'Nurse' })).id;

  [adminA, nurseA, doctorA, directorA, adminB, legalAdmin, medicolegalAdmin] = await Promise.all([
    signIn(t.app, admin.email),
    signIn(t.app, nurse.email),
    signIn(t.app, doctor.email),
    signIn(t.app, director.email),
    signIn(t.app, (await createUser(t.db, { organizationId: orgB, role: 'Administrator' })).email),
    signIn(t.app, (await createUser(t.db, { organizationId: legal, role: 'Administrator' })).email),
    signIn(t.app, (await createUser(t.db, { organizationId: medicolegal, role: 'Administrator' })).email),
  ]);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

async function newBed(cookie: string, fields: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/beds', cookie, { bedNumber: `B-${randomUUID().slice(0, 8)}`, ward: 'General Ward', ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; bedNumber: string; status: string; patientId: string | null };
}

const bedRow = (id: string) => t.db.selectFrom('beds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const assignments = (bedId: string) => t.db.selectFrom('bed_assignments').selectAll().where('bed_id', '=', bedId).execute();
const bedCount = async () => (await t.db.selectFrom('beds').select('id').execute()).length;

describe('creating, listing and editing beds', () => {
  it('creates a bed with trimmed fields and the defaults of SPEC §5, and lists it with its nurse', async () => {
    const res = await api('POST', '/api/beds', adminA, { bedNumber: '  W1-01 ', ward: ' Ward 1 ', assignedNurseId: nurseAId, notes: ' Near the window ' });
    expect(res.statusCode, res.body).toBe(200);
    const bed = res.json();
    expect(bed).toMatchObject({
      bedNumber: 'W1-01', ward: 'Ward 1', bedType: 'General', status: 'Available',
      assignedNurseId: nurseAId, assignedNurse: 'Nomsa Nkosi', notes: 'Near the window', patientId: null,
    });
    expect(typeof bed.updatedAt).toBe('string');

    const list = await api('GET', '/api/beds', nurseA);
    expect(list.statusCode).toBe(200);
    expect(list.json().find((b: { id: string }) => b.id === bed.id)).toMatchObject({ bedNumber: 'W1-01', assignedNurse: 'Nomsa Nkosi' });
  });

  it('filters by ward and orders by ward, then bed number', async () => {
    await newBed(adminA, { bedNumber: 'M-2', ward: 'Maternity', bedType: 'Maternity' });
    await newBed(adminA, { bedNumber: 'M-1', ward: 'Maternity', bedType: 'Maternity', status: 'Reserved' });
    await newBed(adminA, { bedNumber: 'I-1', ward: 'ICU', bedType: 'ICU', status: 'Maintenance' });

    const maternity = (await api('GET', '/api/beds?ward=Maternity', adminA)).json();
    expect(maternity.map((b: { bedNumber: string }) => b.bedNumber)).toEqual(['M-1', 'M-2']);
    expect(maternity[0]).toMatchObject({ status: 'Reserved', bedType: 'Maternity' });

    const all = (await api('GET', '/api/beds', adminA)).json() as { ward: string; bedNumber: string }[];
    const keys = all.map((b) => `${b.ward}|${b.bedNumber}`);
    expect(keys.indexOf('ICU|I-1')).toBeLessThan(keys.indexOf('Maternity|M-1'));
    expect(keys.indexOf('Maternity|M-1')).toBeLessThan(keys.indexOf('Maternity|M-2'));
  });

  it('rejects bad input with a 400 naming each field, and writes nothing', async () => {
    const before = await bedCount();
    const cases: [object, string][] = [
      [{ ward: 'Ward 1' }, 'bedNumber'],
      [{ bedNumber: '   ', ward: 'Ward 1' }, 'bedNumber'],
      [{ bedNumber: 12, ward: 'Ward 1' }, 'bedNumber'],
      [{ bedNumber: 'X-1', ward: 'W'.repeat(101) }, 'ward'],
      [{ bedNumber: 'X-1', ward: 'Ward 1', bedType: 'Luxury' }, 'bedType'],
      [{ bedNumber: 'X-1', ward: 'Ward 1', status: 'Broken' }, 'status'],
      [{ bedNumber: 'X-1', ward: 'Ward 1', notes: 'n'.repeat(1001) }, 'notes'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', '/api/beds', adminA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(`"${field}"`);
    }
    const missing = await api('POST', '/api/beds', adminA, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Bed Number is required');
    expect(missing.body).toContain('Ward is required');
    expect(await bedCount()).toBe(before);
  });

  it('accepts only an active Nurse of the organisation as the assigned nurse', async () => {
    const before = await bedCount();
    for (const nurseId of [doctorAId, nurseBId, suspendedNurseId, 'no-such-user']) {
      const res = await api('POST', '/api/beds', adminA, { bedNumber: 'N-1', ward: 'Ward 1', assignedNurseId: nurseId });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('assignedNurseId');
    }
    expect(await bedCount()).toBe(before);

    const bed = await newBed(adminA, { assignedNurseId: '' });
    expect((await bedRow(bed.id)).assigned_nurse_id).toBeNull();
    const edited = await api('PUT', `/api/beds/${bed.id}`, adminA, { assignedNurseId: doctorAId });
    expect(edited.statusCode).toBe(400);
    expect((await bedRow(bed.id)).assigned_nurse_id).toBeNull();
    const ok = await api('PUT', `/api/beds/${bed.id}`, adminA, { assignedNurseId: nurseAId });
    expect(ok.json()).toMatchObject({ assignedNurseId: nurseAId, assignedNurse: 'Nomsa Nkosi' });
    const cleared = await api('PUT', `/api/beds/${bed.id}`, adminA, { assignedNurseId: null });
    expect(cleared.json()).toMatchObject({ assignedNurseId: null, assignedNurse: null });
  });

  it('keeps bed numbers unique within an organisation, ignoring case, but not across organisations', async () => {
    await newBed(adminA, { bedNumber: 'U-7' });
    const before = await bedCount();
    const dup = await api('POST', '/api/beds', adminA, { bedNumber: 'u-7', ward: 'Other Ward' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toHaveProperty('bedNumber');
    expect(dup.json().message).toContain('u-7');
    expect(await bedCount()).toBe(before);

    const inB = await api('POST', '/api/beds', adminB, { bedNumber: 'U-7', ward: 'Ward B' });
    expect(inB.statusCode).toBe(200);

    const other = await newBed(adminA, { bedNumber: 'U-8' });
    const renamed = await api('PUT', `/api/beds/${other.id}`, adminA, { bedNumber: 'U-7' });
    expect(renamed.statusCode).toBe(409);
    expect((await bedRow(other.id)).bed_number).toBe('U-8');
    // Changing only the case of its own number is not a clash.
    expect((await api('PUT', `/api/beds/${other.id}`, adminA, { bedNumber: 'u-8' })).statusCode).toBe(200);
  });

  it('edits fields and lets any status but Occupied be chosen', async () => {
    const bed = await newBed(adminA);
    const res = await api('PUT', `/api/beds/${bed.id}`, adminA, { ward: 'Ward 9', bedType: 'Emergency', status: 'Maintenance', notes: 'Broken rail' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ward: 'Ward 9', bedType: 'Emergency', status: 'Maintenance', notes: 'Broken rail', bedNumber: bed.bedNumber });
    expect((await api('PUT', `/api/beds/${bed.id}`, adminA, { status: 'Reserved' })).json().status).toBe('Reserved');

    const occupied = await api('PUT', `/api/beds/${bed.id}`, adminA, { status: 'Occupied' });
    expect(occupied.statusCode).toBe(409);
    expect(occupied.json().message).toBe('Use Assign to place a patient in a bed');
    expect((await bedRow(bed.id)).status).toBe('Reserved');

    const created = await api('POST', '/api/beds', adminA, { bedNumber: 'OCC-1', ward: 'Ward 1', status: 'Occupied' });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toHaveProperty('status');

    const bad = await api('PUT', `/api/beds/${bed.id}`, adminA, { bedType: 'Luxury', ward: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('"bedType"');
    expect(bad.body).toContain('"ward"');
  });
});

describe('assigning and releasing', () => {
  it('assigns only an Available bed, releases only an Occupied one, and keeps who and when', async () => {
    const bed = await newBed(adminA);
    const started = nowIso();
    const assigned = await api('POST', `/api/beds/${bed.id}/assign`, nurseA, { patientId: '  HN-10021 ' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'Occupied', patientId: 'HN-10021' });

    const again = await api('POST', `/api/beds/${bed.id}/assign`, adminA, { patientId: 'HN-2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Bed ${bed.bedNumber} is Occupied; only an Available bed can be assigned`);
    expect((await bedRow(bed.id)).patient_id).toBe('HN-10021');

    // The SPEC's client sends no body and no content type for release.
    const released = await t.app.inject({ method: 'POST', url: `/api/beds/${bed.id}/release`, headers: { cookie: adminA, origin: ORIGIN } });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ status: 'Available', patientId: null });

    const releasedAgain = await api('POST', `/api/beds/${bed.id}/release`, adminA);
    expect(releasedAgain.statusCode).toBe(409);
    expect(releasedAgain.json().message).toBe(`Bed ${bed.bedNumber} is Available; only an Occupied bed can be released`);

    await api('POST', `/api/beds/${bed.id}/assign`, adminA, { patientId: 'HN-20000' });

    const history = await api('GET', `/api/beds/${bed.id}/history`, nurseA);
    expect(history.statusCode).toBe(200);
    const rows = history.json();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ patientId: 'HN-20000', assignedById: adminAId, assignedBy: 'Lerato Nkosi', releasedAt: null, releasedBy: null });
    expect(rows[1]).toMatchObject({ patientId: 'HN-10021', assignedById: nurseAId, assignedBy: 'Nomsa Nkosi', releasedById: adminAId, releasedBy: 'Lerato Nkosi' });
    expect(rows[1].assignedAt >= started).toBe(true);
    expect(rows[1].releasedAt >= rows[1].assignedAt).toBe(true);
  });

  it('refuses to assign a bed under Maintenance or Reserved, naming its status', async () => {
    for (const status of ['Maintenance', 'Reserved']) {
      const bed = await newBed(adminA, { status });
      const res = await api('POST', `/api/beds/${bed.id}/assign`, adminA, { patientId: 'HN-1' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(`is ${status}`);
      expect(await assignments(bed.id)).toHaveLength(0);
      const release = await api('POST', `/api/beds/${bed.id}/release`, adminA);
      expect(release.statusCode).toBe(409);
      expect(release.json().message).toContain(`is ${status}`);
    }
  });

  it('lets only one of two simultaneous assigns win', async () => {
    const bed = await newBed(adminA);
    const results = await Promise.all([
      api('POST', `/api/beds/${bed.id}/assign`, adminA, { patientId: 'HN-A' }),
      api('POST', `/api/beds/${bed.id}/assign`, nurseA, { patientId: 'HN-B' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await assignments(bed.id);
    expect(rows).toHaveLength(1);
    expect((await bedRow(bed.id)).patient_id).toBe(rows[0]!.patient_id);
  });

  it('closes the stay when an edit takes an Occupied bed out of use', async () => {
    const bed = await newBed(adminA);
    await api('POST', `/api/beds/${bed.id}/assign`, adminA, { patientId: 'HN-77' });
    // Editing other fields of an Occupied bed keeps the patient.
    const notes = await api('PUT', `/api/beds/${bed.id}`, adminA, { status: 'Occupied', notes: 'Fall risk' });
    expect(notes.json()).toMatchObject({ status: 'Occupied', patientId: 'HN-77', notes: 'Fall risk' });

    const res = await api('PUT', `/api/beds/${bed.id}`, nurseA, { status: 'Maintenance' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Maintenance', patientId: null });
    const [stay] = await assignments(bed.id);
    expect(stay).toMatchObject({ patient_id: 'HN-77', released_by: nurseAId });
    expect(stay!.released_at).not.toBeNull();
  });

  it('links a case of the organisation only, and rejects a bad patient id', async () => {
    const bed = await newBed(adminA);
    const now = nowIso();
    const caseB = randomUUID();
    await t.db.insertInto('cases').values({ id: caseB, organization_id: orgB, patient_name: 'B Patient', patient_user_id: null, case_type: 'Surgery', description: null, scheduled_date: null, assigned_doctor_id: null, assigned_nurse_id: null, case_manager_id: null, department: null, admission_date: null, estimated_discharge: null, completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null, created_at: now, updated_at: now }).execute();
    const caseA = randomUUID();
    await t.db.insertInto('cases').values({ id: caseA, organization_id: orgA, patient_name: 'A Patient', patient_user_id: null, case_type: 'Surgery', description: null, scheduled_date: null, assigned_doctor_id: null, assigned_nurse_id: null, case_manager_id: null, department: null, admission_date: null, estimated_discharge: null, completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null, created_at: now, updated_at: now }).execute();

    for (const payload of [{}, { patientId: '   ' }, { patientId: 42 }, { patientId: 'P'.repeat(65) }]) {
      const res = await api('POST', `/api/beds/${bed.id}/assign`, adminA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toHaveProperty('patientId');
    }
    const foreign = await api('POST', `/api/beds/${bed.id}/assign`, adminA, { patientId: 'HN-5', caseId: caseB });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toHaveProperty('caseId');
    expect((await bedRow(bed.id)).status).toBe('Available');
    expect(await assignments(bed.id)).toHaveLength(0);

    const linked = await api('POST', `/api/beds/${bed.id}/assign`, adminA, { patientId: 'HN-5', caseId: caseA });
    expect(linked.statusCode).toBe(200);
    expect((await api('GET', `/api/beds/${bed.id}/history`, adminA)).json()[0]).toMatchObject({ caseId: caseA });
    // The bed names the case of its stay (the card links to the case page), until it is released.
    expect(linked.json()).toMatchObject({ status: 'Occupied', caseId: caseA });
    const released = await api('POST', `/api/beds/${bed.id}/release`, adminA);
    expect(released.json()).toMatchObject({ status: 'Available', caseId: null });
  });
});

describe('who may use beds', () => {
  it("answers 404 for another organisation's bed and leaves it unchanged", async () => {
    const bedB = await newBed(adminB);
    const before = await bedRow(bedB.id);
    expect((await api('PUT', `/api/beds/${bedB.id}`, adminA, { ward: 'Hijacked' })).statusCode).toBe(404);
    expect((await api('POST', `/api/beds/${bedB.id}/assign`, adminA, { patientId: 'HN-1' })).statusCode).toBe(404);
    expect((await api('POST', `/api/beds/${bedB.id}/release`, adminA)).statusCode).toBe(404);
    expect((await api('GET', `/api/beds/${bedB.id}/history`, adminA)).statusCode).toBe(404);
    expect(await bedRow(bedB.id)).toEqual(before);
    expect(await assignments(bedB.id)).toHaveLength(0);
    const listA = (await api('GET', '/api/beds', adminA)).json() as { id: string }[];
    expect(listA.some((b) => b.id === bedB.id)).toBe(false);
  });

  it('refuses every bed procedure on the legal and medicolegal platforms', async () => {
    const bed = await newBed(adminA);
    for (const cookie of [legalAdmin, medicolegalAdmin]) {
      const calls = [
        api('GET', '/api/beds', cookie),
        api('POST', '/api/beds', cookie, { bedNumber: 'L-1', ward: 'Ward' }),
        api('PUT', `/api/beds/${bed.id}`, cookie, { ward: 'X' }),
        api('POST', `/api/beds/${bed.id}/assign`, cookie, { patientId: 'HN-1' }),
        api('POST', `/api/beds/${bed.id}/release`, cookie),
        api('GET', `/api/beds/${bed.id}/history`, cookie),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    }
  });

  it('lets viewers read and only managers write', async () => {
    const bed = await newBed(adminA);
    const before = await bedCount();
    // A Director (a legal role; decision 0027) has no bed capability at all.
    expect((await api('GET', '/api/beds', directorA)).statusCode).toBe(403);
    expect((await api('GET', `/api/beds/${bed.id}/history`, directorA)).statusCode).toBe(403);
    expect((await api('POST', `/api/beds/${bed.id}/assign`, directorA, { patientId: 'HN-1' })).statusCode).toBe(403);
    // A Doctor sees beds (the care team) but does not manage them: that is the Nurse's and the Administrator's.
    expect((await api('GET', '/api/beds', doctorA)).statusCode).toBe(200);
    expect((await api('POST', '/api/beds', doctorA, { bedNumber: 'D-1', ward: 'Ward' })).statusCode).toBe(403);
    expect((await api('POST', `/api/beds/${bed.id}/assign`, doctorA, { patientId: 'HN-1' })).statusCode).toBe(403);
    expect((await api('PUT', `/api/beds/${bed.id}`, doctorA, { ward: 'X' })).statusCode).toBe(403);
    expect(await bedCount()).toBe(before);
    expect((await bedRow(bed.id)).status).toBe('Available');
    expect((await t.app.inject({ method: 'GET', url: '/api/beds' })).statusCode).toBe(401);
  });

  it('serves the same procedures over tRPC', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/trpc/beds.list?input=${encodeURIComponent(JSON.stringify({ ward: 'Maternity' }))}`, headers: { cookie: adminA } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.map((b: { bedNumber: string }) => b.bedNumber)).toEqual(['M-1', 'M-2']);
  });
});
