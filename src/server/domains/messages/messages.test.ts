import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { resolveAuth } from '../../auth/request-auth';
import { appRouter } from '../../router';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { createCallerFactory } from '../../trpc';

let t: TestApp;
let orgA: string;
let orgB: string;
const A = { admin: '', nurse: '', doctor: '', patient: '' };
const ids = { admin: '', nurse: '', doctor: '', patient: '', gone: '', left: '', adminB: '' };
let adminB: string;

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Clinic');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  const admin = await createUser(t.db, { organizationId: orgA, role: 'Administrator', firstName: 'Lindiwe' });
  const nurse = await createUser(t.db, { organizationId: orgA, role: 'Nurse', firstName: 'Zanele' });
  const doctor = await createUser(t.db, { organizationId: orgA, role: 'Doctor', firstName: 'Pieter' });
  const patient = await createUser(t.db, { organizationId: orgA, role: 'Patient', firstName: 'Sipho' });
  // Two former members of A: one whose account is deactivated, one whose membership ended.
  const gone = await createUser(t.db, { organizationId: orgA, role: 'Nurse' });
  const left = await createUser(t.db, { organizationId: orgA, role: 'Doctor' });
  await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.id).execute();
  await t.db.updateTable('memberships').set({ status: 'inactive' }).where('user_id', '=', left.id).execute();
  const bAdmin = await createUser(t.db, { organizationId: orgB, role: 'Administrator' });
  Object.assign(ids, { admin: admin.id, nurse: nurse.id, doctor: doctor.id, patient: patient.id, gone: gone.id, left: left.id, adminB: bAdmin.id });
  A.admin = await signIn(t.app, admin.email);
  A.nurse = await signIn(t.app, nurse.email);
  A.doctor = await signIn(t.app, doctor.email);
  A.patient = await signIn(t.app, patient.email);
  adminB = await signIn(t.app, bAdmin.email);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

const send = async (cookie: string, payload: object) => {
  const res = await api('POST', '/api/messages', cookie, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; [key: string]: unknown };
};

const unread = async (cookie: string) => (await api('GET', '/api/messages/unread-count', cookie)).json().count as number;
const countRows = async (table: 'messages' | 'message_recipients') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function callerFor(cookie: string) {
  const auth = await resolveAuth(t.db, t.config, cookie.split('=')[1]!);
  return createCallerFactory(appRouter)({
    db: t.db, config: t.config, request: { ip: null, userAgent: null, publicUrl: 'http://127.0.0.1' }, auth,
    setSessionCookie: () => {}, clearSessionCookie: () => {},
  });
}

