import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { addDays, dayKey } from '../../../shared/calendar';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addTeamMember, createCase, createTask } from '../../test-support/case-file-factories';
import { sweepDueNotifications } from './due-sweep';
import { mailDueNotifications } from './notification-mailer';
import { notify } from './notify';

// Notifications for everyone (issue 21) through REST: the bell's list, read and read all (only
// one's own), the e-mail choice, what each trigger writes (never to the person who acted), the
// due-task and near-deadline sweeps (once each), and the mailer through the outbox.

let t: TestApp;
let org: string;
let lawFirm: string;
const users: Record<string, { id: string; email: string; cookie: string }> = {};

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (method: Method, url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: users[who]!.cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

interface Row {
  user_id: string;
  kind: string;
  type: string;
  title: string;
  message: string;
  href: string | null;
  email_state: string;
}
const rowsOf = (who: string, kind?: string): Promise<Row[]> => {
  let query = t.db.selectFrom('notifications').select(['user_id', 'kind', 'type', 'title', 'message', 'href', 'email_state']).where('user_id', '=', users[who]!.id);
  if (kind) query = query.where('kind', '=', kind as never);
  return query.orderBy('created_at').orderBy('id').execute();
};
const countAll = async () => Number((await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function person(key: string, organizationId: string, role: string, firstName: string) {
  const user = await createUser(t.db, { organizationId, role, firstName });
  users[key] = { ...user, cookie: await signIn(t.app, user.email) };
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://cases.example.org', LOG_LEVEL: 'error' });
  org = await createOrganization(t.db, 'Bell Hospital');
  lawFirm = await createOrganization(t.db, 'Bell Attorneys', 'legal');
  await person('doctor', org, 'Doctor', 'Ayanda');
  await person('nurse', org, 'Nurse', 'Lerato');
  await person('manager', org, 'Case Manager', 'Fatima');
  await person('admin', org, 'Administrator', 'Nadia');
  await person('patient', org, 'Patient', 'Palesa');
  await person('attorney', lawFirm, 'Director', 'Kagiso');
  await person('paralegal', lawFirm, 'Legal Consultants', 'Ayesha');
  await person('sweeper', org, 'Nurse', 'Busi');
});
afterAll(() => t.close());

describe('the bell', () => {
  const ids: string[] = [];

  beforeAll(async () => {
    const base = Date.parse('2026-11-20T08:00:00.000Z');
    for (const [i, title] of ['First', 'Second', 'Third'].entries()) {
      await notify(t.db, org, [users.doctor!.id], { kind: 'case.assigned', title, message: `${title} message`, href: '/tasks' }, { at: new Date(base + i * 60_000).toISOString() });
    }
    await notify(t.db, org, [users.nurse!.id], { kind: 'task.assigned', title: 'For the nurse', message: 'Not yours' });
    const rows = await t.db.selectFrom('notifications').select(['id', 'user_id', 'title']).where('organization_id', '=', org).orderBy('created_at').execute();
    ids.push(...rows.filter((r) => r.user_id === users.doctor!.id).map((r) => r.id));
    ids.push(rows.find((r) => r.user_id === users.nurse!.id)!.id);
  });

  it('lists the caller\'s own notifications, newest first, with the unread count', async () => {
    const res = await call('GET', '/api/notifications', 'doctor');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.unread).toBe(3);
    expect(body.items.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second', 'First']);
    expect(body.items[0]).toEqual({
      id: ids[2], kind: 'case.assigned', type: 'assignment', title: 'Third', message: 'Third message', href: '/tasks', isRead: false, createdAt: '2026-11-20T08:02:00.000Z',
    });
  });

  it('marks one read; another person\'s notification is 404 and stays unread', async () => {
    const res = await call('PATCH', `/api/notifications/${ids[0]}/read`, 'doctor');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ids[0], isRead: true });
    expect((await call('GET', '/api/notifications', 'doctor')).json().unread).toBe(2);

    const other = await call('PATCH', `/api/notifications/${ids[3]}/read`, 'doctor');
    expect(other.statusCode).toBe(404);
    const nurseRow = await t.db.selectFrom('notifications').select('read_at').where('id', '=', ids[3]!).executeTakeFirstOrThrow();
    expect(nurseRow.read_at).toBeNull();
    expect((await call('PATCH', `/api/notifications/${randomUUID()}/read`, 'doctor')).statusCode).toBe(404);
  });

  it('marks all read, answering how many it marked', async () => {
    const res = await call('POST', '/api/notifications/read-all', 'doctor');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: 0, marked: 2 });
    const after = (await call('GET', '/api/notifications', 'doctor')).json();
    expect(after.unread).toBe(0);
    expect(after.items).toHaveLength(3);
    expect(after.items.filter((n: { isRead: boolean }) => !n.isRead)).toEqual([]);
    // The nurse's own stays unread.
    expect((await call('GET', '/api/notifications', 'nurse')).json().unread).toBe(1);
  });

  it('is every member\'s, a Patient\'s too', async () => {
    const res = await call('GET', '/api/notifications', 'patient');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ items: [], unread: 0 });
  });
});

