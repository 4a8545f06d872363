import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { createTask, teamFromSlots } from '../../test-support/case-file-factories';
import { TASKS_SECTION_LIMIT } from '../../../shared/domain/tasks';
import type { TenantActor } from '../../auth/actor';
import { getTasks } from './tasks.service';
import { getWorkspace } from './workspace.service';

// /tasks lists the caller's open work; each section must hold exactly the rows the dashboard's
// "My Tasks" counts (dashboard.workspace) count, and only the caller's and the organisation's.

const NOW = new Date('2026-03-18T12:00:00.000Z'); // Wednesday, 14:00 in South Africa

let t: TestApp;
let org: string;
let orgB: string;
let nurse: { id: string; email: string };
let doctor: { id: string; email: string };
const ids: Record<string, string> = {};

const actorOf = (organizationId: string, userId: string, role: TenantActor['role'] = 'Nurse'): TenantActor => ({
  userId, sessionId: 'test', organizationId, platform: 'healthcare', role, isSuperAdmin: false,
});

async function insertCase(organizationId: string, patientName: string, v: { nurse?: string; doctor?: string; status?: string; priority?: string; updatedAt?: string }) {
  const id = randomUUID();
  const at = v.updatedAt ?? '2026-03-10T08:00:00.000Z';
  await t.db
    .insertInto('cases')
    .values({
      id, organization_id: organizationId, patient_name: patientName, patient_user_id: null, case_type: 'General', description: null,
      status: v.status ?? 'In Progress', scheduled_date: null, assigned_doctor_id: v.doctor ?? null, assigned_nurse_id: v.nurse ?? null,
      case_manager_id: null, department: null, admission_date: null, estimated_discharge: null, completed_at: null, bed_number: null,
      treatment_plan: null, notes: null, created_by: null, created_at: at, updated_at: at, priority: v.priority ?? 'Medium',
    })
    .execute();
  await teamFromSlots(t.db, organizationId, id, v); // "my cases" are the cases whose team I am on
  return id;
}

async function insertAppointment(organizationId: string, title: string, startTime: string, status = 'Scheduled', caseId: string | null = null) {
  const id = randomUUID();
  await t.db
    .insertInto('appointments')
    .values({ id, organization_id: organizationId, case_id: caseId, title, description: null, start_time: startTime, end_time: startTime, location: 'Room 4', status, created_by: null, created_at: startTime, updated_at: startTime })
    .execute();
  return id;
}

async function insertMessage(organizationId: string, subject: string, senderId: string, to: { userId: string; read?: boolean }[], createdAt: string) {
  const id = randomUUID();
  await t.db
    .insertInto('messages')
    .values({ id, organization_id: organizationId, sender_id: senderId, recipient_id: null, subject, content: 'Body', patient_case_id: null, created_at: createdAt })
    .execute();
  for (const r of to) {
    await t.db.insertInto('message_recipients').values({ message_id: id, user_id: r.userId, organization_id: organizationId, read_at: r.read ? createdAt : null, created_at: createdAt }).execute();
  }
  return id;
}

