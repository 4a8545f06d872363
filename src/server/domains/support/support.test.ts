import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes, nowIso } from '../../../../db/time';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

let t: TestApp;
let orgA: string;
let orgB: string;
let nurseA: { id: string; cookie: string };
let clerkA: { id: string; cookie: string };
let doctorB: { id: string; cookie: string };
let patientA: { id: string; cookie: string };
let admin: { id: string; cookie: string };

async function member(organizationId: string | undefined, role: string, firstName: string, superAdmin = false) {
  const user = await createUser(t.db, { organizationId, role, firstName, superAdmin });
  return { id: user.id, cookie: await signIn(t.app, user.email) };
}

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Clinic');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  nurseA = await member(orgA, 'Nurse', 'Ayanda');
  clerkA = await member(orgA, 'Support Staff', 'Lerato');
  patientA = await member(orgA, 'Patient', 'Sipho');
  doctorB = await member(orgB, 'Doctor', 'Bheki');
  admin = await member(undefined, 'Super Admin', 'Zanele', true);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

const counts = async () => ({
  chats: Number((await t.db.selectFrom('support_chats').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  messages: Number((await t.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});

async function openChat(cookie: string, body: object = {}) {
  const res = await api('POST', '/api/support-chats', cookie, { title: 'Printer on ward 3', category: 'Technical', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; status: string; priority: string; initiatorId: string; organizationId: string | null };
}

describe('opening a support chat', () => {
  it('starts Open with Medium priority, the initiator from the session, and "Support request: {title}" as first message', async () => {
    const chat = await openChat(nurseA.cookie, { title: '  Cannot print discharge forms  ', initiatorId: doctorB.id, initialMessage: '   ' });
    expect(chat).toMatchObject({ title: 'Cannot print discharge forms', category: 'Technical', status: 'Open', priority: 'Medium', initiatorId: nurseA.id, initiatorName: 'Ayanda Nkosi', organizationId: orgA, organizationName: 'Amahle Clinic' });

    const row = await t.db.selectFrom('support_chats').selectAll().where('id', '=', chat.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ initiator_id: nurseA.id, organization_id: orgA, status: 'Open', priority: 'Medium' });
    const messages = await t.db.selectFrom('chat_messages').selectAll().where('chat_id', '=', chat.id).execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ sender_id: nurseA.id, organization_id: orgA, message: 'Support request: Cannot print discharge forms', message_type: 'text' });
  });

  it('uses the description (or initialMessage) as the first message and keeps the chosen priority', async () => {
    const fromDescription = await openChat(nurseA.cookie, { description: 'The ward 3 printer jams on every page.', priority: 'Urgent', category: 'Emergency' });
    expect(fromDescription.priority).toBe('Urgent');
    const fromInitial = await openChat(nurseA.cookie, { initialMessage: 'How do I add a new nurse?', category: 'Training' });
    const first = async (chatId: string) => (await t.db.selectFrom('chat_messages').select('message').where('chat_id', '=', chatId).executeTakeFirstOrThrow()).message;
    expect(await first(fromDescription.id)).toBe('The ward 3 printer jams on every page.');
    expect(await first(fromInitial.id)).toBe('How do I add a new nurse?');
  });

  it('rejects bad input with a 400 naming each field, writing nothing', async () => {
    const before = await counts();
    const cases: Array<[object, string, string]> = [
      [{ category: 'Technical' }, 'title', 'Title is required'],
      [{ title: '   ', category: 'Technical' }, 'title', 'Title is required'],
      [{ title: 'x'.repeat(201), category: 'Technical' }, 'title', 'Keep the title under 200 characters'],
      [{ title: 'Help' }, 'category', 'Category is required'],
      [{ title: 'Help', category: 'Billing' }, 'category', 'Category is required'],
      [{ title: 'Help', category: 'Technical', priority: 'Critical' }, 'priority', 'Priority must be one of Low, Medium, High, Urgent'],
      [{ title: 42, category: 'Technical' }, 'title', 'Title is required'],
      [{ title: 'Help', category: 'Technical', description: 'y'.repeat(5001) }, 'description', 'Keep the description under 5000 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('POST', '/api/support-chats', nurseA.cookie, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses callers who are not signed in', async () => {
    const before = await counts();
    expect((await api('POST', '/api/support-chats', undefined, { title: 'Help', category: 'Technical' })).statusCode).toBe(401);
    expect((await api('GET', '/api/support-chats')).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe('who sees which chat', () => {
  let nurseChat: string;
  let doctorChat: string;

  beforeAll(async () => {
    nurseChat = (await openChat(nurseA.cookie, { title: 'Nurse A private question' })).id;
    doctorChat = (await openChat(doctorB.cookie, { title: 'Doctor B private question' })).id;
  });

  const titles = async (cookie: string, query = '') => ((await api('GET', `/api/support-chats${query}`, cookie)).json() as Array<{ title: string }>).map((c) => c.title);

  it('a member lists only the chats they started', async () => {
    expect(await titles(nurseA.cookie)).toContain('Nurse A private question');
    expect(await titles(nurseA.cookie)).not.toContain('Doctor B private question');
    expect(await titles(clerkA.cookie)).toEqual([]);
    expect(await titles(doctorB.cookie)).toEqual(['Doctor B private question']);
  });

  it("another member of the same organisation, and another organisation, get 404 on a chat's messages and cannot write in it", async () => {
    for (const outsider of [clerkA, doctorB, patientA]) {
      expect((await api('GET', `/api/chat-messages/${nurseChat}`, outsider.cookie)).statusCode).toBe(404);
      const before = await counts();
      const res = await api('POST', '/api/chat-messages', outsider.cookie, { chatId: nurseChat, message: 'Let me in' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Support chat not found');
      expect(await counts()).toEqual(before);
    }
    expect((await api('GET', `/api/chat-messages/${doctorChat}`, nurseA.cookie)).statusCode).toBe(404);
    expect((await api('GET', '/api/chat-messages/no-such-chat', nurseA.cookie)).statusCode).toBe(404);
  });

  it('a Super Admin sees every organisation\'s chats, newest first, and reads their messages', async () => {
    const res = await api('GET', '/api/support-chats', admin.cookie);
    expect(res.statusCode).toBe(200);
    const chats = res.json() as Array<{ id: string; title: string; createdAt: string; organizationName: string | null; lastMessageAt: string | null }>;
    const byId = new Map(chats.map((c) => [c.id, c]));
    expect(byId.get(nurseChat)?.organizationName).toBe('Amahle Clinic');
    expect(byId.get(doctorChat)?.organizationName).toBe('Bongani Hospital');
    expect(byId.get(doctorChat)?.lastMessageAt).toBeTruthy();
    const created = chats.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const thread = await api('GET', `/api/chat-messages/${doctorChat}`, admin.cookie);
    expect(thread.statusCode).toBe(200);
    expect(thread.json()).toHaveLength(1);
  });

  it('filters by status', async () => {
    expect(await titles(admin.cookie, '?status=Resolved')).not.toContain('Nurse A private question');
    expect(await titles(admin.cookie, '?status=Open')).toContain('Nurse A private question');
    expect((await api('GET', '/api/support-chats?status=Pending', admin.cookie)).statusCode).toBe(400);
  });
});

describe('status changes (Super Admin)', () => {
  let chatId: string;
  beforeAll(async () => {
    chatId = (await openChat(nurseA.cookie, { title: 'Status walk' })).id;
  });

  const move = (status: unknown, cookie = admin.cookie, id = chatId) => api('PATCH', `/api/support-chats/${id}`, cookie, { status });
  const stored = async () => (await t.db.selectFrom('support_chats').select('status').where('id', '=', chatId).executeTakeFirstOrThrow()).status;

  it('moves forward one or more steps, refuses going back with a 409 naming both statuses, and reopens', async () => {
    expect((await move('In Progress')).json().status).toBe('In Progress');
    expect((await move('Closed')).json().status).toBe('Closed');
    const back = await move('Resolved');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('A support chat that is Closed cannot move to Resolved.');
    expect(await stored()).toBe('Closed');
    const reopened = await move('Open');
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().status).toBe('Open');
    expect((await move('Resolved')).json().status).toBe('Resolved');
    expect((await move('Resolved')).statusCode).toBe(409);
  });

  it('answers an unknown status with 400 and an unknown chat with 404', async () => {
    const before = await stored();
    const bad = await move('Escalated');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBe('Status must be one of Open, In Progress, Resolved, Closed');
    expect((await move(undefined)).statusCode).toBe(400);
    expect((await move('Closed', admin.cookie, 'no-such-chat')).statusCode).toBe(404);
    expect(await stored()).toBe(before);
  });

  it('is refused to members, even to the chat\'s own initiator', async () => {
    const before = await stored();
    expect((await move('Closed', nurseA.cookie)).statusCode).toBe(403);
    expect((await move('Closed', doctorB.cookie)).statusCode).toBe(403);
    expect(await stored()).toBe(before);
  });
});

describe('messages in a chat', () => {
  let chatId: string;
  beforeAll(async () => {
    chatId = (await openChat(nurseA.cookie, { title: 'Thread' })).id;
  });

  const thread = async (cookie: string, after?: string) => {
    const res = await api('GET', `/api/chat-messages/${chatId}${after ? `?after=${encodeURIComponent(after)}` : ''}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Array<{ id: string; senderId: string; senderName: string; message: string; messageType: string; createdAt: string }>;
  };

  it('takes the sender from the session, ignores senderId, and touches the chat', async () => {
    const before = (await t.db.selectFrom('support_chats').select('updated_at').where('id', '=', chatId).executeTakeFirstOrThrow()).updated_at;
    const res = await api('POST', '/api/chat-messages', nurseA.cookie, { chatId, message: '  Still broken  ', messageType: 'text', senderId: admin.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ chatId, senderId: nurseA.id, senderName: 'Ayanda Nkosi', message: 'Still broken', messageType: 'text' });
    const row = await t.db.selectFrom('chat_messages').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sender_id: nurseA.id, organization_id: orgA });
    const after = (await t.db.selectFrom('support_chats').select('updated_at').where('id', '=', chatId).executeTakeFirstOrThrow()).updated_at;
    expect(after > before).toBe(true);
  });

  it('a Super Admin answering an Open chat leaves it Open; the message belongs to the chat\'s organisation', async () => {
    const res = await api('POST', '/api/chat-messages', admin.cookie, { chatId, message: 'Looking into it now.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().senderId).toBe(admin.id);
    const row = await t.db.selectFrom('chat_messages').select('organization_id').where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.organization_id).toBe(orgA);
    const chat = await t.db.selectFrom('support_chats').select('status').where('id', '=', chatId).executeTakeFirstOrThrow();
    expect(chat.status).toBe('Open');
  });

  it('lists oldest first, and with ?after= only newer messages ([] when idle)', async () => {
    const all = await thread(nurseA.cookie);
    expect(all.map((m) => m.message)).toEqual(['Support request: Thread', 'Still broken', 'Looking into it now.']);
    const newest = all.at(-1)!.createdAt;
    expect(await thread(nurseA.cookie, newest)).toEqual([]);
    await api('POST', '/api/chat-messages', nurseA.cookie, { chatId, message: 'Thank you!' });
    const fresh = await thread(nurseA.cookie, newest);
    expect(fresh.map((m) => m.message)).toEqual(['Thank you!']);
    expect(fresh[0]!.createdAt > newest).toBe(true);
    // An offset form of the same instant means the same thing.
    expect(await thread(nurseA.cookie, fresh[0]!.createdAt.replace('Z', '+00:00'))).toEqual([]);
    expect((await thread(nurseA.cookie, addMinutes(nowIso(), -60))).length).toBe(4);
    expect((await api('GET', `/api/chat-messages/${chatId}?after=yesterday`, nurseA.cookie)).statusCode).toBe(400);
  });

  it('never stamps a new message at or before the newest one, so an `after` poll cannot miss it', async () => {
    // The newest message carries a stamp from a clock ahead of ours (or written in this very millisecond).
    const ahead = addMinutes(nowIso(), 1);
    await t.db.insertInto('chat_messages').values({ id: crypto.randomUUID(), chat_id: chatId, organization_id: orgA, sender_id: nurseA.id, message: 'from the future', message_type: 'text', created_at: ahead }).execute();
    const res = await api('POST', '/api/chat-messages', nurseA.cookie, { chatId, message: 'right after' });
    expect(res.json().createdAt > ahead).toBe(true);
    expect((await thread(nurseA.cookie, ahead)).map((m) => m.message)).toEqual(['right after']);
    expect((await thread(nurseA.cookie)).slice(-2).map((m) => m.message)).toEqual(['from the future', 'right after']);
  });

  it('rejects bad input with a 400 naming the field, writing nothing', async () => {
    const before = await counts();
    const cases: Array<[object, string, string]> = [
      [{ chatId, message: '   ' }, 'message', 'Message is required'],
      [{ chatId }, 'message', 'Message is required'],
      [{ chatId, message: 'z'.repeat(5001) }, 'message', 'Keep the message under 5000 characters'],
      [{ chatId, message: 'Hi', messageType: 'image' }, 'messageType', "Message type must be 'text'"],
      [{ message: 'Hi' }, 'chatId', 'Select a conversation'],
      [{ chatId: ['a'], message: 'Hi' }, 'chatId', 'Select a conversation'],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('POST', '/api/chat-messages', nurseA.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a message in a Closed chat with 409, writing nothing', async () => {
    const closed = (await openChat(nurseA.cookie, { title: 'Closing soon' })).id;
    expect((await api('PATCH', `/api/support-chats/${closed}`, admin.cookie, { status: 'Closed' })).statusCode).toBe(200);
    const before = await counts();
    for (const cookie of [nurseA.cookie, admin.cookie]) {
      const res = await api('POST', '/api/chat-messages', cookie, { chatId: closed, message: 'Hello?' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This conversation is closed');
    }
    expect(await counts()).toEqual(before);
  });
});

describe('a Super Admin\'s own chat', () => {
  it('carries no organisation and is visible to Super Admins only', async () => {
    const chat = await openChat(admin.cookie, { title: 'Platform-wide outage drill', category: 'Emergency' });
    expect(chat.organizationId).toBeNull();
    expect(chat.initiatorId).toBe(admin.id);
    expect((await api('GET', `/api/chat-messages/${chat.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await api('GET', `/api/chat-messages/${chat.id}`, nurseA.cookie)).statusCode).toBe(404);
  });
});
