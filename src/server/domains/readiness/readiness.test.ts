import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { createCase, createTask } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addPerson } from '../parties/party-test-data';

// Trial readiness (issue 20) through REST: the Form 10-style summary drawn from rows of the court
// matter, the hearings, the experts, the checklist and the case's deadlines; and the same as a PDF.
// Expected due dates are counted by hand from Uniform Rule 36(9): for a trial on Monday 15 March
// 2027 (no public holiday from mid-February to then; Human Rights Day falls after it), the 15th court
// day before is Monday 22 February 2027 (notice, (a)) and the 10th is Monday 1 March 2027 (summary, (b)).

let t: TestApp;
let state: string;
let firm: string;
let hospital: string;
let attorneyId: string;
const cookies = { attorney: '', firmAdmin: '', nurse: '' };

const call = (method: 'GET' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const readinessOf = (id: string) => `/api/patient-cases/${id}/trial-readiness`;
const pdfOf = (id: string) => `/api/patient-cases/${id}/trial-readiness.pdf`;

async function courtMatter(organizationId: string, caseId: string, values: { stage?: 'trial-ready' | 'pleadings'; trialScope?: 'merits' | 'quantum' | 'merits-and-quantum' | null } = {}) {
  const now = nowIso();
  await t.db
    .insertInto('court_matters')
    .values({
      id: randomUUID(), organization_id: organizationId, case_id: caseId, court: 'High Court', division: 'Gauteng Division, Pretoria', case_number: '12345/2025',
      caselines_reference: null, claim_amount_cents: 1_250_000_00, stage: values.stage ?? 'trial-ready', trial_scope: values.trialScope === undefined ? 'quantum' : values.trialScope,
      summons_served_on: null, debt_due_on: null, knowledge_on: null, updated_by: null, created_at: now, updated_at: now,
    })
    .execute();
}

async function trialHearing(organizationId: string, caseId: string, startsAt: string) {
  const now = nowIso();
  const id = randomUUID();
  await t.db
    .insertInto('hearings')
    .values({ id, organization_id: organizationId, case_id: caseId, type: 'trial', starts_at: startsAt, ends_at: null, venue: 'Court 4D', judge: 'Mothle J', outcome: null, notes: null, created_by: null, created_at: now, updated_at: now })
    .execute();
  return id;
}

async function expert(organizationId: string, caseId: string, name: [string, string], values: { discipline: string; side: 'ours' | 'opposing'; report?: string; notice?: string; summary?: string }) {
  const personId = await addPerson(t.db, organizationId, { firstName: name[0], lastName: name[1] });
  const now = nowIso();
  await t.db
    .insertInto('case_experts')
    .values({
      id: randomUUID(), organization_id: organizationId, case_id: caseId, person_id: personId, discipline: values.discipline, registration_number: 'MP0123456', side: values.side,
      fee_cents: null, instructed_on: '2026-06-01', assessed_on: null, report_received_on: values.report ?? null, notice_369a_on: values.notice ?? null,
      summary_369b_on: values.summary ?? null, joint_minute_on: null, created_by: null, created_at: now, updated_at: now,
    })
    .execute();
}

async function deadline(organizationId: string, caseId: string, values: { rule: string; due: string; taskStatus?: 'open' | 'done' }) {
  const taskId = values.taskStatus ? await createTask(t.db, organizationId, caseId, { title: values.rule, assigneeId: attorneyId, dueDate: values.due, status: values.taskStatus }) : null;
  const now = nowIso();
  await t.db
    .insertInto('case_deadlines')
    .values({
      id: randomUUID(), organization_id: organizationId, case_id: caseId, rule: values.rule, source_kind: 'court-matter', source_id: randomUUID(), trigger_on: '2025-01-01',
      due_on: values.due, explanation: `${values.rule} explained`, task_id: taskId, created_at: now, updated_at: now,
    })
    .execute();
}

beforeAll(async () => {
  t = await startTestApp();
  state = await createOrganization(t.db, 'State Litigation Readiness', 'medicolegal');
  firm = await createOrganization(t.db, 'Readiness Attorneys', 'legal');
  hospital = await createOrganization(t.db, 'Readiness Hospital', 'healthcare');
  const attorney = await createUser(t.db, { organizationId: state, role: 'Attorneys', firstName: 'Lerato' });
  attorneyId = attorney.id;
  cookies.attorney = await signIn(t.app, attorney.email);
  cookies.firmAdmin = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Administrator' })).email);
  cookies.nurse = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Nurse' })).email);
});
afterAll(() => t.close());

describe('the trial-readiness summary', () => {
  let kase: string;

  beforeAll(async () => {
    kase = await createCase(t.db, state, { patient_name: 'Nomvula Dlamini', reference: 'SLU-2026-00042', case_type: 'Medical negligence' });
    await courtMatter(state, kase, { trialScope: 'quantum' });
    await trialHearing(state, kase, '2026-01-12T08:00:00.000Z'); // an earlier trial date, postponed
    await trialHearing(state, kase, '2027-03-15T08:00:00.000Z'); // 10:00 SAST
    await expert(state, kase, ['Thabo', 'Mokoena'], { discipline: 'Actuary', side: 'ours', report: '2026-10-01', notice: '2026-11-02' });
    await expert(state, kase, ['Anna', 'Venter'], { discipline: 'Neurosurgeon', side: 'ours', report: '2026-09-01', notice: '2026-10-01', summary: '2026-10-15' });
    await expert(state, kase, ['Johan', 'Pretorius'], { discipline: 'Obstetrician', side: 'opposing' });
    await deadline(state, kase, { rule: 'act-40-s3', due: '2026-01-05', taskStatus: 'open' }); // overdue
    await deadline(state, kase, { rule: 'rule-19', due: '2026-02-05', taskStatus: 'done' }); // done: not open
    await deadline(state, kase, { rule: 'prescription', due: '2028-07-01' }); // no task, ahead
    const items = (await call('GET', `/api/patient-cases/${kase}/checklist`, cookies.attorney)).json().items as { id: string }[];
    await call('PATCH', `/api/checklist-items/${items[0]!.id}`, cookies.attorney, { done: true });
  });

  it('answers the trial, merits/quantum, stage, experts per side with due dates, open items and deadlines, and why it is not ready', async () => {
    const res = await call('GET', readinessOf(kase), cookies.attorney);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      caseId: kase, caseReference: 'SLU-2026-00042', clientName: 'Nomvula Dlamini',
      trial: { startsAt: '2027-03-15T08:00:00.000Z', day: '2027-03-15', venue: 'Court 4D', judge: 'Mothle J', past: false },
      courtMatter: { court: 'High Court', division: 'Gauteng Division, Pretoria', caseNumber: '12345/2025', stage: 'trial-ready', trialScope: 'quantum' },
      ready: false,
    });
    // Both experts were added in the same millisecond here: their order is the id's, so compare as a set.
    expect(r.experts.ours).toHaveLength(2);
    expect(r.experts.ours).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'Thabo Mokoena', discipline: 'Actuary', side: 'ours', reportReceivedOn: '2026-10-01', notice369aOn: '2026-11-02', summary369bOn: null, filed: false, notice369aDue: null, summary369bDue: '2027-03-01' }),
      expect.objectContaining({ name: 'Anna Venter', filed: true, notice369aDue: null, summary369bDue: null }),
    ]));
    expect(r.experts.opposing).toEqual([
      expect.objectContaining({ name: 'Johan Pretorius', side: 'opposing', filed: false, notice369aDue: '2027-02-22', summary369bDue: '2027-03-01' }),
    ]);
    // One of the State unit's ten items ticked (issue 32's checklist).
    expect(r.checklist.percent).toBe(10);
    expect(r.checklist.openItems).toHaveLength(9);
    expect(r.checklist.openItems[0].label).toBe('Condonation: decided whether to oppose, decision recorded');
    expect(r.openDeadlines).toEqual([
      { rule: 'act-40-s3', due: '2026-01-05', explanation: 'act-40-s3 explained', overdue: true },
      { rule: 'prescription', due: '2028-07-01', explanation: 'prescription explained', overdue: false },
    ]);
    expect(r.reasons).toEqual([
      'Thabo Mokoena (Actuary): Rule 36(9)(b) summary (due 2027-03-01) outstanding.',
      '9 compliance items open.',
      '1 deadline overdue.',
    ]);
  });

  it('says so when there is no trial date and no court matter', async () => {
    const bare = await createCase(t.db, state, { case_type: 'Medical negligence' });
    const r = (await call('GET', readinessOf(bare), cookies.attorney)).json();
    expect(r.trial).toBeNull();
    expect(r.courtMatter).toBeNull();
    expect(r.ready).toBe(false);
    expect(r.reasons.slice(0, 2)).toEqual(['No trial date: schedule a trial hearing.', 'No court matter recorded.']);
  });

  it('is ready when the trial is set, scope recorded, our experts filed, every item ticked and no deadline open', async () => {
    const matter = await createCase(t.db, firm, { case_type: 'Contract dispute' });
    await courtMatter(firm, matter, { trialScope: 'merits-and-quantum' });
    await trialHearing(firm, matter, '2027-03-15T08:00:00.000Z');
    await expert(firm, matter, ['Sipho', 'Zulu'], { discipline: 'Forensic accountant', side: 'ours', report: '2026-09-01', notice: '2026-10-01', summary: '2026-10-20' });
    for (const item of (await call('GET', `/api/patient-cases/${matter}/checklist`, cookies.firmAdmin)).json().items) {
      await call('PATCH', `/api/checklist-items/${item.id}`, cookies.firmAdmin, { done: true });
    }
    const r = (await call('GET', readinessOf(matter), cookies.firmAdmin)).json();
    expect(r).toMatchObject({ ready: true, reasons: [], checklist: { percent: 100, openItems: [] }, openDeadlines: [] });
  });

  it("refuses another organisation's case (404) and a platform without court cases (403)", async () => {
    expect((await call('GET', readinessOf(kase), cookies.firmAdmin)).statusCode).toBe(404);
    expect((await call('GET', readinessOf(kase), cookies.nurse)).statusCode).toBe(403);
  });
});

