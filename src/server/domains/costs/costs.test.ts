import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes, nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

let t: TestApp;
let orgA: string;
let orgB: string;
const id: Record<string, string> = {};
const cookie: Record<string, string> = {};
let caseA1: string;
let caseA2: string;
let caseB: string;

async function insertCase(organizationId: string, patientName: string, caseType: string) {
  const now = nowIso();
  const caseId = randomUUID();
  await t.db
    .insertInto('cases')
    .values({ id: caseId, organization_id: organizationId, patient_name: patientName, patient_user_id: null, case_type: caseType, description: null, scheduled_date: null, assigned_doctor_id: null, assigned_nurse_id: null, case_manager_id: null, department: null, admission_date: null, estimated_discharge: null, completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null, created_at: now, updated_at: now })
    .execute();
  return caseId;
}

/** A time entry as stopTimeEntry would have stored it (or ongoing when minutes is null). */
async function insertEntry(organizationId: string, caseId: string, userId: string, role: string, rateCents: number, minutes: number | null) {
  const start = addMinutes(nowIso(), -(minutes ?? 5) - 60);
  await t.db
    .insertInto('time_entries')
    .values({
      id: randomUUID(), organization_id: organizationId, case_id: caseId, user_id: userId, role, description: null,
      start_time: start, end_time: minutes === null ? null : addMinutes(start, minutes), duration_minutes: minutes,
      hourly_rate_cents: rateCents, total_cost_cents: minutes === null ? 0 : Math.round((rateCents * minutes) / 60), created_at: start,
    })
    .execute();
}

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Hospital');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  const staffA = [
    ['admin', 'Administrator', 'Lerato'],
    ['doctor', 'Doctor', 'Sipho'],
    ['nurse', 'Nurse', 'Nomsa'],
    ['caseManager', 'Case Manager', 'Thabo'],
    ['support', 'Support Staff', 'Kagiso'],
    ['patient', 'Patient', 'Mandla'],
  ] as const;
  for (const [key, role, firstName] of staffA) {
    id[key] = (await createUser(t.db, { organizationId: orgA, role, firstName, email: `${key.toLowerCase()}@amahle.example` })).id;
  }
  id.adminB = (await createUser(t.db, { organizationId: orgB, role: 'Administrator', email: 'admin@bongani.example' })).id;
  id.doctorB = (await createUser(t.db, { organizationId: orgB, role: 'Doctor', email: 'doctor@bongani.example' })).id;
  await createUser(t.db, { superAdmin: true, email: 'root@casebridge.example' });
  for (const key of ['admin', 'doctor', 'nurse', 'caseManager', 'support', 'patient']) cookie[key] = await signIn(t.app, `${key.toLowerCase()}@amahle.example`);
  cookie.adminB = await signIn(t.app, 'admin@bongani.example');
  cookie.doctorB = await signIn(t.app, 'doctor@bongani.example');
  cookie.superAdmin = await signIn(t.app, 'root@casebridge.example');
  caseA1 = await insertCase(orgA, 'Mandla Zulu', 'Hip replacement');
  caseA2 = await insertCase(orgA, 'Ayesha Patel', 'Maternity');
  caseB = await insertCase(orgB, 'Bheki Dlamini', 'Cardiology');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, who?: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(who ? { cookie: who } : {}) }, ...(payload ? { payload } : {}) });

const rateRows = () => t.db.selectFrom('staff_hourly_rates').selectAll().execute();

