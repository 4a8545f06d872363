import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayKey } from '../../../shared/calendar';
import type { TCaseEventKind } from '../../../shared/domain/case-timeline';
import type { TenantActor } from '../../auth/actor';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addCourtMatter, addExpertRow, addHearing } from '../experts/expert-test-data';
import { addPerson } from '../parties/party-test-data';
import { syncCaseDeadlines } from './case-deadlines.service';

// syncCaseDeadlines (issue 20) called directly on rows we insert: the court matter's dates give
// Rule 19(1), Act 40 s3 and prescription; the trial date gives Rule 36(9)(a)/(b) per expert of our
// side. Each deadline is a case_deadlines row with a High task for the responsible attorney; a moved
// trigger moves it (deadline.moved), a cleared one removes it (its open task too, a done task stays).
// Then GET /patient-cases/{id}/deadlines and GET /deadlines/upcoming over HTTP.
// Expected due dates are counted by hand from the rules (see each comment).

let t: TestApp;
let firm: string;
let actor: TenantActor;
let attorneyId: string;
let cookie = '';

const deadlinesOf = (caseId: string) =>
  t.db
    .selectFrom('case_deadlines as d')
    .leftJoin('tasks', 'tasks.id', 'd.task_id')
    .select(['d.rule', 'd.source_kind', 'd.trigger_on', 'd.due_on', 'd.task_id', 'tasks.title', 'tasks.due_date', 'tasks.assignee_id', 'tasks.priority', 'tasks.status'])
    .where('d.case_id', '=', caseId)
    .orderBy('d.due_on')
    .execute();
const tasksOf = (caseId: string) => t.db.selectFrom('tasks').select(['id', 'title', 'due_date', 'status', 'version']).where('case_id', '=', caseId).orderBy('title').execute();
const eventsOf = (caseId: string, kinds: TCaseEventKind[] = ['deadline.set', 'deadline.moved']) =>
  t.db.selectFrom('case_events').select(['kind', 'summary', 'details']).where('case_id', '=', caseId).where('kind', 'in', kinds).orderBy('at').orderBy('id').execute();
const sync = (caseId: string) => t.db.transaction().execute((trx) => syncCaseDeadlines(trx, actor, caseId));

beforeAll(async () => {
  t = await startTestApp();
  firm = await createOrganization(t.db, 'State Litigation Unit', 'medicolegal');
  const attorney = await createUser(t.db, { organizationId: firm, role: 'Attorneys', firstName: 'Ayanda' });
  attorneyId = attorney.id;
  cookie = await signIn(t.app, attorney.email);
  actor = { userId: attorney.id, sessionId: 'test', organizationId: firm, platform: 'medicolegal', role: 'Attorneys', isSuperAdmin: false };
});
afterAll(() => t.close());