describe('send', () => {
  it('broadcasts to every active member of the organisation but the sender, and to no one else', async () => {
    const message = await send(A.admin, { subject: '  Generator test  ', content: 'Saturday 06:00, theatre on UPS.', messageType: 'direct' });
    expect(message).toMatchObject({
      senderId: ids.admin, senderName: 'Lindiwe Nkosi', recipientId: null, subject: 'Generator test',
      content: 'Saturday 06:00, theatre on UPS.', isRead: true, messageType: 'broadcast', patientCaseId: null,
    });
    const stored = await t.db.selectFrom('messages').selectAll().where('id', '=', message.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ organization_id: orgA, sender_id: ids.admin, message_type: 'broadcast' });
    const recipients = (await t.db.selectFrom('message_recipients').select(['user_id', 'organization_id', 'read_at']).where('message_id', '=', message.id).execute());
    // The Patient member is left out: broadcasts are internal staff messages.
    expect(recipients.map((r) => r.user_id).sort()).toEqual([ids.nurse, ids.doctor].sort());
    expect(recipients.every((r) => r.organization_id === orgA && r.read_at === null)).toBe(true);

    const nurseList = (await api('GET', '/api/messages', A.nurse)).json();
    expect(nurseList.find((m: { id: string }) => m.id === message.id)).toMatchObject({ isRead: false, senderName: 'Lindiwe Nkosi' });
    const bList = (await api('GET', '/api/messages', adminB)).json();
    expect(bList.map((m: { id: string }) => m.id)).not.toContain(message.id);
  });

  it('links a case of the organisation, and refuses one of another organisation with nothing written', async () => {
    const now = nowIso();
    const caseA = randomUUID();
    const caseB = randomUUID();
    await t.db.insertInto('cases').values([
      { id: caseA, organization_id: orgA, patient_name: 'Nomsa Dlamini', case_type: 'Cardiology', created_at: now, updated_at: now },
      { id: caseB, organization_id: orgB, patient_name: 'Johan Botha', case_type: 'Oncology', created_at: now, updated_at: now },
    ]).execute();
    const linked = await send(A.doctor, { subject: 'Ward round', content: 'Review at 10:00.', patientCaseId: caseA, recipientRole: 'Nurse' });
    expect(linked.patientCaseId).toBe(caseA);
    // A message to everybody carries no case (issue 28): the kitchen and the gate read no case file.
    const toEverybody = await api('POST', '/api/messages', A.doctor, { subject: 'Ward round', content: 'Review.', patientCaseId: caseA });
    expect(toEverybody.statusCode).toBe(400);
    expect(Object.keys(toEverybody.json().fields)).toEqual(['patientCaseId']);

    const before = [await countRows('messages'), await countRows('message_recipients')];
    const res = await api('POST', '/api/messages', A.doctor, { subject: 'Ward round', content: 'Review.', patientCaseId: caseB });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ patientCaseId: 'Choose a case of your organisation' });
    expect([await countRows('messages'), await countRows('message_recipients')]).toEqual(before);
  });

  it.each([
    ['missing subject', { content: 'Hello' }, 'subject'],
    ['blank content', { subject: 'Hello', content: '   ' }, 'content'],
    ['subject of the wrong type', { subject: 42, content: 'Hello' }, 'subject'],
    ['oversized content', { subject: 'Hello', content: 'x'.repeat(10_001) }, 'content'],
    ['oversized subject', { subject: 'x'.repeat(201), content: 'Hello' }, 'subject'],
    ['unknown message type', { subject: 'Hello', content: 'Hello', messageType: 'shout' }, 'messageType'],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_name, payload, field) => {
    const before = [await countRows('messages'), await countRows('message_recipients')];
    const res = await api('POST', '/api/messages', A.nurse, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toContain(field);
    expect([await countRows('messages'), await countRows('message_recipients')]).toEqual(before);
  });
});

describe('read state', () => {
  it('is per recipient: one member reading leaves the others unread, and the count follows', async () => {
    const nurseBefore = await unread(A.nurse);
    const doctorBefore = await unread(A.doctor);
    const adminBefore = await unread(A.admin);
    const message = await send(A.admin, { subject: 'ICU visiting hours', content: '11:00-12:00 and 18:00-19:30.' });
    expect(await unread(A.nurse)).toBe(nurseBefore + 1);
    expect(await unread(A.doctor)).toBe(doctorBefore + 1);
    expect(await unread(A.admin)).toBe(adminBefore); // the sender has nothing new to read

    const read = await t.app.inject({ method: 'PATCH', url: `/api/messages/${message.id}/read`, headers: { cookie: A.nurse, origin: ORIGIN } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: message.id, isRead: true });
    expect(await unread(A.nurse)).toBe(nurseBefore);
    expect(await unread(A.doctor)).toBe(doctorBefore + 1);
    const doctorView = (await api('GET', '/api/messages', A.doctor)).json().find((m: { id: string }) => m.id === message.id);
    expect(doctorView.isRead).toBe(false);

    // Marking again changes nothing: the first read time stays.
    const firstReadAt = (await t.db.selectFrom('message_recipients').select('read_at').where('message_id', '=', message.id).where('user_id', '=', ids.nurse).executeTakeFirstOrThrow()).read_at;
    expect(firstReadAt).not.toBeNull();
    expect((await api('PATCH', `/api/messages/${message.id}/read`, A.nurse)).statusCode).toBe(200);
    const again = (await t.db.selectFrom('message_recipients').select('read_at').where('message_id', '=', message.id).where('user_id', '=', ids.nurse).executeTakeFirstOrThrow()).read_at;
    expect(again).toBe(firstReadAt);
    expect(await unread(A.nurse)).toBe(nurseBefore);
  });

  it('answers 404 for a message the caller did not receive: one they sent, another organisation\'s, or none', async () => {
    const own = await send(A.nurse, { subject: 'Handover', content: 'Bed 4 needs obs at 14:00.' });
    expect((await api('PATCH', `/api/messages/${own.id}/read`, A.nurse)).statusCode).toBe(404);

    const fromB = await send(adminB, { subject: 'Bongani only', content: 'Internal.' });
    const bRows = await t.db.selectFrom('message_recipients').selectAll().where('message_id', '=', fromB.id).execute();
    const res = await api('PATCH', `/api/messages/${fromB.id}/read`, A.nurse);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Bongani only');
    expect(await t.db.selectFrom('message_recipients').selectAll().where('message_id', '=', fromB.id).execute()).toEqual(bRows);
    expect(await t.db.selectFrom('message_recipients').select('user_id').where('message_id', '=', fromB.id).where('user_id', '=', ids.nurse).execute()).toEqual([]);

    expect((await api('PATCH', '/api/messages/no-such-message/read', A.nurse)).statusCode).toBe(404);
  });
});