describe('hourly rates', () => {
  it('adds effective-dated rates; the list shows the one in force today, not a future one', async () => {
    const past = await api('POST', '/api/staff-hourly-rates', cookie.admin, { userId: id.doctor, role: 'Doctor', hourlyRate: 850, effectiveDate: '2020-01-01' });
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json()).toMatchObject({ userId: id.doctor, userName: 'Sipho Nkosi', role: 'Doctor', hourlyRate: 850, hourlyRateCents: 85000, effectiveDate: '2020-01-01' });
    const future = await api('POST', '/api/staff-hourly-rates', cookie.admin, { userId: id.doctor, role: 'Doctor', hourlyRate: 999.99, effectiveDate: '2099-01-01' });
    expect(future.json()).toMatchObject({ hourlyRateCents: 99999, hourlyRate: 999.99 });
    // Someone whose only rate starts later has no rate in force yet.
    await api('POST', '/api/staff-hourly-rates', cookie.admin, { userId: id.support, hourlyRate: 75, effectiveDate: '2099-06-01' });

    const list = await api('GET', '/api/staff-hourly-rates', cookie.admin);
    expect(list.statusCode).toBe(200);
    const rates = list.json() as { userId: string; hourlyRateCents: number }[];
    expect(rates.filter((r) => r.userId === id.doctor)).toEqual([expect.objectContaining({ hourlyRateCents: 85000, effectiveDate: '2020-01-01' })]);
    expect(rates.some((r) => r.userId === id.support)).toBe(false);

    const history = await api('GET', `/api/staff-hourly-rates/${id.doctor}/history`, cookie.admin);
    expect(history.json().map((r: { effectiveDate: string }) => r.effectiveDate)).toEqual(['2099-01-01', '2020-01-01']);
  });

  it('keeps one rate per staff member per day: a second one that day replaces it', async () => {
    const first = await api('POST', '/api/staff-hourly-rates', cookie.admin, { userId: id.nurse, hourlyRate: '320', effectiveDate: '2021-03-01' });
    const second = await api('POST', '/api/staff-hourly-rates', cookie.admin, { userId: id.nurse, hourlyRate: '333.33', effectiveDate: '2021-03-01' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, role: 'Nurse', hourlyRate: 333.33, hourlyRateCents: 33333 });
    const rows = (await rateRows()).filter((r) => r.user_id === id.nurse);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hourly_rate_cents: 33333, effective_date: '2021-03-01', role: 'Nurse' });
  });

  it("defaults the effective date to today and the role to the member's own", async () => {
    const res = await api('POST', '/api/staff-hourly-rates', cookie.admin, { userId: id.caseManager, hourlyRate: 180.1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'Case Manager', hourlyRateCents: 18010, hourlyRate: 180.1, effectiveDate: dayKey() });
    const list = (await api('GET', '/api/staff-hourly-rates', cookie.admin)).json() as { userId: string }[];
    expect(list.some((r) => r.userId === id.caseManager)).toBe(true);
  });

  it('rejects bad input with a 400 naming the field, writing nothing', async () => {
    const before = (await rateRows()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ hourlyRate: 100 }, 'userId'],
      [{ userId: id.doctor }, 'hourlyRate'],
      [{ userId: id.doctor, hourlyRate: 0 }, 'hourlyRate'],
      [{ userId: id.doctor, hourlyRate: -5 }, 'hourlyRate'],
      [{ userId: id.doctor, hourlyRate: 12.345 }, 'hourlyRate'],
      [{ userId: id.doctor, hourlyRate: 100_000.01 }, 'hourlyRate'],
      [{ userId: id.doctor, hourlyRate: 'abc' }, 'hourlyRate'],
      [{ userId: id.doctor, hourlyRate: true }, 'hourlyRate'],
      [{ userId: id.doctor, hourlyRate: 100, effectiveDate: '2024-02-30' }, 'effectiveDate'],
      [{ userId: id.doctor, hourlyRate: 100, effectiveDate: '01/02/2024' }, 'effectiveDate'],
      [{ userId: id.doctor, hourlyRate: 100, role: 'Wizard' }, 'role'],
      [{ userId: 'u'.repeat(65), hourlyRate: 100 }, 'userId'],
      // Not members of the caller's organisation.
      [{ userId: id.doctorB, hourlyRate: 100 }, 'userId'],
      [{ userId: 'no-such-user', hourlyRate: 100 }, 'userId'],
      // A Patient is a member but not staff: no rate (issue 17).
      [{ userId: id.patient, hourlyRate: 100 }, 'userId'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', '/api/staff-hourly-rates', cookie.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toHaveProperty(field);
    }
    expect((await rateRows()).length).toBe(before);
    // The largest rate with cents is exact.
    const max = await api('POST', '/api/staff-hourly-rates', cookie.admin, { userId: id.admin, hourlyRate: 100_000, effectiveDate: '2022-01-01' });
    expect(max.json()).toMatchObject({ hourlyRateCents: 10_000_000 });
  });

  it('keeps each organisation to its own rates', async () => {
    await api('POST', '/api/staff-hourly-rates', cookie.adminB, { userId: id.doctorB, hourlyRate: 900, effectiveDate: '2020-01-01' });
    const listA = (await api('GET', '/api/staff-hourly-rates', cookie.admin)).json() as { userId: string }[];
    expect(listA.some((r) => r.userId === id.doctorB)).toBe(false);
    expect((await api('GET', `/api/staff-hourly-rates/${id.doctorB}/history`, cookie.admin)).statusCode).toBe(404);
    expect((await api('GET', '/api/staff-hourly-rates/no-such-user/history', cookie.admin)).statusCode).toBe(404);
  });

  it('is for Administrators only (and Super Admins working in an organisation)', async () => {
    const before = (await rateRows()).length;
    for (const who of [cookie.nurse, cookie.doctor, cookie.patient]) {
      expect((await api('GET', '/api/staff-hourly-rates', who)).statusCode).toBe(403);
      expect((await api('GET', `/api/staff-hourly-rates/${id.doctor}/history`, who)).statusCode).toBe(403);
      expect((await api('POST', '/api/staff-hourly-rates', who, { userId: id.nurse, hourlyRate: 1 })).statusCode).toBe(403);
    }
    // A Super Admin has no organisation of their own, so there is nothing to scope the rates to.
    expect((await api('GET', '/api/staff-hourly-rates', cookie.superAdmin)).statusCode).toBe(403);
    expect((await api('GET', '/api/staff-hourly-rates')).statusCode).toBe(401);
    expect((await rateRows()).length).toBe(before);
  });
});

