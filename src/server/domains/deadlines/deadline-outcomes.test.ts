import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, dayKey } from '../../../shared/calendar';
import { computeDeadline } from '../../../shared/deadlines/deadline-engine';
import { formatCalendarDay } from '../../../shared/format';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Deadlines that know what happened (issue 32, decision 0056), over HTTP as a client calls them:
// PATCH /api/deadlines/{id} marks one met (on a day, by whom) or not applicable (with a reason), an
// amendment is the next version, and each mark is a line on the timeline; recording the service of
// summons on the court matter (PUT …/court-matter) meets prescription and decides the s3 notice.
// Expected statuses come from the written rule (src/shared/deadlines/deadline-status.ts), the due
// dates from the deadline engine.

let t: TestApp;
let firm: string;
let cookie = '';
let otherCookie = '';

type Deadline = { id: string; caseId: string; rule: string; due: string; status: string; statusBasis: string; metOn: string | null; taskId: string | null; taskStatus: string | null; outcome: null | { status: string; on: string | null; reason: string | null; recordedByName: string | null; version: number } };

const req = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: unknown, c = cookie) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, cookie: c }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const deadlines = async (caseId: string) => {
  const res = await req('GET', `/api/patient-cases/${caseId}/deadlines`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Deadline[];
};
const byRule = async (caseId: string, rule: string) => (await deadlines(caseId)).find((d) => d.rule === rule)!;
const outcomeCount = async () => Number((await t.db.selectFrom('deadline_outcomes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const marksOnTimeline = (caseId: string) =>
  t.db.selectFrom('case_events').select(['summary']).where('case_id', '=', caseId).where('kind', '=', 'deadline.marked').orderBy('at').orderBy('id').execute().then((rows) => rows.map((r) => r.summary));

const today = dayKey();
const day = (n: number) => dayKey(addDays(new Date(`${today}T12:00:00Z`), n));
// Debt due a month ago → the s3 notice due in about five months; knowledge a year ago → prescription in about two years.
const debtDueOn = day(-30);
const knowledgeOn = dayKey(addMonths(new Date(`${today}T12:00:00Z`), -12));
const matter = (over: Record<string, unknown> = {}) => ({ court: 'High Court', division: 'Gauteng Division, Pretoria', caseNumber: '2026/4411', stage: 'letter-of-demand', debtDueOn, knowledgeOn, ...over });

beforeAll(async () => {
  t = await startTestApp();
  firm = await createOrganization(t.db, 'Deadline Attorneys', 'medicolegal');
  const attorney = await createUser(t.db, { organizationId: firm, role: 'Attorneys', firstName: 'Ayanda' });
  cookie = await signIn(t.app, attorney.email);
  otherCookie = await signIn(t.app, (await createUser(t.db, { organizationId: await createOrganization(t.db, 'Other Firm', 'medicolegal'), role: 'Attorneys' })).email);
});
afterAll(() => t.close());

describe('PATCH /deadlines/{id}: met, not applicable, amended', () => {
  let kase: string;
  beforeAll(async () => {
    kase = await createCase(t.db, firm, { patient_name: 'Nomsa Dlamini', case_type: 'Medical negligence' });
    const put = await req('PUT', `/api/patient-cases/${kase}/court-matter`, matter());
    expect(put.statusCode, put.body).toBe(200);
  });

  it('starts open, each due day as the engine counts it', async () => {
    const s3 = await byRule(kase, 'act-40-s3');
    expect([s3.due, s3.status, s3.statusBasis, s3.outcome]).toEqual([computeDeadline('act-40-s3', debtDueOn).due, 'open', 'due', null]);
    expect((await byRule(kase, 'prescription')).status).toBe('open');
  });

  it('marks the s3 notice met on the day given, by whom, closes its task and says so on the timeline', async () => {
    const s3 = await byRule(kase, 'act-40-s3');
    const res = await req('PATCH', `/api/deadlines/${s3.id}`, { status: 'met', on: day(-3) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: s3.id, caseId: kase, status: 'met', statusBasis: 'marked', metOn: day(-3), taskStatus: 'done', outcome: { status: 'met', on: day(-3), reason: null, recordedByName: 'Ayanda Nkosi', version: 1 } });
    expect((await byRule(kase, 'act-40-s3')).status).toBe('met');
    expect(await marksOnTimeline(kase)).toEqual([`Deadline marked met on ${formatCalendarDay(day(-3))}: Act 40 of 2002 s3 notice to the organ of state (Ayanda Nkosi); its task is done`]);
  });

  it('defaults the day met to today', async () => {
    const rule19Case = await createCase(t.db, firm, { patient_name: 'Default Day' });
    await req('PUT', `/api/patient-cases/${rule19Case}/court-matter`, matter({ debtDueOn: null, knowledgeOn: null, summonsServedOn: day(-1) }));
    const rule19 = await byRule(rule19Case, 'rule-19');
    const res = await req('PATCH', `/api/deadlines/${rule19.id}`, { status: 'met' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'met', metOn: today });
  });

  it('refuses a not-applicable mark without a reason, a day in the future and an empty body (400 naming the field), writing nothing', async () => {
    const prescription = await byRule(kase, 'prescription');
    const before = await outcomeCount();
    const noReason = await req('PATCH', `/api/deadlines/${prescription.id}`, { status: 'not-applicable', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().fields)).toEqual(['reason']);
    const future = await req('PATCH', `/api/deadlines/${prescription.id}`, { status: 'met', on: day(1) });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json().fields)).toEqual(['on']);
    const badStatus = await req('PATCH', `/api/deadlines/${prescription.id}`, { status: 'open' });
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json().fields)).toContain('status');
    expect((await req('PATCH', `/api/deadlines/${prescription.id}`, {})).statusCode).toBe(400);
    expect(await outcomeCount()).toBe(before);
    expect((await byRule(kase, 'prescription')).status).toBe('open');
  });

  it('amends a mark as its next version (the earlier one kept); a stale version is 409 with the deadline as it is', async () => {
    const s3 = await byRule(kase, 'act-40-s3');
    const amended = await req('PATCH', `/api/deadlines/${s3.id}`, { status: 'not-applicable', reason: 'The defendant is a private hospital, not an organ of state', expectedVersion: 1 });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json()).toMatchObject({ status: 'not-applicable', metOn: null, outcome: { status: 'not-applicable', on: null, reason: 'The defendant is a private hospital, not an organ of state', version: 2 } });
    const versions = await t.db.selectFrom('deadline_outcomes').select(['version', 'status']).where('case_id', '=', kase).orderBy('version').execute();
    expect(versions.map((v) => [Number(v.version), v.status])).toEqual([[1, 'met'], [2, 'not-applicable']]);
    expect((await marksOnTimeline(kase)).at(-1)).toBe(
      `Deadline marked not applicable (The defendant is a private hospital, not an organ of state): Act 40 of 2002 s3 notice to the organ of state (Ayanda Nkosi); amends the earlier mark, met on ${formatCalendarDay(day(-3))}`,
    );
    const before = await outcomeCount();
    const stale = await req('PATCH', `/api/deadlines/${s3.id}`, { status: 'met', on: day(-2), expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: s3.id, status: 'not-applicable', outcome: { version: 2 } });
    expect(await outcomeCount()).toBe(before);
  });

  it('writes nothing for a mark equal to the latest', async () => {
    const s3 = await byRule(kase, 'act-40-s3');
    const before = await outcomeCount();
    const same = await req('PATCH', `/api/deadlines/${s3.id}`, { status: 'not-applicable', reason: 'The defendant is a private hospital, not an organ of state' });
    expect(same.statusCode).toBe(200);
    expect(await outcomeCount()).toBe(before);
  });

  it('answers 404 to another organisation, writing nothing', async () => {
    const prescription = await byRule(kase, 'prescription');
    const before = await outcomeCount();
    const res = await req('PATCH', `/api/deadlines/${prescription.id}`, { status: 'met' }, otherCookie);
    expect(res.statusCode).toBe(404);
    expect(await outcomeCount()).toBe(before);
  });

  it('refuses a restricted case the caller is not on (need to know), writing nothing, and lets its team mark', async () => {
    const restricted = await createCase(t.db, firm, { patient_name: 'Restricted Matter' });
    await req('PUT', `/api/patient-cases/${restricted}/court-matter`, matter());
    await t.db.updateTable('cases').set({ restricted: 1 }).where('id', '=', restricted).execute();
    const d = await t.db.selectFrom('case_deadlines').select('id').where('case_id', '=', restricted).where('rule', '=', 'prescription').executeTakeFirstOrThrow();
    const before = await outcomeCount();
    const refused = await req('PATCH', `/api/deadlines/${d.id}`, { status: 'met' });
    expect(refused.statusCode).toBe(403);
    expect(await outcomeCount()).toBe(before);
    const me = await t.db.selectFrom('users').select('id').where('first_name', '=', 'Ayanda').executeTakeFirstOrThrow();
    await addTeamMember(t.db, firm, restricted, me.id, 'responsible-attorney');
    expect((await req('PATCH', `/api/deadlines/${d.id}`, { status: 'met' })).statusCode).toBe(200);
  });
});

