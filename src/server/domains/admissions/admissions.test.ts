import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Issue 22: admit a person of the registry, transfer, discharge, and the ward census, through the
// REST paths the issue names, on both databases.

let t: TestApp;
let orgA: string;
let orgB: string;
let nurseA: string;
let doctorA: string;
let directorA: string;
let nurseB: string;
let legalAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Hospital');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  const legal = await createOrganization(t.db, 'Cele Attorneys', 'legal');
  [nurseA, doctorA, directorA, nurseB, legalAdmin] = await Promise.all([
    signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Nurse', firstName: 'Nomsa' })).email),
    signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Doctor' })).email),
    signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Director' })).email),
    signIn(t.app, (await createUser(t.db, { organizationId: orgB, role: 'Nurse' })).email),
    signIn(t.app, (await createUser(t.db, { organizationId: legal, role: 'Administrator' })).email),
  ]);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

async function person(organizationId: string, name = `Thandi ${randomUUID().slice(0, 6)}`): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const [first, last] = name.split(' ');
  await t.db.insertInto('people').values({ id, organization_id: organizationId, kind: 'person', first_name: first!, last_name: last!, full_name: name, created_by: null, created_at: nowIso(), updated_at: nowIso() }).execute();
  return { id, name };
}

async function bed(organizationId: string, ward: string, status = 'Available'): Promise<string> {
  const id = randomUUID();
  await t.db
    .insertInto('beds')
    .values({ id, organization_id: organizationId, bed_number: `B-${id.slice(0, 6)}`, ward, status: status as 'Available', assigned_nurse_id: null, patient_id: null, notes: null, created_at: nowIso(), updated_at: nowIso() })
    .execute();
  return id;
}

