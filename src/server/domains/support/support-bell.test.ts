import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { steppingClock } from '../../test-support/stepping-clock';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The Super Admin support bell (SPEC §2.10): lists and badge, and the per-user opened-at moment.

let t: TestApp;
let nurse: { id: string; cookie: string };
let doctor: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let otherAdmin: { id: string; cookie: string };

async function member(organizationId: string | undefined, role: string, firstName: string, superAdmin = false) {
  const user = await createUser(t.db, { organizationId, role, firstName, superAdmin });
  return { id: user.id, cookie: await signIn(t.app, user.email) };
}

beforeAll(async () => {
  t = await startTestApp();
  const orgA = await createOrganization(t.db, 'Amahle Clinic');
  const orgB = await createOrganization(t.db, 'Bongani Hospital');
  nurse = await member(orgA, 'Nurse', 'Ayanda');
  doctor = await member(orgB, 'Doctor', 'Bheki');
  admin = await member(undefined, 'Super Admin', 'Zanele', true);
  otherAdmin = await member(undefined, 'Super Admin', 'Thandi', true);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

// Every call at its own moment: the lists order by creation time, and the badge counts what was
// created after the bell was opened.
let clock: { tick(): void } | null = null;
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) => {
  (clock ??= steppingClock()).tick();
  return t.app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });
};

type Bell = { urgent: Array<{ title: string; priority: string }>; recent: Array<{ title: string; status: string }>; unseen: number; openedAt: string | null };
const bell = async (cookie = admin.cookie): Promise<Bell> => {
  const res = await api('GET', '/api/support-chats/bell', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Bell;
};
const openBell = async (cookie = admin.cookie) => {
  const res = await api('POST', '/api/support-chats/bell/open', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { openedAt: string };
};
const openChat = async (cookie: string, title: string, priority = 'Medium') => {
  const res = await api('POST', '/api/support-chats', cookie, { title, category: 'Technical', priority });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
};
const move = (id: string, status: string) => api('PATCH', `/api/support-chats/${id}`, admin.cookie, { status });

describe('the support bell', () => {
  it('is empty with no chats, and refused to everyone but a Super Admin', async () => {
    expect(await bell()).toEqual({ urgent: [], recent: [], unseen: 0, openedAt: null });
    for (const who of [nurse, doctor]) {
      expect((await api('GET', '/api/support-chats/bell', who.cookie)).statusCode).toBe(403);
      expect((await api('POST', '/api/support-chats/bell/open', who.cookie)).statusCode).toBe(403);
    }
    const row = await t.db.selectFrom('users').select('bell_opened_at').where('id', '=', nurse.id).executeTakeFirstOrThrow();
    expect(row.bell_opened_at).toBeNull();
  });

  it('counts every Open chat of every organisation while never opened, lists ≤3 urgent/high (Urgent first) and ≤5 recent', async () => {
    await openChat(nurse.cookie, 'Low one', 'Low');
    await openChat(nurse.cookie, 'High one', 'High');
    await openChat(doctor.cookie, 'Urgent one', 'Urgent');
    await openChat(doctor.cookie, 'Second high', 'High');
    await openChat(nurse.cookie, 'Third high', 'High');
    await openChat(nurse.cookie, 'Medium one');
    const now = await bell();
    expect(now.unseen).toBe(6);
    expect(now.urgent.map((c) => c.title)).toHaveLength(3);
    expect(now.urgent[0]).toMatchObject({ title: 'Urgent one', priority: 'Urgent' });
    expect(now.urgent.every((c) => c.priority === 'Urgent' || c.priority === 'High')).toBe(true);
    expect(now.recent.map((c) => c.title)).toEqual(['Medium one', 'Third high', 'Second high', 'Urgent one', 'High one']);
  });

  it('clears the badge on opening, per Super Admin, and counts only Open chats created afterwards', async () => {
    const { openedAt } = await openBell();
    expect((await bell()).unseen).toBe(0);
    expect((await bell()).openedAt).toBe(openedAt);
    // The other Super Admin has not opened theirs.
    expect((await bell(otherAdmin.cookie)).unseen).toBe(6);

    const fresh = await openChat(nurse.cookie, 'After opening', 'Urgent');
    const taken = await openChat(doctor.cookie, 'Taken at once');
    expect((await bell()).unseen).toBe(2);
    // A chat no longer Open leaves the badge; In Progress stays in the lists, Resolved leaves them.
    expect((await move(taken, 'In Progress')).statusCode).toBe(200);
    const after = await bell();
    expect(after.unseen).toBe(1);
    expect(after.recent.map((c) => c.title).slice(0, 2)).toEqual(['Taken at once', 'After opening']);
    expect(after.urgent[0]).toMatchObject({ title: 'After opening' });
    expect((await move(fresh, 'Resolved')).statusCode).toBe(200);
    const resolved = await bell();
    expect(resolved.unseen).toBe(0);
    expect(resolved.recent.map((c) => c.title)).not.toContain('After opening');
    expect(resolved.urgent.map((c) => c.title)).not.toContain('After opening');
  });

  it('walks a chat Open → In Progress → Resolved → Closed, and the requester reads the answer through the after cursor', async () => {
    const id = await openChat(nurse.cookie, 'Walk through');
    const first = (await api('GET', `/api/chat-messages/${id}`, nurse.cookie)).json() as Array<{ createdAt: string }>;
    const cursor = first.at(-1)!.createdAt;
    expect((await api('GET', `/api/chat-messages/${id}?after=${encodeURIComponent(cursor)}`, nurse.cookie)).json()).toEqual([]);
    for (const status of ['In Progress', 'Resolved', 'Closed']) {
      if (status === 'Resolved') expect((await api('POST', '/api/chat-messages', admin.cookie, { chatId: id, message: 'Fixed it for you' })).statusCode).toBe(200);
      const res = await move(id, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status });
    }
    const newer = (await api('GET', `/api/chat-messages/${id}?after=${encodeURIComponent(cursor)}`, nurse.cookie)).json() as Array<{ message: string; senderId: string }>;
    expect(newer).toEqual([expect.objectContaining({ message: 'Fixed it for you', senderId: admin.id })]);
  });
});