describe('syncCaseDeadlines from the court matter', () => {
  let kase: string;
  let matter: string;

  beforeAll(async () => {
    kase = await createCase(t.db, firm, { patient_name: 'Nomsa Dlamini', case_type: 'Medical negligence' });
    await addTeamMember(t.db, firm, kase, attorneyId, 'responsible-attorney');
    // Served Thu 2026-12-10 → Rule 19(1): 11, 14, 15 Dec, then from 18 Jan 18–22, 25, 26 → Tue 2027-01-26.
    // Debt due 2026-03-15 → s3: civil method, the day before 2026-09-15 → 2026-09-14.
    // Knowledge 2025-06-10 → prescription: the day before 2028-06-10 → 2028-06-09.
    matter = await addCourtMatter(t.db, firm, kase, { summonsServedOn: '2026-12-10', debtDueOn: '2026-03-15', knowledgeOn: '2025-06-10' });
  });

  it('sets one deadline per dated trigger, each with a High task for the responsible attorney, and says so on the timeline', async () => {
    await sync(kase);
    const rows = await deadlinesOf(kase);
    expect(rows.map((r) => [r.rule, r.source_kind, r.trigger_on, r.due_on])).toEqual([
      ['act-40-s3', 'court-matter', '2026-03-15', '2026-09-14'],
      ['rule-19', 'court-matter', '2026-12-10', '2027-01-26'],
      ['prescription', 'court-matter', '2025-06-10', '2028-06-09'],
    ]);
    for (const r of rows) expect([r.due_date, r.assignee_id, r.priority, r.status]).toEqual([r.due_on, attorneyId, 'High', 'open']);
    expect(rows.map((r) => r.title)).toEqual([
      'Act 40 of 2002 s3 notice to the organ of state',
      'Rule 19(1) notice of intention to defend',
      'Prescription: serve process before the claim prescribes',
    ]);
    const events = await eventsOf(kase);
    expect(events.map((e) => e.kind)).toEqual(['deadline.set', 'deadline.set', 'deadline.set']);
    expect(events.map((e) => e.summary)).toContain('Deadline set: Rule 19(1) notice of intention to defend, due 2027-01-26');
  });

  it('changes nothing when called again with the same dates', async () => {
    const tasksBefore = await tasksOf(kase);
    await sync(kase);
    expect(await tasksOf(kase)).toEqual(tasksBefore);
    expect(await eventsOf(kase)).toHaveLength(3);
  });

  it('moves the deadline and its open task when the service date moves', async () => {
    const before = (await deadlinesOf(kase)).find((r) => r.rule === 'rule-19')!;
    // Served Mon 2027-02-01 → 2, 3, 4, 5, 8, 9, 10, 11, 12, 15 Feb → Mon 2027-02-15.
    await t.db.updateTable('court_matters').set({ summons_served_on: '2027-02-01' }).where('id', '=', matter).execute();
    await sync(kase);
    const after = (await deadlinesOf(kase)).find((r) => r.rule === 'rule-19')!;
    expect([after.trigger_on, after.due_on, after.due_date, after.task_id]).toEqual(['2027-02-01', '2027-02-15', '2027-02-15', before.task_id]);
    const task = (await tasksOf(kase)).find((x) => x.id === before.task_id)!;
    expect(Number(task.version)).toBe(2);
    const moved = (await eventsOf(kase)).filter((e) => e.kind === 'deadline.moved');
    expect(moved.map((e) => e.summary)).toEqual(['Deadline moved: Rule 19(1) notice of intention to defend, 2027-01-26 → 2027-02-15']);
    expect(JSON.parse(moved[0]!.details).changes).toEqual([{ field: 'due', label: 'Due', from: '2027-01-26', to: '2027-02-15' }]);
  });

  it('removes a deadline whose trigger is cleared: its open task goes, a done task stays', async () => {
    const rows = await deadlinesOf(kase);
    const act40Task = rows.find((r) => r.rule === 'act-40-s3')!.task_id!;
    const prescriptionTask = rows.find((r) => r.rule === 'prescription')!.task_id!;
    await t.db.updateTable('tasks').set({ status: 'done', completed_at: new Date().toISOString(), completed_by: attorneyId }).where('id', '=', prescriptionTask).execute();
    await t.db.updateTable('court_matters').set({ debt_due_on: null, knowledge_on: null }).where('id', '=', matter).execute();
    await sync(kase);
    expect((await deadlinesOf(kase)).map((r) => r.rule)).toEqual(['rule-19']);
    const taskIds = (await tasksOf(kase)).map((x) => x.id);
    expect(taskIds).not.toContain(act40Task);
    expect(taskIds).toContain(prescriptionTask);
    const removed = (await eventsOf(kase)).filter((e) => e.summary.startsWith('Deadline removed'));
    expect(removed.map((e) => e.summary).sort()).toEqual([
      'Deadline removed: Act 40 of 2002 s3 notice to the organ of state (its trigger date is gone); its open task was removed',
      'Deadline removed: Prescription: serve process before the claim prescribes (its trigger date is gone)',
    ]);
  });
});

