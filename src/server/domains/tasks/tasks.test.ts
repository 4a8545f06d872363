import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { addDays, dayKey } from '../../../shared/calendar';

// Tasks on cases (issue 18) through REST: created for a colleague who then sees them as theirs,
// completed with who and when, overdue from the South African calendar, versions, and assignees who
// can open the case.

let t: TestApp;
let org: string;
let caseId: string;
let secretCase: string;
const users: Record<string, { id: string; email: string; cookie: string }> = {};

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: users[who]!.cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const taskCount = async () => Number((await t.db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const today = () => dayKey(new Date());
const daysFromToday = (n: number) => dayKey(addDays(new Date(), n));

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Tasks Hospital');
  const people: Array<[string, string, string]> = [
    ['doctor', 'Doctor', 'Ayanda'],
    ['nurse', 'Nurse', 'Lerato'],
    ['outsider', 'Doctor', 'Bongi'],
    ['patient', 'Patient', 'Palesa'],
    ['support', 'Support Staff', 'Sam'],
    ['finance', 'Finance Staff', 'Fikile'],
  ];
  for (const [key, role, firstName] of people) {
    const user = await createUser(t.db, { organizationId: org, role, firstName });
    users[key] = { ...user, cookie: role === 'Patient' ? '' : await signIn(t.app, user.email) };
  }
  caseId = await createCase(t.db, org, { patient_name: 'Nomsa Zulu', reference: 'TH-2026-00001' });
  secretCase = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
  await addTeamMember(t.db, org, secretCase, users.doctor!.id);
});
afterAll(() => t.close());

