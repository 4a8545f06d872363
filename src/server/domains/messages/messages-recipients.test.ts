import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { type Person, apiOf, organisation, person } from '../../test-support/case-file';
import { type TestApp, startTestApp } from '../../test-support/test-app';

// Issue 21, messages to people: named people, a role, the case team; threads; notifications.

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let orgA: string;
let doctor: Person, nurse: Person, nurse2: Person, manager: Person, admin: Person, patient: Person, goneNurse: Person, otherOrg: Person;
let caseId: string;
let reference: string;

beforeAll(async () => {
  t = await startTestApp();
  api = apiOf(t);
  orgA = await organisation(t, 'Thornhill Hospital');
  const orgB = await organisation(t, 'Bongani Hospital');
  doctor = await person(t, orgA, 'Doctor', 'Pieter');
  nurse = await person(t, orgA, 'Nurse', 'Zanele');
  nurse2 = await person(t, orgA, 'Nurse', 'Ayanda');
  manager = await person(t, orgA, 'Case Manager', 'Refilwe');
  admin = await person(t, orgA, 'Administrator', 'Lindiwe');
  patient = await person(t, orgA, 'Patient', 'Sipho');
  goneNurse = await person(t, orgA, 'Nurse', 'Gone');
  await t.db.updateTable('memberships').set({ status: 'inactive' }).where('user_id', '=', goneNurse.id).execute();
  otherOrg = await person(t, orgB, 'Nurse', 'Bongi');
  reference = 'TCH-2026-00123';
  caseId = await createCase(t.db, orgA, { patient_name: 'Sipho Dlamini', patient_user_id: patient.id, reference });
  await addTeamMember(t.db, orgA, caseId, doctor.id, 'attending-doctor');
  await addTeamMember(t.db, orgA, caseId, nurse.id, 'nurse');
  await addTeamMember(t.db, orgA, caseId, manager.id, 'case-manager');
});
afterAll(() => t.close());

type Message = { id: string; threadId: string; parentId: string | null; audience: string; audienceLabel: string | null; messageType: string; recipientId: string | null; subject: string; isRead: boolean; patientCaseId: string | null };