describe('syncCaseDeadlines from the trial date', () => {
  let kase: string;
  let ours: string;
  let theirs: string;
  let trial: string;

  beforeAll(async () => {
    kase = await createCase(t.db, firm, { patient_name: 'Lerato Mokoena', case_type: 'Medical negligence' });
    const obstetrician = await addPerson(t.db, firm, { firstName: 'Dr Thandeka', lastName: 'Zulu' });
    const neurosurgeon = await addPerson(t.db, firm, { firstName: 'Dr Pieter', lastName: 'van Wyk' });
    ours = await addExpertRow(t.db, firm, kase, obstetrician, 'ours', 'Obstetrician');
    theirs = await addExpertRow(t.db, firm, kase, neurosurgeon, 'opposing', 'Neurosurgeon');
    // A pre-trial conference is no trial date.
    await addHearing(t.db, firm, kase, '2027-03-10T08:00:00.000Z', 'pre-trial');
    // Fri 2027-05-14, 10:00 SAST.
    trial = await addHearing(t.db, firm, kase, '2027-05-14T08:00:00.000Z');
  });

  it('gives our expert the 36(9)(a) and (b) deadlines, unassigned without a responsible attorney; none for the opposing expert', async () => {
    await sync(kase);
    const rows = await deadlinesOf(kase);
    // (a) 15 court days before Fri 2027-05-14: 13–10 May, 7–3 May, 30–28 Apr (27 Apr Freedom Day skipped), 26, 23, 22 Apr → Thu 2027-04-22.
    // (b) 10 court days before: 13–10 May, 7–3 May, 30 Apr → Fri 2027-04-30.
    expect(rows.map((r) => [r.rule, r.source_kind, r.trigger_on, r.due_on, r.assignee_id, r.title])).toEqual([
      ['rule-36-9-a', 'expert', '2027-05-14', '2027-04-22', null, 'Rule 36(9)(a) expert notice — Dr Thandeka Zulu'],
      ['rule-36-9-b', 'expert', '2027-05-14', '2027-04-30', null, 'Rule 36(9)(b) expert summary — Dr Thandeka Zulu'],
    ]);
    const sources = await t.db.selectFrom('case_deadlines').select('source_id').where('case_id', '=', kase).execute();
    expect(sources.map((s) => s.source_id)).toEqual([ours, ours]);
    expect(sources.map((s) => s.source_id)).not.toContain(theirs);
  });

  it('moves both tasks when the trial moves (the SA day of the hearing counts: 00:30 SAST on Fri 25 June)', async () => {
    await t.db.updateTable('hearings').set({ starts_at: '2027-06-24T22:30:00.000Z' }).where('id', '=', trial).execute();
    await sync(kase);
    // (a) 15 court days before Fri 2027-06-25: 24–21, 18, 17 Jun (6), 16 Jun Youth Day skipped, 15, 14 (8), 11–7 (13), 4, 3 → Thu 2027-06-03.
    // (b) 10: 24–21, 18, 17, 15, 14, 11, 10 → Thu 2027-06-10.
    expect((await deadlinesOf(kase)).map((r) => [r.rule, r.trigger_on, r.due_on, r.due_date])).toEqual([
      ['rule-36-9-a', '2027-06-25', '2027-06-03', '2027-06-03'],
      ['rule-36-9-b', '2027-06-25', '2027-06-10', '2027-06-10'],
    ]);
    // Events written in one transaction share their time: compare them as a set.
    expect((await eventsOf(kase, ['deadline.moved'])).map((e) => e.summary).sort()).toEqual([
      'Deadline moved: Rule 36(9)(a) expert notice — Dr Thandeka Zulu, 2027-04-22 → 2027-06-03',
      'Deadline moved: Rule 36(9)(b) expert summary — Dr Thandeka Zulu, 2027-04-30 → 2027-06-10',
    ]);
  });

  it('takes the next trial hearing over a later one, and drops the 36(9) deadlines when no trial is left', async () => {
    await addHearing(t.db, firm, kase, '2027-09-10T08:00:00.000Z');
    await sync(kase);
    expect((await deadlinesOf(kase)).map((r) => r.trigger_on)).toEqual(['2027-06-25', '2027-06-25']);
    await t.db.deleteFrom('hearings').where('case_id', '=', kase).where('type', '=', 'trial').execute();
    await sync(kase);
    expect(await deadlinesOf(kase)).toEqual([]);
    expect(await tasksOf(kase)).toEqual([]);
  });

  it('takes the latest trial when every trial date has passed', async () => {
    await addHearing(t.db, firm, kase, '2020-02-03T08:00:00.000Z');
    await addHearing(t.db, firm, kase, '2021-03-01T08:00:00.000Z');
    await sync(kase);
    expect((await deadlinesOf(kase)).map((r) => r.trigger_on)).toEqual(['2021-03-01', '2021-03-01']);
    await t.db.deleteFrom('hearings').where('case_id', '=', kase).execute();
    await sync(kase);
  });
});