describe('the trial-readiness PDF', () => {
  it('is a PDF of the case, recorded in the audit trail', async () => {
    const kase = await createCase(t.db, state, { patient_name: 'Lindiwe Khumalo', reference: 'SLU-2026-00077' });
    await courtMatter(state, kase);
    await trialHearing(state, kase, '2027-03-15T08:00:00.000Z');
    await expert(state, kase, ['Thabo', 'Mokoena'], { discipline: 'Actuary', side: 'ours' });
    const res = await call('GET', pdfOf(kase), cookies.attorney);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trial-readiness-SLU-2026-00077-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
    const entry = await t.db.selectFrom('audit_events').select(['action', 'entity_type', 'case_id', 'outcome', 'user_id']).where('case_id', '=', kase).where('action', '=', 'export').executeTakeFirst();
    expect(entry).toEqual({ action: 'export', entity_type: 'case', case_id: kase, outcome: 'success', user_id: attorneyId });
  });

  it('is made for a case without a trial date too', async () => {
    const kase = await createCase(t.db, state, {});
    const res = await call('GET', pdfOf(kase), cookies.attorney);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it("refuses another organisation's case (404, JSON), a platform without court cases (403), and a caller signed out (401)", async () => {
    const kase = await createCase(t.db, state, {});
    const foreign = await call('GET', pdfOf(kase), cookies.firmAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/json/);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await call('GET', pdfOf(kase), cookies.nurse)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: pdfOf(kase) })).statusCode).toBe(401);
    const refusals = await t.db.selectFrom('audit_events').select(['outcome']).where('case_id', '=', kase).orderBy('seq').execute();
    expect(refusals.map((r) => r.outcome)).toEqual(['failure', 'denied', 'denied']);
  });
});