describe('e-mail preferences', () => {
  it('round-trips the kinds chosen, in the catalogue order', async () => {
    expect((await call('GET', '/api/notifications/email-preferences', 'manager')).json()).toEqual({ kinds: [] });
    const put = await call('PUT', '/api/notifications/email-preferences', 'manager', { kinds: ['deadline.soon', 'task.due', 'task.due'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ kinds: ['task.due', 'deadline.soon'] });
    expect((await call('GET', '/api/notifications/email-preferences', 'manager')).json()).toEqual({ kinds: ['task.due', 'deadline.soon'] });
    // Another person's choice is their own.
    expect((await call('GET', '/api/notifications/email-preferences', 'nurse')).json()).toEqual({ kinds: [] });
  });

  it('refuses a kind that does not exist with a 400 naming kinds, and keeps the choice', async () => {
    const res = await call('PUT', '/api/notifications/email-preferences', 'manager', { kinds: ['task.due', 'weather.report'] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {}).some((field) => field.startsWith('kinds'))).toBe(true);
    expect((await call('GET', '/api/notifications/email-preferences', 'manager')).json()).toEqual({ kinds: ['task.due', 'deadline.soon'] });
  });
});

describe('triggers', () => {
  it('case.assigned: the people added to a team, not the one who added them', async () => {
    const caseId = await createCase(t.db, org, { patient_name: 'Nomsa Zulu', reference: 'OLD-0042' });
    const res = await call('PUT', `/api/patient-cases/${caseId}/team`, 'manager', {
      members: [
        { userId: users.nurse!.id, roleOnCase: 'nurse' },
        { userId: users.manager!.id, roleOnCase: 'case-manager' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const nurse = await rowsOf('nurse', 'case.assigned');
    expect(nurse).toEqual([
      { user_id: users.nurse!.id, kind: 'case.assigned', type: 'assignment', title: 'Added to a case team', message: 'You are now Nurse on Nomsa Zulu (OLD-0042)', href: `/patients/${caseId}?tab=team`, email_state: 'none' },
    ]);
    expect(await rowsOf('manager', 'case.assigned')).toEqual([]);
    // Putting the same team again adds nobody, so tells nobody.
    await call('PUT', `/api/patient-cases/${caseId}/team`, 'manager', { members: [{ userId: users.nurse!.id, roleOnCase: 'nurse' }, { userId: users.manager!.id, roleOnCase: 'case-manager' }] });
    expect(await rowsOf('nurse', 'case.assigned')).toHaveLength(1);
  });

  it('case.assigned: a new case\'s slots and a changed slot', async () => {
    const created = await call('POST', '/api/patient-cases', 'admin', { patientName: 'Sipho Dube', caseType: 'Cardiology', assignedDoctorId: users.doctor!.id, assignedNurseId: users.admin!.id });
    expect(created.statusCode, created.body).toBe(200);
    const caseId = created.json().id as string;
    const doctor = (await rowsOf('doctor', 'case.assigned')).filter((r) => r.href === `/patients/${caseId}?tab=team`);
    expect(doctor).toHaveLength(1);
    expect(doctor[0]!.message).toMatch(/^You are now Attending doctor on Sipho Dube/);
    expect(await rowsOf('admin', 'case.assigned')).toEqual([]);

    const edited = await call('PATCH', `/api/patient-cases/${caseId}`, 'admin', { assignedNurseId: users.nurse!.id });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await rowsOf('nurse', 'case.assigned')).filter((r) => r.href === `/patients/${caseId}?tab=team`)).toHaveLength(1);
  });

  it('task.assigned: a task made for someone else or handed to them; not one made for oneself', async () => {
    const caseId = await createCase(t.db, org, { patient_name: 'Lindiwe Khumalo' });
    const before = await countAll();
    const own = await call('POST', '/api/tasks', 'doctor', { caseId, title: 'Read the notes', assigneeId: users.doctor!.id });
    expect(own.statusCode, own.body).toBe(200);
    expect(await countAll()).toBe(before);

    const made = await call('POST', '/api/tasks', 'doctor', { caseId, title: 'Order MRI', assigneeId: users.nurse!.id, dueDate: '2026-12-01' });
    expect(made.statusCode, made.body).toBe(200);
    expect((await rowsOf('nurse', 'task.assigned')).filter((r) => r.title !== 'For the nurse').map((r) => [r.title, r.message, r.href])).toEqual([['Task assigned to you', 'Order MRI on Lindiwe Khumalo, due 1 Dec 2026', '/tasks']]);
    expect(await countAll()).toBe(before + 1);

    const handed = await call('PATCH', `/api/tasks/${own.json().id}`, 'doctor', { assigneeId: users.manager!.id });
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await rowsOf('manager', 'task.assigned')).map((r) => r.message)).toEqual(['Read the notes on Lindiwe Khumalo']);
  });

  it("appointment.booked on a restricted case: an attendee outside its team is told only that, never the words (issue 28)", async () => {
    const caseId = await createCase(t.db, org, { patient_name: 'Restricted Rose', restricted: 1 });
    await addTeamMember(t.db, org, caseId, users.doctor!.id);
    // (A task of it cannot be handed to someone outside the team at all: tasks.service refuses.)
    const booked = await call('POST', '/api/appointments', 'doctor', {
      title: 'Oncology review', startTime: '2030-02-01T08:00:00.000Z', endTime: '2030-02-01T08:30:00.000Z', caseId, attendeeIds: [users.sweeper!.id, users.admin!.id],
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const outside = await rowsOf('sweeper');
    expect(outside.map((r) => [r.kind, r.message])).toEqual([
      ['appointment.booked', 'About a restricted case. Open the case to read it (the team sees who opens it).'],
    ]);
    // An Administrator reads every case: the words as written.
    expect((await rowsOf('admin', 'appointment.booked')).map((r) => r.message).at(-1)).toMatch(/^Oncology review on /);
  });

  it('portal.request: the case team hears of a patient\'s message; a case without a team tells the Administrators', async () => {
    const withTeam = await createCase(t.db, org, { patient_name: 'Palesa Nkosi', patient_user_id: users.patient!.id, assigned_doctor_id: users.doctor!.id });
    await addTeamMember(t.db, org, withTeam, users.doctor!.id, 'attending-doctor');
    await addTeamMember(t.db, org, withTeam, users.nurse!.id, 'nurse');
    const sent = await call('POST', '/api/portal/messages', 'patient', { caseId: withTeam, subject: 'Pain at night', content: 'Can I take another tablet?' });
    expect(sent.statusCode, sent.body).toBe(200);
    for (const who of ['doctor', 'nurse']) {
      expect((await rowsOf(who, 'portal.request')).map((r) => [r.title, r.message, r.href])).toEqual([['Request from the patient portal', 'Palesa Nkosi: Pain at night', `/patients/${withTeam}`]]);
    }
    expect(await rowsOf('admin', 'portal.request')).toEqual([]);
    expect(await rowsOf('patient', 'portal.request')).toEqual([]);

    const noTeam = await createCase(t.db, org, { patient_name: 'Palesa Nkosi', patient_user_id: users.patient!.id, assigned_doctor_id: users.doctor!.id });
    const asked = await call('POST', '/api/portal/appointment-requests', 'patient', { caseId: noTeam, preferredDate: '2099-01-05', reason: 'Check-up' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await rowsOf('admin', 'portal.request')).map((r) => r.href)).toEqual([`/patients/${noTeam}`]);
    expect(await rowsOf('doctor', 'portal.request')).toHaveLength(1);
  });
});

describe('the due sweep', () => {
  // Thursday 26 November 2026, 10:00 in South Africa. Court days after it: Fri 27 (1), Mon 30 (2),
  // Tue 1 Dec (3), Wed 2 (4), Thu 3 (5), Fri 4 (6) — the weekend of 28–29 November does not count.
  const now = new Date('2026-11-26T08:00:00.000Z');

  it('tells the assignee of an open task due today or overdue, once; not a task due in 3 days or done', async () => {
    const caseId = await createCase(t.db, org, { patient_name: 'Due Case' });
    const today = await createTask(t.db, org, caseId, { title: 'Due today', assigneeId: users.sweeper!.id, dueDate: '2026-11-26' });
    const late = await createTask(t.db, org, caseId, { title: 'Overdue', assigneeId: users.sweeper!.id, dueDate: '2026-11-20' });
    await createTask(t.db, org, caseId, { title: 'In three days', assigneeId: users.sweeper!.id, dueDate: '2026-11-29' });
    await createTask(t.db, org, caseId, { title: 'Done late', assigneeId: users.sweeper!.id, dueDate: '2026-11-19', status: 'done' });

    await sweepDueNotifications(t.db, now);
    const rows = await t.db.selectFrom('notifications').select(['title', 'message', 'href', 'dedupe_key', 'type']).where('user_id', '=', users.sweeper!.id).where('kind', '=', 'task.due').orderBy('title').execute();
    expect(rows).toEqual([
      { title: 'Task due today', message: 'Due today (Due Case) is due today', href: '/tasks', dedupe_key: `task.due:${today}:2026-11-26`, type: 'urgent' },
      { title: 'Task overdue', message: 'Overdue (Due Case) was due 20 Nov 2026', href: '/tasks', dedupe_key: `task.due:${late}:2026-11-20`, type: 'urgent' },
    ]);
    const total = await countAll();
    await sweepDueNotifications(t.db, now);
    expect(await countAll()).toBe(total);
  });

  it('tells the responsible attorney and the task\'s assignee of a deadline within 5 court days, once; 6 court days is not soon', async () => {
    const caseId = await createCase(t.db, lawFirm, { patient_name: 'Mokoena v RAF' });
    await addTeamMember(t.db, lawFirm, caseId, users.attorney!.id, 'responsible-attorney');
    const task = await createTask(t.db, lawFirm, caseId, { title: 'Plea', assigneeId: users.paralegal!.id, dueDate: '2026-12-03' });
    const deadline = (dueOn: string, taskId: string | null) => {
      const id = randomUUID();
      return t.db
        .insertInto('case_deadlines')
        .values({ id, organization_id: lawFirm, case_id: caseId, rule: 'rule-19', source_kind: 'court-matter', source_id: randomUUID(), trigger_on: '2026-11-10', due_on: dueOn, explanation: 'Counted', task_id: taskId, created_at: nowIso(), updated_at: nowIso() })
        .execute()
        .then(() => id);
    };
    const fifth = await deadline('2026-12-03', task);
    await deadline('2026-12-04', null);

    await sweepDueNotifications(t.db, now);
    const rows = await t.db.selectFrom('notifications').select(['user_id', 'title', 'href', 'dedupe_key']).where('kind', '=', 'deadline.soon').orderBy('user_id').execute();
    const expected = (userId: string) => ({ user_id: userId, title: 'Deadline in 5 court days', href: `/clients/${caseId}?tab=court`, dedupe_key: `deadline.soon:${fifth}:2026-12-03` });
    expect(rows).toEqual([users.attorney!.id, users.paralegal!.id].sort().map(expected));
    const total = await countAll();
    await sweepDueNotifications(t.db, now);
    expect(await countAll()).toBe(total);
  });

  it('runs for the caller when they open the bell, before the periodic sweep has run', async () => {
    const caseId = await createCase(t.db, org, { patient_name: 'Bell Case' });
    const due = dayKey(new Date());
    await createTask(t.db, org, caseId, { title: 'Sign the discharge', assigneeId: users.manager!.id, dueDate: due });
    await createTask(t.db, org, caseId, { title: 'Not yet', assigneeId: users.manager!.id, dueDate: dayKey(addDays(new Date(), 3)) });
    const bell = (await call('GET', '/api/notifications', 'manager')).json();
    expect(bell.items.filter((n: { kind: string }) => n.kind === 'task.due').map((n: { title: string; message: string }) => [n.title, n.message])).toEqual([
      ['Task due today', 'Sign the discharge (Bell Case) is due today'],
    ]);
  });
});

describe('the notification mailer', () => {
  it('mails a notification whose person chose its kind, once, and sets it queued; others are not mailed', async () => {
    // The manager chose task.due and deadline.soon above; task.assigned is not among them.
    const caseId = await createCase(t.db, org, { patient_name: 'Mail Case' });
    await notify(t.db, org, [users.manager!.id], { kind: 'task.due', title: 'Task due today', message: 'Mail Case is due today', href: `/patients/${caseId}` });
    await notify(t.db, org, [users.manager!.id], { kind: 'task.assigned', title: 'Task assigned to you', message: 'Not by e-mail', href: '/tasks' });
    const states = (await rowsOf('manager')).filter((r) => r.message === 'Mail Case is due today' || r.message === 'Not by e-mail').map((r) => [r.kind, r.email_state]);
    expect(states.sort()).toEqual([['task.assigned', 'none'], ['task.due', 'due']]);

    const outbox = () => t.db.selectFrom('email_outbox').select(['to_address', 'subject', 'text_body', 'kind']).where('kind', '=', 'notification').execute();
    const before = (await outbox()).length;
    const dueBefore = await t.db.selectFrom('notifications').select('id').where('email_state', '=', 'due').execute();
    expect(await mailDueNotifications(t.db, t.config)).toBe(dueBefore.length);
    const mails = await outbox();
    const mine = mails.filter((m) => m.to_address === users.manager!.email);
    expect(mine).toContainEqual({ to_address: users.manager!.email, subject: 'Task due today', text_body: `Mail Case is due today\n\nhttps://cases.example.org/patients/${caseId}`, kind: 'notification' });
    expect(mine.filter((m) => m.text_body.startsWith('Not by e-mail'))).toEqual([]);
    expect((await rowsOf('manager')).filter((r) => r.message === 'Mail Case is due today').map((r) => r.email_state)).toEqual(['queued']);

    // A second run mails nothing more.
    expect(await mailDueNotifications(t.db, t.config)).toBe(0);
    expect((await outbox()).length).toBe(before + dueBefore.length);
  });
});