describe('tasks', () => {
  let taskId: string;

  it("creates a task for a colleague, which shows in the colleague's own list (assignee=me and no filter)", async () => {
    const res = await call('POST', '/api/tasks', 'doctor', { caseId, title: 'Order MRI', assigneeId: users.nurse!.id, dueDate: daysFromToday(2), priority: 'High' });
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json();
    expect(task).toMatchObject({
      caseId, caseName: 'Nomsa Zulu', caseReference: 'TH-2026-00001', title: 'Order MRI', assigneeId: users.nurse!.id, assigneeName: 'Lerato Nkosi',
      dueDate: daysFromToday(2), priority: 'High', status: 'open', overdue: false, completedAt: null, completedByName: null, createdByName: 'Ayanda Nkosi', version: 1,
    });
    taskId = task.id;
    for (const url of ['/api/tasks?assignee=me', '/api/tasks']) {
      const mine = await call('GET', url, 'nurse');
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().items.map((i: { id: string }) => i.id)).toEqual([taskId]);
    }
    expect((await call('GET', '/api/tasks', 'doctor')).json().items).toEqual([]);
    expect((await call('GET', `/api/tasks?caseId=${caseId}`, 'doctor')).json().items.map((i: { id: string }) => i.id)).toEqual([taskId]);
    const events = await t.db.selectFrom('case_events').select(['kind', 'summary']).where('case_id', '=', caseId).execute();
    expect(events).toEqual([{ kind: 'task.created', summary: 'Task "Order MRI" created for Lerato Nkosi' }]);
  });

  it('lets the assignee complete their task: who and when are stamped, and reopening clears them', async () => {
    const done = await call('PATCH', `/api/tasks/${taskId}`, 'nurse', { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', completedByName: 'Lerato Nkosi', completedAt: expect.any(String), overdue: false, version: 2 });
    expect((await call('GET', '/api/tasks?status=done', 'nurse')).json().items.map((i: { id: string }) => i.id)).toEqual([taskId]);
    expect((await call('GET', '/api/tasks?status=open', 'nurse')).json().items).toEqual([]);
    const reopened = await call('PATCH', `/api/tasks/${taskId}`, 'nurse', { status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open', completedAt: null, completedByName: null, version: 3 });
    const kinds = (await t.db.selectFrom('case_events').select('kind').where('case_id', '=', caseId).orderBy('at').orderBy('id').execute()).map((e) => e.kind);
    expect(kinds).toEqual(['task.created', 'task.completed', 'task.reopened']);
  });

  it('marks a task overdue when it is open and due before today (South African day), not when due today', async () => {
    const late = (await call('POST', '/api/tasks', 'doctor', { caseId, title: 'Discharge summary', assigneeId: users.nurse!.id, dueDate: daysFromToday(-1) })).json();
    const dueToday = (await call('POST', '/api/tasks', 'doctor', { caseId, title: 'Check bloods', assigneeId: users.nurse!.id, dueDate: today() })).json();
    const items = (await call('GET', '/api/tasks', 'nurse')).json().items as Array<{ id: string; overdue: boolean }>;
    // Soonest due first: the late one at the top.
    expect(items.map((i) => [i.id, i.overdue])).toEqual([[late.id, true], [dueToday.id, false], [taskId, false]]);
    const doneLate = await call('PATCH', `/api/tasks/${late.id}`, 'nurse', { status: 'done' });
    expect(doneLate.json().overdue).toBe(false);
  });

  it('answers 409 with the current task for a stale expectedVersion, and changes nothing', async () => {
    const stale = await call('PATCH', `/api/tasks/${taskId}`, 'doctor', { title: 'Order MRI of the knee', expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', current: { id: taskId, title: 'Order MRI', version: 3 } });
    const fresh = await call('PATCH', `/api/tasks/${taskId}`, 'doctor', { title: 'Order MRI of the knee', expectedVersion: 3 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ title: 'Order MRI of the knee', version: 4 });
    const updated = await t.db.selectFrom('case_events').select(['summary', 'details']).where('kind', '=', 'task.updated').execute();
    expect(updated).toHaveLength(1);
    expect(JSON.parse(updated[0]!.details).changes).toEqual([{ field: 'title', label: 'Title', from: 'Order MRI', to: 'Order MRI of the knee' }]);
  });

  it('lets a view-only assignee (Expert/Witness) complete their task, but not change it', async () => {
    const firm = await createOrganization(t.db, 'Tasks Attorneys', 'legal');
    const attorney = await createUser(t.db, { organizationId: firm, role: 'Legal Consultants' });
    const expert = await createUser(t.db, { organizationId: firm, role: 'Expert/Witness', firstName: 'Eli' });
    users.attorney = { ...attorney, cookie: await signIn(t.app, attorney.email) };
    users.expert = { ...expert, cookie: await signIn(t.app, expert.email) };
    const matter = await createCase(t.db, firm, { patient_name: 'Sipho Ndlovu' });
    const task = (await call('POST', '/api/tasks', 'attorney', { caseId: matter, title: 'File expert report', assigneeId: expert.id })).json();
    const retitle = await call('PATCH', `/api/tasks/${task.id}`, 'expert', { title: 'Something else' });
    expect(retitle.statusCode).toBe(403);
    const done = await call('PATCH', `/api/tasks/${task.id}`, 'expert', { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', completedByName: 'Eli Nkosi', title: 'File expert report' });
    // Nor can they create tasks or read a colleague's list across cases.
    expect((await call('POST', '/api/tasks', 'expert', { caseId: matter, title: 'x' })).statusCode).toBe(403);
    expect((await call('GET', `/api/tasks?assignee=${attorney.id}`, 'expert')).statusCode).toBe(403);
  });

  it('refuses an assignee who cannot open the case (a Patient, Support Staff, a non-member of a restricted case): 400 on assigneeId', async () => {
    const before = await taskCount();
    for (const who of ['patient', 'support']) {
      const res = await call('POST', '/api/tasks', 'doctor', { caseId, title: 'Not for them', assigneeId: users[who]!.id });
      expect(res.statusCode, who).toBe(400);
      expect(Object.keys(res.json().fields), who).toEqual(['assigneeId']);
    }
    const outsider = await call('POST', '/api/tasks', 'doctor', { caseId: secretCase, title: 'Secret', assigneeId: users.outsider!.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().fields).toHaveProperty('assigneeId');
    const badDate = await call('POST', '/api/tasks', 'doctor', { caseId, title: 'Bad date', dueDate: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(Object.keys(badDate.json().fields)).toEqual(['dueDate']);
    expect(await taskCount()).toBe(before);
  });

  it('keeps tasks of a restricted case from those without need to know', async () => {
    const secret = await call('POST', '/api/tasks', 'doctor', { caseId: secretCase, title: 'Sensitive follow-up', assigneeId: users.doctor!.id });
    expect(secret.statusCode, secret.body).toBe(200);
    const theirs = await call('GET', `/api/tasks?assignee=${users.doctor!.id}`, 'outsider');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().items.map((i: { title: string }) => i.title)).not.toContain('Sensitive follow-up');
    expect((await call('GET', '/api/tasks', 'doctor')).json().items.map((i: { title: string }) => i.title)).toContain('Sensitive follow-up');
    const byCase = await call('GET', `/api/tasks?caseId=${secretCase}`, 'outsider');
    expect(byCase.statusCode).toBe(403);
    expect(byCase.json().code).toBe('RESTRICTED');
    const create = await call('POST', '/api/tasks', 'outsider', { caseId: secretCase, title: 'x' });
    expect(create.json().code).toBe('RESTRICTED');
    expect((await call('PATCH', `/api/tasks/${secret.json().id}`, 'outsider', { status: 'done' })).json().code).toBe('RESTRICTED');
  });

  it('refuses roles without caseFile.view', async () => {
    expect((await call('GET', '/api/tasks', 'finance')).statusCode).toBe(403);
    expect((await call('GET', '/api/tasks', 'support')).statusCode).toBe(403);
  });
});
