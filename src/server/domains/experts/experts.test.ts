import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import type { TenantActor } from '../../auth/actor';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { syncCaseDeadlines } from '../deadlines/case-deadlines.service';
import { addPerson } from '../parties/party-test-data';
import { addHearing } from './expert-test-data';

// Expert witnesses (issue 20) over REST: GET/POST /api/patient-cases/{id}/experts and
// PATCH /api/experts/{id}. An expert is a person of the registry, for our side or the opposing one;
// each answers its Rule 36(9)(a)/(b) due dates from the trial date, `met` once the milestone has a
// date. Our experts put those deadlines on the case as tasks, which follow the trial date when the
// hearing moves. Expected dates are counted by hand from the rules.

let t: TestApp;
let firm: string;
let attorneyId: string;
const cookies = { attorney: '', expertRole: '', other: '', hospital: '' };
let actor: TenantActor;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const expertsOf = (id: string) => `/api/patient-cases/${id}/experts`;
const expertCount = async () => Number((await t.db.selectFrom('case_experts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const openTasks = (caseId: string) => t.db.selectFrom('tasks').select(['title', 'due_date', 'assignee_id', 'priority']).where('case_id', '=', caseId).where('status', '=', 'open').orderBy('due_date').execute();

beforeAll(async () => {
  t = await startTestApp();
  firm = await createOrganization(t.db, 'Gauteng State Attorney', 'medicolegal');
  const attorney = await createUser(t.db, { organizationId: firm, role: 'Attorneys', firstName: 'Ayanda' });
  attorneyId = attorney.id;
  actor = { userId: attorney.id, sessionId: 'test', organizationId: firm, platform: 'medicolegal', role: 'Attorneys', isSuperAdmin: false };
  cookies.attorney = await signIn(t.app, attorney.email);
  cookies.expertRole = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Expert/Witness' })).email);
  cookies.other = await signIn(t.app, (await createUser(t.db, { organizationId: await createOrganization(t.db, 'Other Firm', 'legal'), role: 'Attorneys' })).email);
  cookies.hospital = await signIn(t.app, (await createUser(t.db, { organizationId: await createOrganization(t.db, 'Experts Hospital', 'healthcare'), role: 'Doctor' })).email);
});
afterAll(() => t.close());

describe('expert witnesses on a case with a trial date', () => {
  let kase: string;
  let trial: string;
  let obstetrician: string;
  let actuary: string;
  let oursId: string;

  beforeAll(async () => {
    kase = await createCase(t.db, firm, { patient_name: 'Lerato Mokoena', case_type: 'Medical negligence' });
    await addTeamMember(t.db, firm, kase, attorneyId, 'responsible-attorney');
    obstetrician = await addPerson(t.db, firm, { firstName: 'Thandeka', lastName: 'Zulu' });
    actuary = await addPerson(t.db, firm, { firstName: 'Johan', lastName: 'Munro' });
    // Trial Fri 2027-05-14, 10:00 SAST.
    trial = await addHearing(t.db, firm, kase, '2027-05-14T08:00:00.000Z');
  });

  it('adds our expert with the 36(9) due dates from the trial date, two High tasks for the responsible attorney, and expert.added on the timeline', async () => {
    const res = await call('POST', expertsOf(kase), cookies.attorney, { personId: obstetrician, discipline: 'Obstetrician', registrationNumber: 'MP0123456', side: 'ours', feeCents: 4_500_000 });
    expect(res.statusCode, res.body).toBe(200);
    const expert = res.json();
    oursId = expert.id;
    expect(expert).toMatchObject({ caseId: kase, personId: obstetrician, name: 'Thandeka Zulu', discipline: 'Obstetrician', registrationNumber: 'MP0123456', side: 'ours', feeCents: 4_500_000, version: 1 });
    expect(expert.milestones).toEqual({ instructed: null, assessed: null, reportReceived: null, notice369a: null, summary369b: null, jointMinute: null });
    // (a) 15 court days before Fri 14 May 2027, passing over Freedom Day (Tue 27 Apr) → Thu 2027-04-22;
    // (b) 10 court days before → Fri 2027-04-30.
    expect(expert.dueDates.map((d: { rule: string; milestone: string; due: string; met: boolean }) => [d.rule, d.milestone, d.due, d.met])).toEqual([
      ['rule-36-9-a', 'notice369a', '2027-04-22', false],
      ['rule-36-9-b', 'summary369b', '2027-04-30', false],
    ]);
    expect(expert.dueDates[0].explanation).toContain('Freedom Day');
    expect(await openTasks(kase)).toEqual([
      { title: 'Rule 36(9)(a) expert notice — Thandeka Zulu', due_date: '2027-04-22', assignee_id: attorneyId, priority: 'High' },
      { title: 'Rule 36(9)(b) expert summary — Thandeka Zulu', due_date: '2027-04-30', assignee_id: attorneyId, priority: 'High' },
    ]);
    const events = await t.db.selectFrom('case_events').select(['kind', 'summary']).where('case_id', '=', kase).where('kind', '=', 'expert.added').execute();
    expect(events).toEqual([{ kind: 'expert.added', summary: 'Added Thandeka Zulu (Obstetrician) as our expert' }]);
  });

  it("adds the opposing side's expert: due dates shown, no task on our case", async () => {
    const res = await call('POST', expertsOf(kase), cookies.attorney, { personId: actuary, discipline: 'Actuary', side: 'opposing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ side: 'opposing', registrationNumber: null, feeCents: null });
    expect(res.json().dueDates.map((d: { due: string }) => d.due)).toEqual(['2027-04-22', '2027-04-30']);
    expect(await openTasks(kase)).toHaveLength(2);
    const list = await call('GET', expertsOf(kase), cookies.expertRole);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((e: { name: string; side: string }) => [e.name, e.side])).toEqual([['Thandeka Zulu', 'ours'], ['Johan Munro', 'opposing']]);
  });

  it('records a milestone date: met, the version moves on, expert.updated names it', async () => {
    const res = await call('PATCH', `/api/experts/${oursId}`, cookies.attorney, { milestones: { instructed: '2026-10-01', notice369a: '2026-11-20' }, expectedVersion: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, milestones: { instructed: '2026-10-01', notice369a: '2026-11-20', summary369b: null } });
    expect(res.json().dueDates.map((d: { milestone: string; met: boolean }) => [d.milestone, d.met])).toEqual([['notice369a', true], ['summary369b', false]]);
    const event = await t.db.selectFrom('case_events').select(['summary', 'details']).where('case_id', '=', kase).where('kind', '=', 'expert.updated').executeTakeFirstOrThrow();
    expect(event.summary).toBe('Expert Thandeka Zulu updated: Instructed, Rule 36(9)(a) notice');
    expect(JSON.parse(event.details).changes).toEqual([
      { field: 'milestones.instructed', label: 'Instructed', from: null, to: '2026-10-01' },
      { field: 'milestones.notice369a', label: 'Rule 36(9)(a) notice', from: null, to: '2026-11-20' },
    ]);
  });

  it('answers a stale version with 409 and the expert as it is now, and writes nothing', async () => {
    const res = await call('PATCH', `/api/experts/${oursId}`, cookies.attorney, { feeCents: 100, expectedVersion: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().current).toMatchObject({ id: oursId, version: 2, feeCents: 4_500_000 });
  });

  it('moves the 36(9) due dates and their tasks when the trial hearing moves', async () => {
    // Postponed to Fri 2027-06-25 (the court part updates the hearing and syncs the deadlines).
    await t.db.updateTable('hearings').set({ starts_at: '2027-06-25T08:00:00.000Z' }).where('id', '=', trial).execute();
    // The experts answer from the trial date as it is now…
    const list = (await call('GET', expertsOf(kase), cookies.attorney)).json().items;
    // (a) 15 court days before Fri 25 Jun 2027, passing over Youth Day (Wed 16 Jun) → Thu 2027-06-03; (b) 10 → Thu 2027-06-10.
    expect(list[0].dueDates.map((d: { due: string }) => d.due)).toEqual(['2027-06-03', '2027-06-10']);
    // …and the tasks follow once the deadlines are synced, as the court part's hearing write does.
    await t.db.transaction().execute((trx) => syncCaseDeadlines(trx, actor, kase));
    expect((await openTasks(kase)).map((x) => [x.title, x.due_date])).toEqual([
      ['Rule 36(9)(a) expert notice — Thandeka Zulu', '2027-06-03'],
      ['Rule 36(9)(b) expert summary — Thandeka Zulu', '2027-06-10'],
    ]);
    const deadlines = (await call('GET', `/api/patient-cases/${kase}/deadlines`, cookies.attorney)).json().items;
    expect(deadlines.map((d: { rule: string; due: string; taskStatus: string }) => [d.rule, d.due, d.taskStatus])).toEqual([
      ['rule-36-9-a', '2027-06-03', 'open'],
      ['rule-36-9-b', '2027-06-10', 'open'],
    ]);
  });

  it('moves our expert to the other side through PATCH: the 36(9) tasks go, with deadline.moved on the timeline', async () => {
    const res = await call('PATCH', `/api/experts/${oursId}`, cookies.attorney, { side: 'opposing', feeCents: '', expectedVersion: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ side: 'opposing', feeCents: null, version: 3 });
    expect(await openTasks(kase)).toEqual([]);
    const removed = await t.db.selectFrom('case_events').select('summary').where('case_id', '=', kase).where('kind', '=', 'deadline.moved').where('summary', 'like', 'Deadline removed%').execute();
    expect(removed).toHaveLength(2);
    const event = await t.db.selectFrom('case_events').select('details').where('case_id', '=', kase).where('kind', '=', 'expert.updated').orderBy('at', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(event.details).changes).toEqual([
      { field: 'side', label: 'Side', from: 'Ours', to: 'Opposing' },
      // Intl's en-ZA groups with no-break spaces.
      { field: 'feeCents', label: 'Fee', from: expect.stringMatching(/^R\s45\s000,00$/), to: null },
    ]);
  });
});

describe('refusals', () => {
  let kase: string;
  let person: string;

  beforeAll(async () => {
    kase = await createCase(t.db, firm, { patient_name: 'Sipho Ndlovu' });
    person = await addPerson(t.db, firm, { firstName: 'Naledi', lastName: 'Khumalo' });
  });

  it('answers bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await expertCount();
    const cases: [object, string][] = [
      [{ personId: person, discipline: '', side: 'ours' }, 'discipline'],
      [{ personId: person, discipline: 'Neurosurgeon', side: 'neutral' }, 'side'],
      [{ personId: person, discipline: 'Neurosurgeon', side: 'ours', feeCents: -5 }, 'feeCents'],
      [{ personId: await addPerson(t.db, await createOrganization(t.db, 'Elsewhere', 'legal'), { lastName: 'Stranger' }), discipline: 'Actuary', side: 'ours' }, 'personId'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', expertsOf(kase), cookies.attorney, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect(await expertCount()).toBe(before);
  });

  it('refuses the same person twice on a case (409), and a milestone that is not a day (400 naming it)', async () => {
    const first = await call('POST', expertsOf(kase), cookies.attorney, { personId: person, discipline: 'Industrial psychologist', side: 'ours' });
    expect(first.statusCode, first.body).toBe(200);
    expect((await call('POST', expertsOf(kase), cookies.attorney, { personId: person, discipline: 'Occupational therapist', side: 'opposing' })).statusCode).toBe(409);
    const bad = await call('PATCH', `/api/experts/${first.json().id}`, cookies.attorney, { milestones: { reportReceived: '2026-02-30' }, expectedVersion: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['milestones.reportReceived']);
  });

  it('lets a read-only role read but not write (403), another organisation not at all (404), and not on the healthcare platform (403)', async () => {
    expect((await call('GET', expertsOf(kase), cookies.expertRole)).statusCode).toBe(200);
    expect((await call('POST', expertsOf(kase), cookies.expertRole, { personId: person, discipline: 'Actuary', side: 'ours' })).statusCode).toBe(403);
    expect((await call('GET', expertsOf(kase), cookies.other)).statusCode).toBe(404);
    const anExpert = (await call('GET', expertsOf(kase), cookies.attorney)).json().items[0].id;
    expect((await call('PATCH', `/api/experts/${anExpert}`, cookies.other, { discipline: 'Actuary', expectedVersion: 1 })).statusCode).toBe(404);
    expect((await call('GET', expertsOf(kase), cookies.hospital)).statusCode).toBe(403);
  });

  it('answers an expert without a trial date with no due dates and puts no task on the case', async () => {
    const items = (await call('GET', expertsOf(kase), cookies.attorney)).json().items;
    expect(items).toHaveLength(1);
    expect(items[0].dueDates).toEqual([]);
    expect(await openTasks(kase)).toEqual([]);
  });
});
