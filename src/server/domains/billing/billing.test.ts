import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes, nowIso } from '../../../../db/time';
import { addMonths, monthKey } from '../../../shared/calendar';
import { type TBillingStatement, statementCsv, statementCsvFilename } from '../../../shared/domain/billing';
import { csvCell } from '../../../shared/csv';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

let t: TestApp;
let orgA: string;
let orgB: string;
const id: Record<string, string> = {};
const cookie: Record<string, string> = {};
let caseA: string;
let caseA2: string;
let caseB: string;

async function insertCase(organizationId: string, patientName: string) {
  const now = nowIso();
  const caseId = randomUUID();
  await t.db
    .insertInto('cases')
    .values({ id: caseId, organization_id: organizationId, patient_name: patientName, patient_user_id: null, case_type: 'General', description: null, scheduled_date: null, assigned_doctor_id: null, assigned_nurse_id: null, case_manager_id: null, department: null, admission_date: null, estimated_discharge: null, completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null, created_at: now, updated_at: now })
    .execute();
  return caseId;
}

/** A time entry as stopTimeEntry stores it: whole minutes at the entry's rate, rounded to the cent (null minutes: running). */
async function insertEntry(organizationId: string, caseId: string, userId: string, role: string, rateCents: number, start: string, minutes: number | null) {
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
  orgB = await createOrganization(t.db, 'Bongani Attorneys', 'legal');
  const people = [
    ['admin', orgA, 'Administrator'],
    ['doctor', orgA, 'Doctor'],
    ['doctor2', orgA, 'Doctor'],
    ['nurse', orgA, 'Nurse'],
    ['finance', orgB, 'Finance Staff'],
    ['directorB', orgB, 'Director'],
  ] as const;
  for (const [key, org, role] of people) id[key] = (await createUser(t.db, { organizationId: org, role, email: `${key.toLowerCase()}@billing.example` })).id;
  await createUser(t.db, { superAdmin: true, email: 'root@billing.example' });
  for (const key of ['admin', 'nurse', 'finance']) cookie[key] = await signIn(t.app, `${key}@billing.example`);
  cookie.superAdmin = await signIn(t.app, 'root@billing.example');
  caseA = await insertCase(orgA, 'Mandla Zulu');
  caseA2 = await insertCase(orgA, 'Ayesha Patel');
  caseB = await insertCase(orgB, 'Bheki Dlamini');

  // March 2025 in SAST runs from 2025-02-28T22:00Z to 2025-03-31T22:00Z.
  await insertEntry(orgA, caseA, id.doctor!, 'Doctor', 85_000, '2025-02-28T22:30:00.000Z', 60); // 1 Mar 00:30 SAST: 85 000 c
  await insertEntry(orgA, caseA, id.doctor!, 'Doctor', 90_000, '2025-03-12T07:00:00.000Z', 30); // a later rate: 45 000 c
  await insertEntry(orgA, caseA, id.doctor2!, 'Doctor', 85_000, '2025-03-20T09:00:00.000Z', 7); // 9 916.67 → 9 917 c
  await insertEntry(orgA, caseA, id.nurse!, 'Nurse', 32_000, '2025-03-31T21:59:00.000Z', 45); // 31 Mar 23:59 SAST: 24 000 c
  await insertEntry(orgA, caseA, id.nurse!, 'Nurse', 32_000, '2025-03-15T08:00:00.000Z', null); // running: left out
  // Outside March in SAST, though inside it in UTC.
  await insertEntry(orgA, caseA2, id.nurse!, 'Nurse', 32_000, '2025-03-31T22:00:00.000Z', 60); // 1 Apr 00:00 SAST
  await insertEntry(orgA, caseA2, id.doctor!, 'Doctor', 85_000, '2025-02-28T21:59:00.000Z', 60); // 28 Feb 23:59 SAST
  // Another organisation's time in the same month.
  await insertEntry(orgB, caseB, id.directorB!, 'Director', 150_000, '2025-03-10T08:00:00.000Z', 120);
});
afterAll(() => t.close());

const get = (url: string, who?: string) => t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, ...(who ? { cookie: who } : {}) } });