describe('service of summons decides prescription and the s3 notice (Prescription Act s15; Act 40 of 2002 s3)', () => {
  it('meets prescription on the service day and the s3 notice marked served before it; the timeline says so', async () => {
    const kase = await createCase(t.db, firm, { patient_name: 'Sipho Ndlovu' });
    const first = await req('PUT', `/api/patient-cases/${kase}/court-matter`, matter());
    const s3 = await byRule(kase, 'act-40-s3');
    expect((await req('PATCH', `/api/deadlines/${s3.id}`, { status: 'met', on: day(-20) })).statusCode).toBe(200);
    const served = await req('PUT', `/api/patient-cases/${kase}/court-matter`, matter({ stage: 'summons-issued', summonsServedOn: day(-2), expectedVersion: first.json().version }));
    expect(served.statusCode, served.body).toBe(200);
    const prescription = await byRule(kase, 'prescription');
    expect([prescription.status, prescription.statusBasis, prescription.metOn, prescription.taskStatus]).toEqual(['met', 'summons-served', day(-2), 'done']);
    expect(await byRule(kase, 'act-40-s3')).toMatchObject({ status: 'met', statusBasis: 'marked', metOn: day(-20) });
    expect((await marksOnTimeline(kase)).at(-1)).toBe(
      `Deadline met: Prescription: serve process before the claim prescribes — summons served on ${formatCalendarDay(day(-2))} interrupts prescription (Prescription Act s15); its task is done`,
    );
  });

  it('calls an s3 notice not recorded before service overdue-before-service, never open, though its due day is months away', async () => {
    const kase = await createCase(t.db, firm, { patient_name: 'Thandi Mokoena' });
    await req('PUT', `/api/patient-cases/${kase}/court-matter`, matter({ stage: 'summons-issued', summonsServedOn: day(-1) }));
    const s3 = await byRule(kase, 'act-40-s3');
    expect(s3.due > today).toBe(true);
    expect([s3.status, s3.statusBasis, s3.metOn, s3.taskStatus]).toEqual(['overdue', 'overdue-before-service', null, 'open']);
    expect(await marksOnTimeline(kase)).toContain(
      `Deadline overdue: Act 40 of 2002 s3 notice to the organ of state — summons served on ${formatCalendarDay(day(-1))} without the notice recorded as served before it (condonation, s3(4))`,
    );
    // A notice marked served after the summons came too late: still overdue.
    const late = await req('PATCH', `/api/deadlines/${s3.id}`, { status: 'met', on: today });
    expect(late.json()).toMatchObject({ status: 'overdue', statusBasis: 'overdue-before-service', outcome: { status: 'met', on: today } });
  });
});