describe('reply', () => {
  it('answers the sender alone, directly, and keeps the message out of everyone else\'s inbox', async () => {
    const original = await send(A.nurse, { subject: 'Bed 4 handover', content: 'Who takes bed 4 tonight?' });
    const [adminUnread, nurseUnread] = [await unread(A.admin), await unread(A.nurse)];
    const res = await api('POST', `/api/messages/${original.id}/reply`, A.doctor, { content: '  I will.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subject: 'Re: Bed 4 handover', content: 'I will.', messageType: 'direct', recipientId: ids.nurse, senderId: ids.doctor });
    expect(await unread(A.nurse)).toBe(nurseUnread + 1);
    expect(await unread(A.admin)).toBe(adminUnread);
    const adminSees = (await api('GET', '/api/messages?search=Re%3A%20Bed%204', A.admin)).json() as unknown[];
    expect(adminSees).toEqual([]);
    // A reply to the reply does not stack prefixes.
    const back = await api('POST', `/api/messages/${res.json().id}/reply`, A.nurse, { content: 'Thanks' });
    expect(back.json()).toMatchObject({ subject: 'Re: Bed 4 handover', recipientId: ids.doctor });
  });

  it('closes the loop with the patient portal: a patient writes, the doctor answers, the patient reads it', async () => {
    const caseId = randomUUID();
    const now = new Date().toISOString();
    await t.db.insertInto('cases').values({
      id: caseId, organization_id: orgA, patient_name: 'Sipho Nkosi', patient_user_id: ids.patient, case_type: 'Asthma', description: null,
      scheduled_date: null, assigned_doctor_id: ids.doctor, assigned_nurse_id: null, case_manager_id: null, department: null, admission_date: null,
      estimated_discharge: null, completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null, created_at: now, updated_at: now,
    }).execute();
    const asked = await api('POST', '/api/portal/messages', A.patient, { caseId, subject: 'Inhaler', content: 'Twice a day?' });
    expect(asked.statusCode, asked.body).toBe(200);
    const inbox = (await api('GET', '/api/messages?search=Inhaler', A.doctor)).json() as { id: string }[];
    const answer = await api('POST', `/api/messages/${inbox[0]!.id}/reply`, A.doctor, { content: 'Yes, morning and evening.' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ patientCaseId: caseId, recipientId: ids.patient });
    const portal = (await api('GET', '/api/portal/messages', A.patient)).json() as { subject: string; direction: string; content: string }[];
    expect(portal[0]).toMatchObject({ subject: 'Re: Inhaler', direction: 'received', content: 'Yes, morning and evening.' });
  });

  it('refuses a reply to one\'s own message, to another organisation\'s, or without content, writing nothing', async () => {
    const mine = await send(A.admin, { subject: 'Own note', content: 'To all' });
    const before = await countRows('messages');
    const own = await api('POST', `/api/messages/${mine.id}/reply`, A.admin, { content: 'Talking to myself' });
    expect(own.statusCode).toBe(400);
    expect(own.json().fields).toEqual({ id: 'You can only reply to a message someone sent you' });
    expect((await api('POST', `/api/messages/${mine.id}/reply`, adminB, { content: 'Hello' })).statusCode).toBe(404);
    const empty = await api('POST', `/api/messages/${mine.id}/reply`, A.nurse, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toEqual(['content']);
    expect(await countRows('messages')).toBe(before);
  });
});

describe('list', () => {
  it('shows received and sent messages newest first, with search on subject and content ignoring case', async () => {
    const base = Date.now() - 3_600_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const rows = [
      { id: randomUUID(), subject: 'Sepsis BUNDLE update', content: 'New observation chart.', created_at: at(1), sender_id: ids.doctor },
      { id: randomUUID(), subject: 'Parking', content: 'Collect your new access card; the old Bundle of cards expires.', created_at: at(2), sender_id: ids.doctor },
      { id: randomUUID(), subject: '100% attendance', content: 'Thank you all.', created_at: at(3), sender_id: ids.nurse },
      { id: randomUUID(), subject: 'Not for the nurse', content: 'bundle', created_at: at(4), sender_id: ids.doctor },
    ];
    await t.db.insertInto('messages').values(rows.map((r) => ({ ...r, organization_id: orgA, recipient_id: null, message_type: 'broadcast', patient_case_id: null }))).execute();
    await t.db.insertInto('message_recipients').values([
      { message_id: rows[0]!.id, user_id: ids.nurse, organization_id: orgA, read_at: null, created_at: rows[0]!.created_at },
      { message_id: rows[1]!.id, user_id: ids.nurse, organization_id: orgA, read_at: at(5), created_at: rows[1]!.created_at },
      { message_id: rows[3]!.id, user_id: ids.admin, organization_id: orgA, read_at: null, created_at: rows[3]!.created_at },
    ]).execute();

    const search = async (term: string) =>
      (await api('GET', `/api/messages?search=${encodeURIComponent(term)}`, A.nurse)).json().map((m: { subject: string }) => m.subject);
    expect(await search('bundle')).toEqual(['Parking', 'Sepsis BUNDLE update']);
    expect(await search('  SEPSIS ')).toEqual(['Sepsis BUNDLE update']);
    expect(await search('100%')).toEqual(['100% attendance']); // sent by the nurse: listed, and % is literal
    expect(await search('0%')).toEqual(['100% attendance']);
    expect(await search('nothing like this')).toEqual([]);

    const all = (await api('GET', '/api/messages', A.nurse)).json() as { id: string; createdAt: string; isRead: boolean }[];
    const createdAt = all.map((m) => m.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    expect(all.map((m) => m.id)).not.toContain(rows[3]!.id);
    expect(all.find((m) => m.id === rows[1]!.id)!.isRead).toBe(true);
    expect(all.find((m) => m.id === rows[2]!.id)!.isRead).toBe(true);

    const limited = await api('GET', '/api/messages?limit=2', A.nurse);
    expect(limited.json().map((m: { id: string }) => m.id)).toEqual(all.slice(0, 2).map((m) => m.id));
    for (const bad of ['limit=0', 'limit=501', 'limit=abc', `search=${'x'.repeat(201)}`]) {
      const res = await api('GET', `/api/messages?${bad}`, A.nurse);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().fields), bad).toEqual([bad.split('=')[0]]);
    }
  });

  it('works through tRPC without any input', async () => {
    const caller = await callerFor(A.doctor);
    const list = await caller.messages.list();
    expect(list.length).toBeGreaterThan(0);
    expect((await caller.messages.unreadCount()).count).toBe(await unread(A.doctor));
  });
});

describe('authorization', () => {
  it('refuses a role without messages.use, and callers who are not signed in', async () => {
    const anyMessage = (await t.db.selectFrom('message_recipients').select('message_id').where('user_id', '=', ids.nurse).executeTakeFirstOrThrow()).message_id;
    const before = await countRows('messages');
    expect((await api('GET', '/api/messages', A.patient)).statusCode).toBe(403);
    expect((await api('GET', '/api/messages/unread-count', A.patient)).statusCode).toBe(403);
    expect((await api('POST', '/api/messages', A.patient, { subject: 'Hi', content: 'There' })).statusCode).toBe(403);
    expect((await api('PATCH', `/api/messages/${anyMessage}/read`, A.patient)).statusCode).toBe(403);
    expect(await countRows('messages')).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/messages' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/messages/unread-count' })).statusCode).toBe(401);
  });
});
