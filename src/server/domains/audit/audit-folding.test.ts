import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Issue 32: the Audit screen names whom an entry is about (a user, an invitee, a person of the
// registry) instead of an id, and folds a person's list reads of one screen visit into one row with
// a count — in the list query, so REST callers get it with ?fold=true; the trail and the CSV keep
// every entry.

let t: TestApp;
let orgA: string;
let admin: { id: string; cookie: string };
let nurse: { id: string; email: string };
let adminB: { id: string; cookie: string };
let superAdmin: string;
let personId: string;

const api = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object): Promise<LightMyRequestResponse> =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

interface Entry {
  seq: number;
  occurredAt: string;
  userId: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  entityName: string | null;
  outcome: string;
  folded: { count: number; firstAt: string; firstSeq: number } | null;
}
interface Page { items: Entry[]; total: number; untilSeq: number }

const list = async (query: string, cookie = admin.cookie): Promise<Page> => {
  const res = await api('GET', `/api/audit-events${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Clinic');
  const orgB = await createOrganization(t.db, 'Bongani Clinic');
  const a = await createUser(t.db, { organizationId: orgA, role: 'Administrator', firstName: 'Lerato' });
  admin = { id: a.id, cookie: await signIn(t.app, a.email) };
  nurse = await createUser(t.db, { organizationId: orgA, role: 'Nurse', firstName: 'Nomsa' });
  const b = await createUser(t.db, { organizationId: orgB, role: 'Administrator', firstName: 'Zanele' });
  adminB = { id: b.id, cookie: await signIn(t.app, b.email) };
  superAdmin = await signIn(t.app, (await createUser(t.db, { superAdmin: true, firstName: 'Root' })).email);

  // A visit to /users loads its lists; three visits in a row.
  for (let i = 0; i < 3; i += 1) {
    expect((await api('GET', '/api/users', admin.cookie)).statusCode).toBe(200);
    expect((await api('GET', '/api/users/invitations', admin.cookie)).statusCode).toBe(200);
  }
  expect((await api('POST', `/api/users/${nurse.id}/password-reset`, admin.cookie)).statusCode).toBe(200);
  expect((await api('POST', '/api/users/invitations', admin.cookie, { email: 'sipho@amahle.example', role: 'Nurse', firstName: 'Sipho', lastName: 'Dlamini' })).statusCode).toBe(200);
  const person = await api('POST', '/api/people', admin.cookie, { firstName: 'Thabo', lastName: 'Mokoena' });
  expect(person.statusCode, person.body).toBe(200);
  personId = (person.json() as { id: string }).id;
  expect((await api('GET', `/api/people/${personId}`, admin.cookie)).statusCode).toBe(200);
  // Another organisation's Administrator lists their users too.
  expect((await api('GET', '/api/users', adminB.cookie)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('names in the trail', () => {
  it('names the member a reset link was sent to, the invitee and the person read', async () => {
    const page = await list(`?userId=${admin.id}&pageSize=200`);
    const reset = page.items.find((e) => e.action === 'password-reset');
    expect(reset).toMatchObject({ entityId: nurse.id, entityName: 'Nomsa Nkosi' });
    const invited = page.items.find((e) => e.action === 'create' && e.entityType === 'user');
    expect(invited?.entityName).toBe('Sipho Dlamini');
    const read = page.items.find((e) => e.action === 'read' && e.entityType === 'person');
    expect(read).toMatchObject({ entityId: personId, entityName: 'Thabo Mokoena' });
    // A list names nobody.
    expect(page.items.find((e) => e.action === 'list')?.entityName).toBeNull();
  });

  it("names no person of an organisation's registry to the Super Admin; users still", async () => {
    const page = await list(`?userId=${admin.id}&pageSize=200`, superAdmin);
    expect(page.items.find((e) => e.action === 'read' && e.entityType === 'person')).toMatchObject({ entityId: personId, entityName: null });
    expect(page.items.find((e) => e.action === 'password-reset')?.entityName).toBe('Nomsa Nkosi');
  });
});

describe('folding list reads', () => {
  it("folds one person's list reads of users per 10-minute window into one row with the count; other entries stay rows", async () => {
    const raw = await list(`?userId=${admin.id}&pageSize=200`);
    const folded = await list(`?userId=${admin.id}&pageSize=200&fold=true&untilSeq=${raw.untilSeq}`);

    // Expected from the rule, read off the raw entries: one row per window of the user-list reads.
    const userLists = raw.items.filter((e) => e.action === 'list' && e.entityType === 'user' && e.outcome === 'success');
    expect(userLists).toHaveLength(6);
    const windows = new Map<string, Entry[]>();
    for (const e of userLists) windows.set(e.occurredAt.slice(0, 15), [...(windows.get(e.occurredAt.slice(0, 15)) ?? []), e]);

    const foldedLists = folded.items.filter((e) => e.action === 'list' && e.entityType === 'user');
    expect(foldedLists).toHaveLength(windows.size);
    for (const row of foldedLists) {
      const members = windows.get(row.occurredAt.slice(0, 15))!;
      // The row shown is the newest entry of its window; the count and first moment are the window's.
      expect(row.seq).toBe(Math.max(...members.map((e) => e.seq)));
      expect(row.folded?.count ?? 1).toBe(members.length);
      if (members.length > 1) expect(row.folded).toMatchObject({ firstSeq: Math.min(...members.map((e) => e.seq)), firstAt: members.at(-1)!.occurredAt });
    }
    // Every other entry is its own row, and the totals add up.
    const others = raw.items.filter((e) => !userLists.includes(e));
    expect(folded.items.filter((e) => !(e.action === 'list' && e.entityType === 'user')).map((e) => e.seq)).toEqual(others.map((e) => e.seq));
    expect(folded.total).toBe(others.length + windows.size);
    const seqs = folded.items.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  });

  it("never folds two people's reads together, nor another organisation's into this one", async () => {
    const folded = await list('?pageSize=200&fold=true');
    expect(folded.items.filter((e) => e.userId === adminB.id)).toEqual([]);
    const superView = await list('?pageSize=200&fold=true&action=list&entityType=user', superAdmin);
    const byB = superView.items.filter((e) => e.userId === adminB.id);
    expect(byB.map((e) => e.folded)).toEqual([null]);
  });

  it('pages through folded rows without gaps or repeats', async () => {
    const all = await list(`?userId=${admin.id}&pageSize=200&fold=true`);
    const first = await list(`?userId=${admin.id}&pageSize=2&page=1&fold=true&untilSeq=${all.untilSeq}`);
    const second = await list(`?userId=${admin.id}&pageSize=2&page=2&fold=true&untilSeq=${all.untilSeq}`);
    expect([...first.items, ...second.items].map((e) => e.seq)).toEqual(all.items.slice(0, 4).map((e) => e.seq));
    expect(first.total).toBe(all.total);
  });

  it('keeps every entry in the CSV export and the unfolded list', async () => {
    const raw = await list(`?userId=${admin.id}&action=list&entityType=user&pageSize=200`);
    const csv = await api('GET', `/api/audit-events/export?userId=${admin.id}&action=list&entityType=user`, admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + raw.total);
    expect(raw.total).toBeGreaterThanOrEqual(6);
  });

  it('refuses a fold value that is not a yes or no (400 naming it)', async () => {
    const res = await api('GET', '/api/audit-events?fold=maybe', admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('fold');
  });
});