describe('GET /patient-cases/{id}/deadlines and GET /deadlines/upcoming', () => {
  let open: string;
  let restricted: string;
  let otherCookie = '';
  const get = (url: string, c = cookie) => t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, cookie: c } });
  const today = () => dayKey();
  const inDays = (n: number) => dayKey(addDays(new Date(), n));

  async function deadlineRow(caseId: string, rule: string, due: string, sourceId: string) {
    await t.db
      .insertInto('case_deadlines')
      .values({ id: `${caseId}-${rule}`, organization_id: firm, case_id: caseId, rule, source_kind: 'court-matter', source_id: sourceId, trigger_on: '2026-01-01', due_on: due, explanation: `Explained ${rule}`, task_id: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .execute();
  }

  beforeAll(async () => {
    open = await createCase(t.db, firm, { patient_name: 'Sipho Ndlovu', reference: 'SLU-2026-00042' });
    restricted = await createCase(t.db, firm, { patient_name: 'Restricted Matter', restricted: 1 });
    await deadlineRow(open, 'rule-19', today(), 'cm-1');
    await deadlineRow(open, 'act-40-s3', inDays(7), 'cm-1');
    await deadlineRow(open, 'prescription', inDays(8), 'cm-1');
    await deadlineRow(open, 'paia-s25', inDays(-1), 'cm-1');
    await deadlineRow(restricted, 'rule-19', inDays(2), 'cm-2');
    otherCookie = await signIn(t.app, (await createUser(t.db, { organizationId: await createOrganization(t.db, 'Other Firm', 'legal'), role: 'Attorneys' })).email);
  });

  it('lists a case’s deadlines soonest first with rule, title, due, explanation and task', async () => {
    const res = await get(`/api/patient-cases/${open}/deadlines`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Array<Record<string, unknown>>;
    expect(items.map((d) => [d.rule, d.due])).toEqual([['paia-s25', inDays(-1)], ['rule-19', today()], ['act-40-s3', inDays(7)], ['prescription', inDays(8)]]);
    expect(items[1]).toMatchObject({ title: 'Rule 19(1) notice of intention to defend', explanation: 'Explained rule-19', sourceKind: 'court-matter', taskId: null, taskStatus: null });
  });

  it('answers the deadlines due from today through the next 7 days, on cases the caller may read', async () => {
    const res = await get('/api/deadlines/upcoming?days=7');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ from: today(), to: inDays(7) });
    // Not yesterday's, not the 8th day's; not the restricted case this attorney is not on.
    const shown = (res.json().items as Array<{ rule: string; caseName: string; caseReference: string | null }>).filter((d) => d.caseName !== 'Nomsa Dlamini');
    expect(shown.map((d) => [d.caseName, d.rule])).toEqual([['Sipho Ndlovu', 'rule-19'], ['Sipho Ndlovu', 'act-40-s3']]);
    expect(shown[0]!.caseReference).toBe('SLU-2026-00042');
    const wider = await get('/api/deadlines/upcoming?days=8');
    expect((wider.json().items as Array<{ rule: string }>).map((d) => d.rule)).toContain('prescription');
  });

  it('shows the restricted case’s deadline to its team', async () => {
    await addTeamMember(t.db, firm, restricted, attorneyId, 'advocate');
    const names = ((await get('/api/deadlines/upcoming')).json().items as Array<{ caseName: string }>).map((d) => d.caseName);
    expect(names).toContain('Restricted Matter');
  });

  it('keeps another organisation out (404 for the case, nothing upcoming), refuses a bad window (400 naming days) and the healthcare platform (403)', async () => {
    expect((await get(`/api/patient-cases/${open}/deadlines`, otherCookie)).statusCode).toBe(404);
    const theirs = await get('/api/deadlines/upcoming', otherCookie);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().items).toEqual([]);
    const bad = await get('/api/deadlines/upcoming?days=500');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['days']);
    const hospital = await createOrganization(t.db, 'Deadline Hospital', 'healthcare');
    const doctor = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Doctor' })).email);
    expect((await get('/api/deadlines/upcoming', doctor)).statusCode).toBe(403);
  });
});