async function insertChat(organizationId: string | null, initiator: string, title: string, status: string, updatedAt: string) {
  const id = randomUUID();
  await t.db
    .insertInto('support_chats')
    .values({ id, organization_id: organizationId, initiator_id: initiator, title, category: 'Technical', priority: 'Medium', status, created_at: updatedAt, updated_at: updatedAt })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Tasks Clinic');
  orgB = await createOrganization(t.db, 'Other Clinic');
  nurse = await createUser(t.db, { organizationId: org, role: 'Nurse' });
  doctor = await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Sipho' });
  // The nurse also works in orgB: nothing of orgB may show while signed in to org.
  await t.db.insertInto('memberships').values({ id: randomUUID(), organization_id: orgB, user_id: nurse.id, role: 'Nurse', created_at: NOW.toISOString(), updated_at: NOW.toISOString() }).execute();

  ids.low = await insertCase(org, 'Lindiwe Low', { nurse: nurse.id, priority: 'Low', updatedAt: '2026-03-17T08:00:00.000Z' });
  ids.high = await insertCase(org, 'Hendrik High', { nurse: nurse.id, priority: 'High', updatedAt: '2026-03-01T08:00:00.000Z' });
  await insertCase(org, 'Done Dlamini', { nurse: nurse.id, status: 'Completed' });
  await insertCase(org, 'Doctor Only', { doctor: doctor.id });
  await insertCase(orgB, 'Elsewhere Ellis', { nurse: nurse.id, priority: 'High' });

  // Tasks (issue 18): the nurse's open ones, soonest due first; "today" is 18 March in South Africa.
  ids.taskLate = await createTask(t.db, org, ids.low, { title: 'Change dressing', assigneeId: nurse.id, dueDate: '2026-03-17' });
  ids.taskToday = await createTask(t.db, org, ids.high, { title: 'Check vitals', assigneeId: nurse.id, dueDate: '2026-03-18' });
  ids.taskUndated = await createTask(t.db, org, ids.high, { title: 'Call family', assigneeId: nurse.id });
  await createTask(t.db, org, ids.high, { title: 'Done already', assigneeId: nurse.id, dueDate: '2026-03-01', status: 'done' });
  await createTask(t.db, org, ids.high, { title: "The doctor's", assigneeId: doctor.id, dueDate: '2026-03-01' });
  // A restricted case the nurse is not on: a task of hers there stays hidden from her lists (need to know).
  const secret = await insertCase(org, 'Restricted Rhoda', {});
  await t.db.updateTable('cases').set({ restricted: 1 }).where('id', '=', secret).execute();
  await createTask(t.db, org, secret, { title: 'Hidden', assigneeId: nurse.id, dueDate: '2026-03-01' });
  const elsewhere = await insertCase(orgB, 'Task Elsewhere', {});
  await createTask(t.db, orgB, elsewhere, { title: 'Other clinic task', assigneeId: nurse.id, dueDate: '2026-03-01' });

  ids.early = await insertAppointment(org, 'Ward round', '2026-03-17T22:00:00.000Z', 'Scheduled', ids.high); // 00:00 SAST today
  ids.late = await insertAppointment(org, 'Family meeting', '2026-03-18T15:00:00.000Z', 'In Progress');
  await insertAppointment(org, 'Yesterday', '2026-03-17T21:59:59.999Z');
  await insertAppointment(org, 'Called off', '2026-03-18T09:00:00.000Z', 'Cancelled');
  await insertAppointment(org, 'Tomorrow', '2026-03-18T22:00:00.000Z');
  await insertAppointment(orgB, 'Other clinic', '2026-03-18T10:00:00.000Z');

  ids.older = await insertMessage(org, 'Shift swap', doctor.id, [{ userId: nurse.id }], '2026-03-16T08:00:00.000Z');
  ids.newer = await insertMessage(org, 'Lab results in', doctor.id, [{ userId: nurse.id }, { userId: doctor.id }], '2026-03-18T08:00:00.000Z');
  await insertMessage(org, 'Already read', doctor.id, [{ userId: nurse.id, read: true }], '2026-03-18T09:00:00.000Z');
  await insertMessage(org, 'For the doctor', nurse.id, [{ userId: doctor.id }], '2026-03-18T09:00:00.000Z');
  await insertMessage(orgB, 'Other clinic news', nurse.id, [{ userId: nurse.id }], '2026-03-18T09:00:00.000Z');

  ids.open = await insertChat(org, nurse.id, 'Printer', 'Open', '2026-03-17T08:00:00.000Z');
  ids.progress = await insertChat(org, nurse.id, 'Login trouble', 'In Progress', '2026-03-18T08:00:00.000Z');
  await insertChat(org, nurse.id, 'Old one', 'Closed', '2026-03-18T09:00:00.000Z');
  await insertChat(org, nurse.id, 'Sorted', 'Resolved', '2026-03-18T09:00:00.000Z');
  await insertChat(org, doctor.id, "Doctor's", 'Open', '2026-03-18T09:00:00.000Z');
  await insertChat(orgB, nurse.id, 'Other clinic chat', 'Open', '2026-03-18T09:00:00.000Z');
});
afterAll(() => t.close());