describe('billing.statement', () => {
  it('sums the completed time started in the SAST month per role, at the cost stored with each entry', async () => {
    const res = await get('/api/billing/statement?month=2025-03', cookie.admin);
    expect(res.statusCode, res.body).toBe(200);
    const statement = res.json() as TBillingStatement;
    expect(statement).toMatchObject({ month: '2025-03', from: '2025-02-28T22:00:00.000Z', to: '2025-03-31T22:00:00.000Z', runningEntryCount: 1 });
    expect(statement.rows).toEqual([
      // 85 000 + 45 000 + 9 917 cents; 60 + 30 + 7 = 97 minutes = 1.6 h.
      { role: 'Doctor', staffCount: 2, entryCount: 3, minutes: 97, hours: 1.6, costCents: 139_917, cost: 1399.17 },
      { role: 'Nurse', staffCount: 1, entryCount: 1, minutes: 45, hours: 0.8, costCents: 24_000, cost: 240 },
    ]);
    expect(statement.total).toEqual({ staffCount: 3, entryCount: 4, minutes: 142, hours: 2.4, costCents: 163_917, cost: 1639.17 });
  });

  it('puts the entries across the boundary in their own SAST months', async () => {
    const april = (await get('/api/billing/statement?month=2025-04', cookie.admin)).json() as TBillingStatement;
    expect(april.rows).toEqual([{ role: 'Nurse', staffCount: 1, entryCount: 1, minutes: 60, hours: 1, costCents: 32_000, cost: 320 }]);
    const february = (await get('/api/billing/statement?month=2025-02', cookie.admin)).json() as TBillingStatement;
    expect(february.total).toMatchObject({ entryCount: 1, costCents: 85_000 });
    expect(february.runningEntryCount).toBe(0);
  });

  it("agrees with Cost Management's case totals for the same entries", async () => {
    const { items: summaries } = (await get('/api/case-cost-summaries?pageSize=100', cookie.admin)).json() as { items: { caseId: string; totalCostCents: number }[] };
    const statements = await Promise.all(['2025-02', '2025-03', '2025-04'].map(async (m) => (await get(`/api/billing/statement?month=${m}`, cookie.admin)).json() as TBillingStatement));
    const caseTotal = summaries.filter((s) => s.caseId === caseA || s.caseId === caseA2).reduce((sum, s) => sum + s.totalCostCents, 0);
    expect(statements.reduce((sum, s) => sum + s.total.costCents, 0)).toBe(caseTotal);
  });

  it("shows only the caller's organisation", async () => {
    const b = (await get('/api/billing/statement?month=2025-03', cookie.finance)).json() as TBillingStatement;
    expect(b.rows).toEqual([{ role: 'Director', staffCount: 1, entryCount: 1, minutes: 120, hours: 2, costCents: 300_000, cost: 3000 }]);
    const a = (await get('/api/billing/statement?month=2025-03', cookie.admin)).json() as TBillingStatement;
    expect(a.rows.map((r) => r.role)).not.toContain('Director');
  });

  it('defaults to the current SAST month and counts a running entry as running', async () => {
    await insertEntry(orgA, caseA2, id.doctor!, 'Doctor', 85_000, addMinutes(nowIso(), -30), null);
    const res = await get('/api/billing/statement', cookie.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ month: monthKey(new Date()), rows: [], runningEntryCount: 1 });
  });

  it('is for Administrators and Finance Staff only', async () => {
    expect((await get('/api/billing/statement?month=2025-03', cookie.nurse)).statusCode).toBe(403);
    expect((await get('/api/billing', cookie.nurse)).statusCode).toBe(403);
    // A Super Admin holds every capability but no organisation to bill.
    expect((await get('/api/billing/statement', cookie.superAdmin)).statusCode).toBe(403);
    expect((await get('/api/billing/statement')).statusCode).toBe(401);
  });

  it.each([
    ['a month out of range', '2025-13'],
    ['a month without its leading zero', '2025-3'],
    ['a date instead of a month', '2025-03-01'],
    ['text', 'march'],
    ['a month before 2000', '1999-12'],
    ['next month', monthKey(addMonths(new Date(), 1))],
  ])('refuses %s with a 400 naming the month', async (_name, month) => {
    const res = await get(`/api/billing/statement?month=${encodeURIComponent(month)}`, cookie.admin);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain('month');
  });
});

describe('the statement as CSV', () => {
  it('has a header, a row per role and a total, in rands with two decimals', async () => {
    const statement = (await get('/api/billing/statement?month=2025-03', cookie.admin)).json() as TBillingStatement;
    expect(statementCsv(statement)).toBe(
      ['Role,Staff,Entries,Hours,Cost (ZAR)', 'Doctor,2,3,1.6,1399.17', 'Nurse,1,1,0.8,240.00', 'Total,3,4,2.4,1639.17', ''].join('\r\n'),
    );
    expect(statementCsvFilename('2025-03')).toBe('casebridge-statement-2025-03.csv');
  });

  it('defuses formulas and quotes commas, quotes and line breaks', () => {
    expect(csvCell('=HYPERLINK("http://x.example")')).toBe(`"'=HYPERLINK(""http://x.example"")"`);
    expect(csvCell('+27 11')).toBe("'+27 11");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('Smith, Jones')).toBe('"Smith, Jones"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('1250.00')).toBe('1250.00');
    expect(csvCell('Expert/Witness')).toBe('Expert/Witness');
  });
});

describe('billing.summary', () => {
  const setOrg = (values: { plan?: string; trial_ends_at?: string | null; max_users?: number | null }) =>
    t.db.updateTable('organizations').set(values).where('id', '=', orgA).execute();

  it('shows a standard plan with its active users against the limit', async () => {
    await setOrg({ plan: 'standard', trial_ends_at: null, max_users: 25 });
    const outsider = await createUser(t.db, { organizationId: orgA, role: 'Nurse' });
    await t.db.updateTable('memberships').set({ status: 'inactive' }).where('user_id', '=', outsider.id).execute();
    const res = await get('/api/billing', cookie.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      organizationName: 'Amahle Hospital', platform: 'healthcare', plan: 'standard', planLabel: 'Standard plan', status: 'active',
      trialEndsAt: null, trialDaysLeft: null, maxUsers: 25, usersInUse: 4,
    });
  });

  it('counts the days left of a running trial and says when it has ended', async () => {
    const ends = new Date(Date.now() + 9.5 * 86_400_000).toISOString();
    await setOrg({ plan: 'trial', trial_ends_at: ends, max_users: 10 });
    expect((await get('/api/billing', cookie.admin)).json()).toMatchObject({ status: 'trial', planLabel: 'Trial', trialEndsAt: ends, trialDaysLeft: 10, maxUsers: 10 });
    await setOrg({ trial_ends_at: '2025-01-01T00:00:00.000Z' });
    expect((await get('/api/billing', cookie.admin)).json()).toMatchObject({ status: 'trialEnded', trialDaysLeft: null });
  });

  it('is open to Finance Staff', async () => {
    const res = await get('/api/billing', cookie.finance);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ organizationName: 'Bongani Attorneys', platform: 'legal', usersInUse: 2, maxUsers: null });
  });
});