const send = async (who: Person, payload: object): Promise<Message> => {
  const res = await api('POST', '/api/messages', who.cookie, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const listIds = async (who: Person, query = '') => ((await api('GET', `/api/messages${query}`, who.cookie)).json() as Message[]).map((m) => m.id);
const unread = async (who: Person) => (await api('GET', '/api/messages/unread-count', who.cookie)).json().count as number;
const recipientsOf = async (messageId: string) =>
  (await t.db.selectFrom('message_recipients').select('user_id').where('message_id', '=', messageId).execute()).map((r) => r.user_id).sort();
const notificationsOf = async (messageId: string) =>
  t.db.selectFrom('notifications').select(['user_id', 'kind', 'type', 'title', 'message', 'href']).where('dedupe_key', '=', `message:${messageId}`).orderBy('user_id').execute();
const counts = async () => Promise.all((['messages', 'message_recipients', 'notifications', 'case_events'] as const).map(async (table) =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)));

describe('a message to named people', () => {
  it('is listed for the one colleague and the sender only, counts as unread for them, and notifies them once', async () => {
    const before = { nurse: await unread(nurse), manager: await unread(manager), admin: await unread(admin), doctor: await unread(doctor) };
    const message = await send(doctor, { subject: 'Bed 4 obs', content: 'Please repeat the obs at 14:00.', recipientIds: [nurse.id], caseId });
    expect(message).toMatchObject({
      audience: 'people', audienceLabel: 'Zanele Nkosi', messageType: 'direct', recipientId: nurse.id, threadId: message.id, parentId: null, patientCaseId: caseId, isRead: true,
    });
    expect(await recipientsOf(message.id)).toEqual([nurse.id]);
    expect(await listIds(nurse)).toContain(message.id);
    expect(await listIds(doctor)).toContain(message.id);
    expect(await listIds(manager)).not.toContain(message.id); // on the case's team, but not named
    expect(await listIds(admin)).not.toContain(message.id); // an Administrator reads every case, not every message
    expect(await listIds(nurse, `?caseId=${caseId}`)).toContain(message.id);
    expect(await listIds(manager, `?caseId=${caseId}`)).not.toContain(message.id);
    expect({ nurse: await unread(nurse), manager: await unread(manager), admin: await unread(admin), doctor: await unread(doctor) })
      .toEqual({ ...before, nurse: before.nurse + 1 });
    expect(await notificationsOf(message.id)).toEqual([
      { user_id: nurse.id, kind: 'message.direct', type: 'system', title: 'Message from Pieter Nkosi', message: 'Bed 4 obs', href: `/messages?messageId=${message.id}` },
    ]);
  });

  it('names several people in the order chosen, leaves the sender out, and reaches a patient only about their own case', async () => {
    const message = await send(doctor, { subject: 'Family meeting', content: 'Friday 10:00.', recipientIds: [manager.id, doctor.id, nurse.id, manager.id] });
    expect(message).toMatchObject({ audience: 'people', audienceLabel: 'Refilwe Nkosi, Zanele Nkosi', recipientId: null });
    expect(await recipientsOf(message.id)).toEqual([manager.id, nurse.id].sort());

    const toPatient = await send(doctor, { subject: 'Your results', content: 'All normal.', recipientIds: [patient.id, nurse.id], caseId });
    expect(toPatient.recipientId).toBe(patient.id); // the portal finds its messages by recipient
    const portal = (await api('GET', '/api/portal/messages', patient.cookie)).json() as { subject: string; direction: string }[];
    expect(portal.find((m) => m.subject === 'Your results')).toMatchObject({ direction: 'received' });
    expect((await notificationsOf(toPatient.id)).map((n) => [n.user_id, n.href])).toEqual(
      [[patient.id, '/'], [nurse.id, `/messages?messageId=${toPatient.id}`]].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
  });
});

describe('a message to a role or to the case team', () => {
  it('by role reaches exactly the active members holding it, and notifies each', async () => {
    const message = await send(doctor, { subject: 'Ward 3 linen', content: 'Fresh linen at 15:00.', recipientRole: 'Nurse' });
    expect(message).toMatchObject({ audience: 'role', audienceLabel: 'Role: Nurse', messageType: 'direct' });
    expect(await recipientsOf(message.id)).toEqual([nurse.id, nurse2.id].sort()); // not the inactive nurse, not Bongani's
    expect((await notificationsOf(message.id)).map((n) => n.user_id)).toEqual([nurse.id, nurse2.id].sort());
    expect(await listIds(manager)).not.toContain(message.id);
  });

  it('to the case team reaches exactly the team but the sender', async () => {
    const message = await send(nurse, { subject: 'Discharge', content: 'Ready on Friday.', patientCaseId: caseId, toCaseTeam: true });
    expect(message).toMatchObject({ audience: 'team', audienceLabel: `Team of ${reference}`, patientCaseId: caseId });
    expect(await recipientsOf(message.id)).toEqual([doctor.id, manager.id].sort());
    expect((await notificationsOf(message.id)).map((n) => n.user_id)).toEqual([doctor.id, manager.id].sort());
    expect(await listIds(admin)).not.toContain(message.id);
    expect(await listIds(nurse2)).not.toContain(message.id);
  });

  it('a broadcast still reaches all staff and notifies nobody', async () => {
    const message = await send(admin, { subject: 'Fire drill', content: 'Tuesday 09:00.' });
    expect(message).toMatchObject({ audience: 'broadcast', audienceLabel: null, messageType: 'broadcast', recipientId: null });
    expect(await recipientsOf(message.id)).toEqual([doctor.id, nurse.id, nurse2.id, manager.id].sort());
    expect(await notificationsOf(message.id)).toEqual([]);
  });
});

describe('bad recipients', () => {
  it.each([
    ['a member of another organisation', () => ({ recipientIds: [otherOrg.id] }), 'recipientIds'],
    ['an inactive member', () => ({ recipientIds: [goneNurse.id] }), 'recipientIds'],
    ['oneself only', () => ({ recipientIds: [doctor.id] }), 'recipientIds'],
    ['a patient without their case', () => ({ recipientIds: [patient.id] }), 'recipientIds'],
    ['an unknown role', () => ({ recipientRole: 'Attorneys' }), 'recipientRole'],
    ['the Patient role', () => ({ recipientRole: 'Patient' }), 'recipientRole'],
    ['two audiences at once', () => ({ recipientIds: [nurse.id], recipientRole: 'Nurse' }), 'recipientIds'],
    ['the case team without a case', () => ({ toCaseTeam: true }), 'toCaseTeam'],
    ['recipients that are not a list', () => ({ recipientIds: nurse.id }), 'recipientIds'],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_name, extra, field) => {
    const before = await counts();
    const res = await api('POST', '/api/messages', doctor.cookie, { subject: 'Hello', content: 'There', ...extra() });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toEqual([field]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a team with nobody else on it, naming toCaseTeam', async () => {
    const lonely = await createCase(t.db, orgA, { patient_name: 'Nomsa Zulu' });
    await addTeamMember(t.db, orgA, lonely, doctor.id);
    const before = await counts();
    const res = await api('POST', '/api/messages', doctor.cookie, { subject: 'Hello', content: 'There', caseId: lonely, toCaseTeam: true });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['toCaseTeam']);
    expect(await counts()).toEqual(before);
  });
});

describe('replies thread under the message', () => {
  it('a reply keeps the thread and the case, reaches the sender, notifies them, and shows in the case thread', async () => {
    const original = await send(doctor, { subject: 'Wound check', content: 'Please check the dressing.', recipientIds: [nurse.id], caseId });
    const res = await api('POST', `/api/messages/${original.id}/reply`, nurse.cookie, { content: 'Done, clean and dry.' });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as Message;
    expect(reply).toMatchObject({ threadId: original.id, parentId: original.id, subject: 'Re: Wound check', audience: 'people', audienceLabel: 'Pieter Nkosi', recipientId: doctor.id, patientCaseId: caseId });
    expect((await notificationsOf(reply.id)).map((n) => [n.user_id, n.title])).toEqual([[doctor.id, 'Message from Zanele Nkosi']]);

    const second = (await api('POST', `/api/messages/${reply.id}/reply`, doctor.cookie, { content: 'Thanks' })).json() as Message;
    expect(second).toMatchObject({ threadId: original.id, parentId: reply.id });

    const caseThread = await listIds(doctor, `?caseId=${caseId}`);
    expect(caseThread.slice(0, 3)).toEqual([second.id, reply.id, original.id]);
    expect((await listIds(nurse, `?threadId=${original.id}`)).sort()).toEqual([original.id, reply.id, second.id].sort());
    expect(await listIds(manager, `?threadId=${original.id}`)).toEqual([]);
  });

  it('reply to all answers the sender and the other recipients, the caller left out; not for a broadcast', async () => {
    const original = await send(doctor, { subject: 'Theatre list', content: 'Two cases added.', recipientIds: [nurse.id, manager.id] });
    const res = await api('POST', `/api/messages/${original.id}/reply`, nurse.cookie, { content: 'Noted.', replyAll: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await recipientsOf(res.json().id)).toEqual([doctor.id, manager.id].sort());
    expect(res.json()).toMatchObject({ audienceLabel: 'Pieter Nkosi, Refilwe Nkosi', recipientId: null });

    const broadcast = await send(admin, { subject: 'Canteen', content: 'Closed at noon.' });
    const before = await counts();
    const refused = await api('POST', `/api/messages/${broadcast.id}/reply`, nurse.cookie, { content: 'Why?', replyAll: true });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['replyAll']);
    expect(await counts()).toEqual(before);
  });
});

describe('a message about a case is read only with the case\'s need to know (issue 32)', () => {
  it('never goes to everybody: a case message without recipients is a 400 naming patientCaseId, writing nothing', async () => {
    const before = await counts();
    const res = await api('POST', '/api/messages', doctor.cookie, { subject: 'Bloods', content: 'Back at 14:00.', caseId });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['patientCaseId']);
    expect(await counts()).toEqual(before);
  });

  it('is not listed, found in its thread, opened or counted for a role without case files or a member who lost the need to know', async () => {
    const kitchen = await person(t, orgA, 'Kitchen Worker', 'Thulani');
    const restrictedId = await createCase(t.db, orgA, { patient_name: 'Nomsa Mahlangu', reference: 'TCH-2026-00777' });
    await addTeamMember(t.db, orgA, restrictedId, doctor.id, 'attending-doctor');
    await addTeamMember(t.db, orgA, restrictedId, nurse2.id, 'nurse');
    const unreadBefore = new Map([[nurse2.id, await unread(nurse2)], [kitchen.id, await unread(kitchen)]]);
    const message = await send(doctor, { subject: 'HIV result', content: 'Positive; counsel before discharge.', caseId: restrictedId, toCaseTeam: true });
    expect(await recipientsOf(message.id)).toEqual([nurse2.id]);
    // The case is restricted and the nurse leaves its team; a recipient row of the kitchen worker
    // stands for a message sent before issue 28 (a broadcast about a case).
    await t.db.updateTable('cases').set({ restricted: 1 }).where('id', '=', restrictedId).execute();
    await t.db.deleteFrom('case_team').where('case_id', '=', restrictedId).where('user_id', '=', nurse2.id).execute();
    await t.db.insertInto('message_recipients').values({ message_id: message.id, user_id: kitchen.id, organization_id: orgA, read_at: null, created_at: new Date().toISOString() }).execute();
    for (const [label, reader] of [['nurse off the team', nurse2], ['kitchen worker', kitchen]] as const) {
      expect(await listIds(reader), label).not.toContain(message.id);
      expect(await listIds(reader, `?threadId=${message.id}`), label).toEqual([]);
      expect(await unread(reader), label).toBe(unreadBefore.get(reader.id));
      const opened = await api('PATCH', `/api/messages/${message.id}/read`, reader.cookie, {});
      expect(opened.statusCode, label).toBe(404);
      const replied = await api('POST', `/api/messages/${message.id}/reply`, reader.cookie, { content: 'Noted.' });
      expect(replied.statusCode, label).toBe(404);
    }
    // The nurse may not ask for the case's thread at all; the sender, still on the team, reads it.
    expect((await api('GET', `/api/messages?caseId=${restrictedId}`, nurse2.cookie)).statusCode).toBe(403);
    expect(await listIds(doctor, `?caseId=${restrictedId}`)).toEqual([message.id]);
  });
});