const bedRow = (id: string) => t.db.selectFrom('beds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
type Census = { date: string; wards: { ward: string; beds: number; occupied: number; patients: { personId: string | null; name: string; bedNumber: string; lengthOfStayDays: number }[]; history: { date: string; occupied: number }[] }[]; expectedDischargesToday: { name: string }[] };
const census = async (cookie = nurseA) => {
  const res = await api('GET', '/api/wards/census', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Census;
};
const wardOf = (c: Census, ward: string) => c.wards.find((w) => w.ward === ward);

describe('admit, transfer, discharge', () => {
  it('admits a person: a new case, the bed Occupied with a stay, the census shows them; transfer and discharge move and drop them', async () => {
    const ward = `Ward ${randomUUID().slice(0, 4)}`;
    const other = `Ward ${randomUUID().slice(0, 4)}`;
    const p = await person(orgA, 'Sipho Dlamini');
    const first = await bed(orgA, ward);
    const second = await bed(orgA, other);
    const today = new Date().toISOString();

    const admitted = await api('POST', '/api/admissions', nurseA, { personId: p.id, bedId: first, estimatedDischarge: today });
    expect(admitted.statusCode, admitted.body).toBe(200);
    const admission = admitted.json();
    expect(admission).toMatchObject({ personId: p.id, personName: 'Sipho Dlamini', bedId: first, ward, dischargedAt: null, version: 1 });
    expect(admission.caseReference).toMatch(/\S/);

    const kase = await t.db.selectFrom('cases').selectAll().where('id', '=', admission.caseId).executeTakeFirstOrThrow();
    expect(kase).toMatchObject({ organization_id: orgA, person_id: p.id, case_type: 'Inpatient admission', status: 'In Progress', bed_number: admission.bedNumber });
    expect(kase.admission_date).toBe(admission.admittedAt);
    expect(await bedRow(first)).toMatchObject({ status: 'Occupied', patient_id: 'Sipho Dlamini' });
    // Issue 31: the bed board names the patient and the case's own reference.
    const board = await api('GET', `/api/beds?ward=${encodeURIComponent(ward)}`, nurseA);
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json()).toEqual([expect.objectContaining({ id: first, patientName: 'Sipho Dlamini', caseId: admission.caseId, caseReference: admission.caseReference })]);
    const stays = await t.db.selectFrom('bed_assignments').selectAll().where('bed_id', '=', first).execute();
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({ admission_id: admission.id, case_id: admission.caseId, released_at: null });
    const events = await t.db.selectFrom('case_events').select('kind').where('case_id', '=', admission.caseId).execute();
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['case.created', 'admission.admitted']));

    let c = await census();
    expect(wardOf(c, ward)).toMatchObject({ beds: 1, occupied: 1, patients: [{ personId: p.id, name: 'Sipho Dlamini', lengthOfStayDays: 0 }] });
    expect(wardOf(c, ward)!.history).toHaveLength(30);
    expect(wardOf(c, ward)!.history.at(-1)).toEqual({ date: c.date, occupied: 1 });
    expect(c.expectedDischargesToday.map((x) => x.name)).toContain('Sipho Dlamini');

    // Transfer: the old bed goes to Cleaning, the new one is Occupied, the census moves them.
    // Issue 31: a transfer says why.
    const noReason = await api('POST', `/api/admissions/${admission.id}/transfer`, nurseA, { bedId: second });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const moved = await api('POST', `/api/admissions/${admission.id}/transfer`, nurseA, { bedId: second, reason: 'Step-up: needs closer monitoring' });
    expect(moved.statusCode, moved.body).toBe(200);
    // The case's department was the ward it was admitted to: it moves with the patient.
    expect(await t.db.selectFrom('cases').select('department').where('id', '=', admission.caseId).executeTakeFirstOrThrow()).toEqual({ department: other });
    expect(moved.json()).toMatchObject({ bedId: second, ward: other, version: 2 });
    expect(await bedRow(first)).toMatchObject({ status: 'Cleaning', patient_id: null });
    expect(await bedRow(second)).toMatchObject({ status: 'Occupied', patient_id: 'Sipho Dlamini' });
    c = await census();
    expect(wardOf(c, ward)).toMatchObject({ occupied: 0, patients: [] });
    expect(wardOf(c, other)).toMatchObject({ occupied: 1, patients: [{ personId: p.id }] });
    const closed = await t.db.selectFrom('bed_assignments').select('released_at').where('bed_id', '=', first).executeTakeFirstOrThrow();
    expect(closed.released_at).not.toBeNull();

    // A Cleaning bed takes nobody until it is edited back to Available.
    const intoCleaning = await api('POST', '/api/admissions', nurseA, { personId: (await person(orgA)).id, bedId: first });
    expect(intoCleaning.statusCode).toBe(409);

    // Discharge with a summary: bed as asked, summary PDF on the case's documents, census drops them.
    const out = await api('POST', `/api/admissions/${admission.id}/discharge`, nurseA, { bedStatus: 'Available', disposition: 'home', summary: 'Recovered well. Review at clinic in 2 weeks.' });
    expect(out.statusCode, out.body).toBe(200);
    const discharged = out.json();
    expect(discharged).toMatchObject({ bedId: null, dischargedAt: expect.any(String), disposition: 'home' });
    expect(discharged.summaryDocumentId).toBeTruthy();
    expect(await bedRow(second)).toMatchObject({ status: 'Available', patient_id: null });
    const docs = await api('GET', `/api/documents?caseId=${admission.caseId}`, nurseA);
    expect(docs.statusCode, docs.body).toBe(200);
    const listed = (docs.json() as { items: { id: string; fileName: string; contentType: string }[] }).items;
    expect(listed).toEqual([expect.objectContaining({ id: discharged.summaryDocumentId, contentType: 'application/pdf' })]);
    const pdf = await api('GET', `/api/documents/${discharged.summaryDocumentId}/download`, nurseA);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    c = await census();
    expect(wardOf(c, other)).toMatchObject({ occupied: 0, patients: [] });
    const kinds = (await t.db.selectFrom('case_events').select('kind').where('case_id', '=', admission.caseId).execute()).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['admission.transferred', 'admission.discharged']));

    // Discharged once is discharged: a second discharge or a transfer is a 409.
    expect((await api('POST', `/api/admissions/${admission.id}/discharge`, nurseA, { bedStatus: 'Available', disposition: 'home' })).statusCode).toBe(409);
  });

  it('links an existing case of the person, and refuses a case of someone else', async () => {
    const p = await person(orgA);
    const own = await createCase(t.db, orgA, { person_id: p.id, patient_name: p.name, status: 'Scheduled' });
    const foreignCase = await createCase(t.db, orgA, { person_id: (await person(orgA)).id });
    const b = await bed(orgA, 'Linking Ward');
    const wrong = await api('POST', '/api/admissions', nurseA, { personId: p.id, bedId: b, caseId: foreignCase });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('"caseId"');
    expect(await bedRow(b)).toMatchObject({ status: 'Available' });

    const res = await api('POST', '/api/admissions', nurseA, { personId: p.id, bedId: b, caseId: own, estimatedDischarge: '2030-01-10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ caseId: own, estimatedDischarge: '2030-01-10T08:00:00.000Z' });
    const kase = await t.db.selectFrom('cases').select(['status', 'version', 'estimated_discharge']).where('id', '=', own).executeTakeFirstOrThrow();
    expect(kase).toMatchObject({ status: 'In Progress', estimated_discharge: '2030-01-10T08:00:00.000Z' });
    expect(Number(kase.version)).toBe(2);

    // The same person again: 409.
    const again = await api('POST', '/api/admissions', nurseA, { personId: p.id, bedId: await bed(orgA, 'Linking Ward') });
    expect(again.statusCode).toBe(409);
  });

  it("admits into the person's open case unless a new one is asked for; the admitting nurse joins the team", async () => {
    const nurse = await createUser(t.db, { organizationId: orgA, role: 'Nurse', firstName: 'Lerato' });
    const cookie = await signIn(t.app, nurse.email);
    const p = await person(orgA);
    const older = await createCase(t.db, orgA, { person_id: p.id, patient_name: p.name, status: 'Completed', updated_at: '2026-01-01T00:00:00.000Z' });
    const open = await createCase(t.db, orgA, { person_id: p.id, patient_name: p.name, status: 'In Progress' });
    const casesOf = async () => (await t.db.selectFrom('cases').select('id').where('person_id', '=', p.id).execute()).map((c) => c.id).sort();

    const res = await api('POST', '/api/admissions', cookie, { personId: p.id, bedId: await bed(orgA, 'Open Case Ward') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().caseId).toBe(open);
    expect(await casesOf()).toEqual([older, open].sort());
    const team = await t.db.selectFrom('case_team').select(['user_id', 'role_on_case']).where('case_id', '=', open).execute();
    expect(team).toEqual([{ user_id: nurse.id, role_on_case: 'nurse' }]);
    expect(await t.db.selectFrom('cases').select('assigned_nurse_id').where('id', '=', open).executeTakeFirstOrThrow()).toEqual({ assigned_nurse_id: nurse.id });
    const joined = await t.db.selectFrom('case_events').select('summary').where('case_id', '=', open).where('kind', '=', 'team.added').execute();
    expect(joined.map((e) => e.summary)).toEqual(['Lerato Nkosi added as Nurse (admitted the patient)']);
    const id = res.json().id as string;
    expect((await api('POST', `/api/admissions/${id}/discharge`, cookie, { bedStatus: 'Available', disposition: 'home' })).statusCode).toBe(200);

    // A new case is a deliberate choice; naming a case and asking for a new one is a 400.
    const both = await api('POST', '/api/admissions', cookie, { personId: p.id, bedId: await bed(orgA, 'Open Case Ward'), caseId: open, newCase: true });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('"newCase"');
    const fresh = await api('POST', '/api/admissions', cookie, { personId: p.id, bedId: await bed(orgA, 'Open Case Ward'), newCase: true });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect([older, open]).not.toContain(fresh.json().caseId);
    expect(await casesOf()).toHaveLength(3);
  });

  it("refuses to admit into a restricted open case the nurse has no need to know, and writes nothing", async () => {
    const p = await person(orgA);
    const secret = await createCase(t.db, orgA, { person_id: p.id, patient_name: p.name, status: 'In Progress', restricted: 1 });
    const b = await bed(orgA, 'Restricted Ward');
    const res = await api('POST', '/api/admissions', nurseA, { personId: p.id, bedId: b });
    expect(res.statusCode, res.body).toBe(403);
    expect(await bedRow(b)).toMatchObject({ status: 'Available' });
    expect(await t.db.selectFrom('case_team').select('id').where('case_id', '=', secret).execute()).toEqual([]);
    expect(await t.db.selectFrom('admissions').select('id').where('person_id', '=', p.id).execute()).toEqual([]);
  });

  it('of two admits to one bed at once, exactly one wins and the other is 409', async () => {
    const b = await bed(orgA, 'Race Ward');
    const [x, y] = [await person(orgA), await person(orgA)];
    const results = await Promise.all([x, y].map((p) => api('POST', '/api/admissions', nurseA, { personId: p.id, bedId: b })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.selectFrom('admissions').select('id').where('bed_id', '=', b).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('bed_assignments').select('id').where('bed_id', '=', b).execute()).toHaveLength(1);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = (await t.db.selectFrom('admissions').select('id').execute()).length;
    const p = await person(orgA);
    const cases: [object, string][] = [
      [{ bedId: 'x' }, 'personId'],
      [{ personId: p.id }, 'bedId'],
      [{ personId: p.id, bedId: 'x', estimatedDischarge: 'next Tuesday' }, 'estimatedDischarge'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', '/api/admissions', nurseA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(`"${field}"`);
    }
    const admitted = await api('POST', '/api/admissions', nurseA, { personId: p.id, bedId: await bed(orgA, 'Input Ward') });
    const id = admitted.json().id as string;
    const badStatus = await api('POST', `/api/admissions/${id}/discharge`, nurseA, { bedStatus: 'Maintenance', disposition: 'home' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.body).toContain('"bedStatus"');
    const noDisposition = await api('POST', `/api/admissions/${id}/discharge`, nurseA, { bedStatus: 'Available' });
    expect(noDisposition.statusCode).toBe(400);
    expect(noDisposition.json().fields).toHaveProperty('disposition');
    expect((await t.db.selectFrom('admissions').select('id').execute()).length).toBe(before + 1);
  });

  it("keeps organisations apart: another's person is 400, another's admission and bed 404, nothing changes", async () => {
    const foreignPerson = await person(orgB);
    const b = await bed(orgA, 'Tenant Ward');
    const res = await api('POST', '/api/admissions', nurseA, { personId: foreignPerson.id, bedId: b });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('"personId"');

    const foreignBed = await bed(orgB, 'Their Ward');
    const theirs = await api('POST', '/api/admissions', nurseB, { personId: foreignPerson.id, bedId: foreignBed });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirId = theirs.json().id as string;
    expect((await api('POST', `/api/admissions/${theirId}/transfer`, nurseA, { bedId: b, reason: 'Take over' })).statusCode).toBe(404);
    expect((await api('POST', `/api/admissions/${theirId}/discharge`, nurseA, { bedStatus: 'Available', disposition: 'home' })).statusCode).toBe(404);
    expect(await bedRow(foreignBed)).toMatchObject({ status: 'Occupied' });
    expect(await bedRow(b)).toMatchObject({ status: 'Available' });

    const mine = await api('POST', '/api/admissions', nurseA, { personId: (await person(orgA)).id, bedId: b });
    expect((await api('POST', `/api/admissions/${mine.json().id}/transfer`, nurseA, { bedId: foreignBed, reason: 'Take over' })).statusCode).toBe(404);
    expect(await bedRow(b)).toMatchObject({ status: 'Occupied' });
    expect((await census()).wards.some((w) => w.ward === 'Their Ward')).toBe(false);
  });

  it('needs admissions.manage to admit, beds.view for the census, and the healthcare platform', async () => {
    const p = await person(orgA);
    const b = await bed(orgA, 'Cap Ward');
    expect((await api('POST', '/api/admissions', directorA, { personId: p.id, bedId: b })).statusCode).toBe(403);
    expect((await api('GET', '/api/wards/census', legalAdmin)).statusCode).toBe(403);
    expect((await api('POST', '/api/admissions', doctorA, { personId: p.id, bedId: b })).statusCode).toBe(200);
  });
});

describe('the census', () => {
  it('shows quick-Assign stays by their patient ID, and a quick Release of an admitted bed discharges the admission', async () => {
    const ward = `Quick ${randomUUID().slice(0, 4)}`;
    const quick = await bed(orgA, ward);
    const assign = await api('POST', `/api/beds/${quick}/assign`, nurseA, { patientId: 'TCH-2026-00999' });
    expect(assign.statusCode, assign.body).toBe(200);
    const c = await census();
    expect(wardOf(c, ward)).toMatchObject({ beds: 1, occupied: 1, patients: [{ personId: null, name: 'TCH-2026-00999' }] });

    const admittedBed = await bed(orgA, ward);
    const admitted = await api('POST', '/api/admissions', nurseA, { personId: (await person(orgA)).id, bedId: admittedBed });
    const released = await api('POST', `/api/beds/${admittedBed}/release`, nurseA);
    expect(released.statusCode).toBe(200);
    const row = await t.db.selectFrom('admissions').select(['discharged_at', 'bed_id']).where('id', '=', admitted.json().id).executeTakeFirstOrThrow();
    expect(row.bed_id).toBeNull();
    expect(row.discharged_at).not.toBeNull();
  });

  it('counts occupancy per day from the stays, with length of stay in South African calendar days', async () => {
    const ward = `History ${randomUUID().slice(0, 4)}`;
    const b = await bed(orgA, ward);
    const day = 86_400_000;
    const now = Date.now();
    // A stay from 5 days ago to 2 days ago, and one from yesterday, still open.
    const stay = (assigned: number, released: number | null, patient: string) => ({
      id: randomUUID(), organization_id: orgA, bed_id: b, patient_id: patient, case_id: null, assigned_by: null,
      assigned_at: new Date(assigned).toISOString(), released_by: null, released_at: released === null ? null : new Date(released).toISOString(),
    });
    await t.db.insertInto('bed_assignments').values([stay(now - 5 * day, now - 2 * day, 'P-OLD'), stay(now - day, null, 'P-NOW')]).execute();
    await t.db.updateTable('beds').set({ status: 'Occupied', patient_id: 'P-NOW' }).where('id', '=', b).execute();
    const w = wardOf(await census(), ward)!;
    const history = w.history.map((h) => h.occupied);
    // Six days ago: none; five to three days ago: the old stay; two days ago it ended before midnight
    // and the new one had not begun; yesterday and today: the new one.
    expect(history.slice(-7)).toEqual([0, 1, 1, 1, 0, 1, 1]);
    expect(w.patients).toEqual([expect.objectContaining({ name: 'P-NOW', lengthOfStayDays: 1 })]);
  });
});