describe('dashboard.tasks', () => {
  it("lists the caller's own open work, in the order the page shows it", async () => {
    const tasks = await getTasks(t.db, actorOf(org, nurse.id), NOW);
    expect(tasks.assignedCases.items.map((c) => c.id)).toEqual([ids.high, ids.low]);
    expect(tasks.appointmentsToday.items.map((a) => a.id)).toEqual([ids.early, ids.late]);
    expect(tasks.appointmentsToday.items[0]).toMatchObject({ title: 'Ward round', caseId: ids.high, patientName: 'Hendrik High', location: 'Room 4' });
    expect(tasks.appointmentsToday.items[1]?.patientName).toBeNull();
    expect(tasks.unreadMessages.items).toEqual([
      { id: ids.newer, subject: 'Lab results in', senderName: 'Sipho Nkosi', createdAt: '2026-03-18T08:00:00.000Z' },
      { id: ids.older, subject: 'Shift swap', senderName: 'Sipho Nkosi', createdAt: '2026-03-16T08:00:00.000Z' },
    ]);
    expect(tasks.openSupportChats.items.map((c) => [c.id, c.status])).toEqual([[ids.progress, 'In Progress'], [ids.open, 'Open']]);
    expect(tasks.openTasks.items.map((task) => [task.id, task.overdue])).toEqual([[ids.taskLate, true], [ids.taskToday, false], [ids.taskUndated, false]]);
    expect(tasks.openTasks.items[0]).toMatchObject({ title: 'Change dressing', caseName: 'Lindiwe Low', assigneeName: 'Thandi Nkosi', status: 'open' });
  });

  it('has the same totals as the dashboard workspace counts, for each person', async () => {
    for (const actor of [actorOf(org, nurse.id), actorOf(org, doctor.id, 'Doctor'), actorOf(orgB, nurse.id)]) {
      const [tasks, workspace] = await Promise.all([getTasks(t.db, actor, NOW), getWorkspace(t.db, actor, NOW)]);
      const totals = {
        assignedCases: tasks.assignedCases.total,
        appointmentsToday: tasks.appointmentsToday.total,
        unreadMessages: tasks.unreadMessages.total,
        openSupportChats: tasks.openSupportChats.total,
        openTasks: tasks.openTasks.total,
        overdueTasks: tasks.openTasks.items.filter((task) => task.overdue).length,
      };
      expect(totals).toEqual(workspace.tasks);
      for (const section of Object.values(tasks)) expect(section.items).toHaveLength(section.total);
    }
    const doctorTasks = await getTasks(t.db, actorOf(org, doctor.id, 'Doctor'), NOW);
    expect(doctorTasks.unreadMessages.items.map((m) => m.subject)).toEqual(['For the doctor', 'Lab results in']);
    expect(doctorTasks.openSupportChats.items.map((c) => c.title)).toEqual(["Doctor's"]);
    const elsewhere = await getTasks(t.db, actorOf(orgB, nurse.id), NOW);
    expect(elsewhere.assignedCases.items.map((c) => c.patientName)).toEqual(['Elsewhere Ellis']);
    expect(elsewhere.openSupportChats.items.map((c) => c.title)).toEqual(['Other clinic chat']);
    expect(elsewhere.openTasks.items.map((task) => task.title)).toEqual(['Other clinic task']);
    expect((await getWorkspace(t.db, actorOf(org, nurse.id), NOW)).tasks).toMatchObject({ openTasks: 3, overdueTasks: 1 });
  });

  it(`keeps each list to ${TASKS_SECTION_LIMIT} rows while the total counts them all`, async () => {
    const busy = await createOrganization(t.db, 'Busy Clinic');
    const clerk = await createUser(t.db, { organizationId: busy, role: 'Case Manager' });
    const rows = Array.from({ length: TASKS_SECTION_LIMIT + 3 }, (_, i) => ({
      id: randomUUID(), organization_id: busy, case_id: null, title: `Slot ${i}`, description: null,
      start_time: new Date(Date.parse('2026-03-18T06:00:00.000Z') + i * 60_000).toISOString(), end_time: '2026-03-18T18:00:00.000Z',
      location: null, created_by: null, created_at: NOW.toISOString(), updated_at: NOW.toISOString(),
    }));
    await t.db.insertInto('appointments').values(rows).execute();
    const tasks = await getTasks(t.db, actorOf(busy, clerk.id, 'Case Manager'), NOW);
    expect(tasks.appointmentsToday.total).toBe(TASKS_SECTION_LIMIT + 3);
    expect(tasks.appointmentsToday.items).toHaveLength(TASKS_SECTION_LIMIT);
    expect(tasks.appointmentsToday.items[0]?.title).toBe('Slot 0');
    // Support Staff read no schedule (decision 0027): the same day holds no appointment for them.
    const support = await getTasks(t.db, actorOf(busy, clerk.id, 'Support Staff'), NOW);
    expect(support.appointmentsToday).toEqual({ total: 0, items: [] });
  });

  it('answers GET /api/dashboard/tasks for the signed-in person; refuses a Patient, a Super Admin (no organisation) and strangers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/tasks', headers: { cookie: await signIn(t.app, doctor.email), origin: ORIGIN } });
    expect(res.statusCode).toBe(200);
    expect(res.json().assignedCases.items.map((c: { patientName: string }) => c.patientName)).toEqual(['Doctor Only']);
    expect(res.json().openSupportChats.total).toBe(1);

    const patient = await createUser(t.db, { organizationId: org, role: 'Patient' });
    const superAdmin = await createUser(t.db, { superAdmin: true });
    for (const email of [patient.email, superAdmin.email]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/tasks', headers: { cookie: await signIn(t.app, email) } })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/tasks' })).statusCode).toBe(401);
  });
});