describe('time entries', () => {
  let doctorEntry: string;

  it('starts at the rate in force now and refuses a second running entry on the case', async () => {
    const res = await api('POST', '/api/time-entries', cookie.doctor, { caseId: caseA1 });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json();
    doctorEntry = entry.id;
    expect(entry).toMatchObject({
      caseId: caseA1, patientName: 'Mandla Zulu', userId: id.doctor, userName: 'Sipho Nkosi', role: 'Doctor',
      description: 'Patient care', endTime: null, durationMinutes: null, hours: null,
      hourlyRate: 850, hourlyRateCents: 85000, totalCost: 0, totalCostCents: 0,
    });
    const again = await api('POST', '/api/time-entries', cookie.doctor, { caseId: caseA1, description: 'Ward round' });
    expect(again.statusCode).toBe(409);
    // Another case is fine.
    expect((await api('POST', '/api/time-entries', cookie.doctor, { caseId: caseA2, description: 'Consult' })).json()).toMatchObject({ description: 'Consult' });
  });

  it('needs a rate in force, a case of the organisation and valid input', async () => {
    const count = async () => (await t.db.selectFrom('time_entries').select('id').execute()).length;
    const before = await count();
    const noRate = await api('POST', '/api/time-entries', cookie.support, { caseId: caseA1 });
    expect(noRate.statusCode).toBe(409);
    expect(noRate.json().message).toBe('No hourly rate set for you; ask an administrator');
    expect((await api('POST', '/api/time-entries', cookie.nurse, { caseId: caseB })).statusCode).toBe(404);
    expect((await api('POST', '/api/time-entries', cookie.nurse, { caseId: 'no-such-case' })).statusCode).toBe(404);
    for (const [payload, field] of [
      [{}, 'caseId'],
      [{ caseId: 7 }, 'caseId'],
      [{ caseId: caseA1, description: 'd'.repeat(501) }, 'description'],
    ] as const) {
      const res = await api('POST', '/api/time-entries', cookie.nurse, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect((await api('POST', '/api/time-entries', cookie.patient, { caseId: caseA1 })).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('stops an entry: whole minutes, priced at its own rate, only by its owner or a cost manager', async () => {
    await t.db.updateTable('time_entries').set({ start_time: addMinutes(nowIso(), -90) }).where('id', '=', doctorEntry).execute();
    const byNurse = await api('POST', `/api/time-entries/${doctorEntry}/stop`, cookie.nurse);
    expect(byNurse.statusCode).toBe(403);
    expect((await t.db.selectFrom('time_entries').select('end_time').where('id', '=', doctorEntry).executeTakeFirstOrThrow()).end_time).toBeNull();

    const stopped = await api('POST', `/api/time-entries/${doctorEntry}/stop`, cookie.doctor);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ durationMinutes: 90, hours: 1.5, totalCostCents: 127500, totalCost: 1275, hourlyRateCents: 85000 });
    expect(stopped.json().endTime).not.toBeNull();
    const twice = await api('POST', `/api/time-entries/${doctorEntry}/stop`, cookie.doctor);
    expect(twice.statusCode).toBe(409);

    // R333.33 an hour for 10 minutes is 5555.5 cents, rounded to 5556; an Administrator may stop it.
    const nurseEntry = (await api('POST', '/api/time-entries', cookie.nurse, { caseId: caseA1, description: 'Wound dressing' })).json();
    expect(nurseEntry.hourlyRateCents).toBe(33333);
    await t.db.updateTable('time_entries').set({ start_time: addMinutes(nowIso(), -10) }).where('id', '=', nurseEntry.id).execute();
    const byAdmin = await api('POST', `/api/time-entries/${nurseEntry.id}/stop`, cookie.admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ userId: id.nurse, durationMinutes: 10, hours: 0.2, totalCostCents: 5556, totalCost: 55.56 });
  });

  it("answers 404 for another organisation's entry", async () => {
    await api('POST', '/api/staff-hourly-rates', cookie.adminB, { userId: id.adminB, hourlyRate: 500, effectiveDate: '2020-01-01' });
    const entryB = (await api('POST', '/api/time-entries', cookie.adminB, { caseId: caseB })).json();
    expect((await api('POST', `/api/time-entries/${entryB.id}/stop`, cookie.admin)).statusCode).toBe(404);
    const row = await t.db.selectFrom('time_entries').select('end_time').where('id', '=', entryB.id).executeTakeFirstOrThrow();
    expect(row.end_time).toBeNull();
  });

  it("lists the caller's own entries, newest first", async () => {
    const res = await api('GET', '/api/time-entries/mine', cookie.doctor);
    expect(res.statusCode).toBe(200);
    const entries = res.json() as { userId: string; caseId: string }[];
    expect(entries.map((e) => e.caseId)).toEqual([caseA2, caseA1]);
    expect(entries.every((e) => e.userId === id.doctor)).toBe(true);
    expect((await api('GET', '/api/time-entries/mine?limit=1', cookie.doctor)).json()).toHaveLength(1);
    expect((await api('GET', '/api/time-entries/mine?limit=0', cookie.doctor)).statusCode).toBe(400);
    expect((await api('GET', '/api/time-entries/mine', cookie.patient)).statusCode).toBe(403);
  });
});

describe('case costs', () => {
  it('sums each case from its time entries, split by role, in exact cents', async () => {
    // Besides the doctor's 90 min (127 500 c) and the nurse's 10 min (5 556 c) on case A1:
    await insertEntry(orgA, caseA1, id.caseManager!, 'Case Manager', 18000, 45); // 13 500 c
    await insertEntry(orgA, caseA1, id.support!, 'Support Staff', 7500, 30); // 3 750 c, total only
    await insertEntry(orgA, caseA1, id.caseManager!, 'Case Manager', 18000, null); // ongoing: 0
    await insertEntry(orgB, caseB, id.doctorB!, 'Doctor', 90000, 60);

    const res = await api('GET', '/api/case-cost-summaries', cookie.admin);
    expect(res.statusCode).toBe(200);
    const { items: summaries, total, page, pageSize } = res.json() as { items: { caseId: string }[]; total: number; page: number; pageSize: number };
    expect({ total, page, pageSize }).toEqual({ total: 2, page: 1, pageSize: 24 });
    expect(summaries.some((s) => s.caseId === caseB)).toBe(false);
    // Case A2 has only the doctor's running entry: listed, at zero.
    expect(summaries.find((s) => s.caseId === caseA2)).toMatchObject({ totalCostCents: 0, totalHours: 0, entryCount: 1 });
    expect(summaries.find((s) => s.caseId === caseA1)).toEqual({
      caseId: caseA1, patientName: 'Mandla Zulu', caseType: 'Hip replacement',
      totalCostCents: 150306, totalCost: 1503.06,
      totalHours: 2.9, // 175 minutes
      doctorCostCents: 127500, doctorCost: 1275,
      nurseCostCents: 5556, nurseCost: 55.56,
      caseManagerCostCents: 13500, caseManagerCost: 135,
      otherCostCents: 3750, otherCost: 37.5, // the Support Staff's 30 min
      entryCount: 5,
    });
    // Ordered by patient name.
    expect(summaries.map((s) => s.caseId)).toEqual([caseA2, caseA1]);
  });

  it('splits a case into Doctor, Nurse, Case Manager and other staff, the parts summing to the total', async () => {
    const org = await createOrganization(t.db, 'Split Hospital');
    const admin = await createUser(t.db, { organizationId: org, role: 'Administrator' });
    const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor' });
    const nurse = await createUser(t.db, { organizationId: org, role: 'Nurse' });
    const consultant = await createUser(t.db, { organizationId: org, role: 'Legal Consultants' });
    const clinical = await createUser(t.db, { organizationId: org, role: 'Clinical Staff' });
    const kase = await insertCase(org, 'Split Patient', 'Oncology');
    // The written rule (SPEC §9): cost = hours × hourly rate, in cents.
    await insertEntry(org, kase, doctor.id, 'Doctor', 96000, 60); // 1 h × R 960 = 96 000 c
    await insertEntry(org, kase, nurse.id, 'Nurse', 36000, 30); // 0.5 h × R 360 = 18 000 c
    await insertEntry(org, kase, consultant.id, 'Legal Consultants', 120000, 45); // 0.75 h × R 1 200 = 90 000 c
    await insertEntry(org, kase, clinical.id, 'Clinical Staff', 48000, 90); // 1.5 h × R 480 = 72 000 c
    const res = await api('GET', '/api/case-cost-summaries', await signIn(t.app, admin.email));
    expect(res.statusCode, res.body).toBe(200);
    const [summary] = res.json().items as Record<string, number>[];
    expect(summary).toMatchObject({
      totalCostCents: 276000,
      doctorCostCents: 96000,
      nurseCostCents: 18000,
      caseManagerCostCents: 0,
      otherCostCents: 162000,
      otherCost: 1620,
    });
    const s = summary!;
    expect(s.doctorCostCents! + s.nurseCostCents! + s.caseManagerCostCents! + s.otherCostCents!).toBe(s.totalCostCents);
  });

  it('pages through the summaries by patient name, with the total of cases that have time', async () => {
    const org = await createOrganization(t.db, 'Paging Hospital');
    const admin = await createUser(t.db, { organizationId: org, role: 'Administrator' });
    const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor' });
    const names = Array.from({ length: 7 }, (_, i) => `Patient ${String.fromCharCode(71 - i)}`); // G … A
    for (const name of names) await insertEntry(org, await insertCase(org, name, 'Cardiology'), doctor.id, 'Doctor', 60000, 30);
    await insertCase(org, 'Patient Without Time', 'Cardiology');
    const who = await signIn(t.app, admin.email);

    const pages = [];
    for (const p of [1, 2, 3]) {
      const res = await api('GET', `/api/case-cost-summaries?page=${p}&pageSize=3`, who);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json() as { items: { patientName: string; totalCostCents: number }[]; total: number; page: number });
    }
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7]);
    expect(pages.map((p) => p.items.map((i) => i.patientName))).toEqual([
      ['Patient A', 'Patient B', 'Patient C'],
      ['Patient D', 'Patient E', 'Patient F'],
      ['Patient G'],
    ]);
    expect(pages[0]!.items[0]!.totalCostCents).toBe(30000);
    const beyond = (await api('GET', '/api/case-cost-summaries?page=9&pageSize=3', who)).json();
    expect(beyond).toEqual({ items: [], total: 7, page: 9, pageSize: 3 });
  });

  it('refuses a bad page or page size with a 400 naming the field', async () => {
    for (const [query, field] of [['page=0', 'page'], ['page=abc', 'page'], ['pageSize=101', 'pageSize'], ['pageSize=1.5', 'pageSize']] as const) {
      const res = await api('GET', `/api/case-cost-summaries?${query}`, cookie.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields ?? res.json().fields ?? res.json()).toHaveProperty(field);
    }
  });

  it("details a case's entries, ongoing ones without an end", async () => {
    const res = await api('GET', `/api/case-cost-details/${caseA1}`, cookie.admin);
    expect(res.statusCode).toBe(200);
    const entries = res.json() as { role: string; endTime: string | null; description: string }[];
    expect(entries).toHaveLength(5);
    const ongoing = entries.find((e) => e.endTime === null);
    expect(ongoing).toMatchObject({ role: 'Case Manager', userName: 'Thabo Nkosi', description: 'Patient care', durationMinutes: null, hours: null, totalCost: 0, hourlyRate: 180, hourlyRateCents: 18000 });
    expect(entries.find((e) => e.role === 'Nurse')).toMatchObject({ description: 'Wound dressing', hours: 0.2, totalCost: 55.56, hourlyRate: 333.33 });
    expect(entries.find((e) => e.role === 'Support Staff')).toMatchObject({ durationMinutes: 30, hours: 0.5, totalCostCents: 3750 });
  });

  it("answers 404 for another organisation's case and 403 to roles without costs.view", async () => {
    expect((await api('GET', `/api/case-cost-details/${caseB}`, cookie.admin)).statusCode).toBe(404);
    expect((await api('GET', '/api/case-cost-details/no-such-case', cookie.admin)).statusCode).toBe(404);
    for (const who of [cookie.nurse, cookie.doctor, cookie.caseManager]) {
      expect((await api('GET', '/api/case-cost-summaries', who)).statusCode).toBe(403);
      expect((await api('GET', `/api/case-cost-details/${caseA1}`, who)).statusCode).toBe(403);
    }
    expect((await api('GET', '/api/case-cost-summaries', cookie.superAdmin)).statusCode).toBe(403);
  });

  it('serves the same procedures over tRPC', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/trpc/costs.caseDetails?input=${encodeURIComponent(JSON.stringify({ caseId: caseA2 }))}`, headers: { cookie: cookie.admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toHaveLength(1);
  });
});
