import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuth } from '../../auth/request-auth';
import { appRouter } from '../../router';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { createCallerFactory } from '../../trpc';

let t: TestApp;
let adminA: string;
let nurseA: string;
let patientA: string;
let adminB: string;
const resourceIds: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const orgA = await createOrganization(t.db, 'Amahle Clinic');
  const orgB = await createOrganization(t.db, 'Mokoena Attorneys', 'legal');
  adminA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Administrator' })).email);
  nurseA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Nurse' })).email);
  patientA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Patient' })).email);
  adminB = await signIn(t.app, (await createUser(t.db, { organizationId: orgB, role: 'Administrator' })).email);

  const seed: [string, string, object][] = [
    ['popia', adminA, { title: 'POPIA for healthcare workers', description: 'Consent and special personal information.', type: 'course', category: 'compliance', duration: 45, targetRoles: ['Nurse', 'Doctor'], url: 'https://learn.example/popia' }],
    ['hygiene', adminA, { title: 'Hand hygiene: the five moments', description: 'WHO moments, demonstrated on a ward.', type: 'video', category: 'safety', duration: '12' }],
    ['sepsis', adminA, { title: 'Sepsis one-hour bundle', description: 'Lactate, cultures and antibiotics; see also POPIA consent.', type: 'course', category: 'clinical' }],
    ['beds', adminA, { title: 'Using bed management', type: 'article', category: 'technology', description: null, url: '' }],
    ['trust', adminB, { title: 'Trust account rules (POPIA annex)', type: 'pdf', category: 'compliance' }],
  ];
  for (const [key, cookie, payload] of seed) {
    const res = await api('POST', '/api/educational-resources', cookie, payload);
    expect(res.statusCode, res.body).toBe(200);
    resourceIds[key] = res.json().id;
  }
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

const titles = async (query: string, cookie = nurseA) => {
  const res = await api('GET', `/api/educational-resources${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((r: { title: string }) => r.title);
};

const countResources = async () =>
  Number((await t.db.selectFrom('educational_resources').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('create', () => {
  it('stores the resource and answers it in the live shape of SPEC §3.4', async () => {
    const list = (await api('GET', '/api/educational-resources', nurseA)).json();
    const popia = list.find((r: { id: string }) => r.id === resourceIds.popia);
    expect(popia).toEqual({
      id: resourceIds.popia, title: 'POPIA for healthcare workers', description: 'Consent and special personal information.',
      type: 'course', duration: 45, category: 'compliance', targetRoles: ['Nurse', 'Doctor'], url: 'https://learn.example/popia',
      createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    expect(list.find((r: { id: string }) => r.id === resourceIds.hygiene)).toMatchObject({ duration: 12, targetRoles: [], url: null });
    expect(list.find((r: { id: string }) => r.id === resourceIds.beds)).toMatchObject({ description: null, duration: null, url: null });
    const row = await t.db.selectFrom('educational_resources').selectAll().where('id', '=', resourceIds.popia!).executeTakeFirstOrThrow();
    expect(JSON.parse(row.target_roles)).toEqual(['Nurse', 'Doctor']);
    expect(row.duration_minutes).toBe(45);
  });

  it.each([
    ['a missing title', { type: 'video', category: 'safety' }, 'title'],
    ['a blank title', { title: '   ', type: 'video', category: 'safety' }, 'title'],
    ['an oversized title', { title: 'x'.repeat(201), type: 'video', category: 'safety' }, 'title'],
    ['an unknown type', { title: 'T', type: 'podcast', category: 'safety' }, 'type'],
    ['an unknown category', { title: 'T', type: 'video', category: 'finance' }, 'category'],
    ['a url that is not http(s)', { title: 'T', type: 'video', category: 'safety', url: 'javascript:alert(1)' }, 'url'],
    ['a url that is not a url', { title: 'T', type: 'video', category: 'safety', url: 'learn dot example' }, 'url'],
    ['a negative duration', { title: 'T', type: 'video', category: 'safety', duration: -5 }, 'duration'],
    ['a fractional duration', { title: 'T', type: 'video', category: 'safety', duration: 2.5 }, 'duration'],
    ['a duration past 10000', { title: 'T', type: 'video', category: 'safety', duration: 10_001 }, 'duration'],
    ['a duration that is not a number', { title: 'T', type: 'video', category: 'safety', duration: 'long' }, 'duration'],
    ['an unknown target role', { title: 'T', type: 'video', category: 'safety', targetRoles: ['Nurse', 'Wizard'] }, 'targetRoles.1'],
    ['target roles that are not a list', { title: 'T', type: 'video', category: 'safety', targetRoles: 'Nurse' }, 'targetRoles'],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_name, payload, field) => {
    const before = await countResources();
    const res = await api('POST', '/api/educational-resources', adminA, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await countResources()).toBe(before);
  });

  it('is for Administrators only: a Nurse gets 403 and nothing is written', async () => {
    const before = await countResources();
    const res = await api('POST', '/api/educational-resources', nurseA, { title: 'Nurse-made', type: 'video', category: 'safety' });
    expect(res.statusCode).toBe(403);
    expect((await api('PUT', `/api/educational-resources/${resourceIds.popia}`, nurseA, { title: 'Changed by nurse' })).statusCode).toBe(403);
    expect(await countResources()).toBe(before);
    expect(await titles('?search=nurse')).toEqual([]);
  });
});

describe('update', () => {
  it('changes the fields given, keeps the others, and clears optional ones sent as null', async () => {
    const before = await t.db.selectFrom('educational_resources').selectAll().where('id', '=', resourceIds.sepsis!).executeTakeFirstOrThrow();
    const res = await api('PUT', `/api/educational-resources/${resourceIds.sepsis}`, adminA, {
      title: 'Sepsis: the one-hour bundle', duration: 60, targetRoles: ['Doctor', 'Nurse', 'Doctor'], url: 'http://intranet.example/sepsis',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Sepsis: the one-hour bundle', description: before.description, type: 'course', category: 'clinical',
      duration: 60, targetRoles: ['Doctor', 'Nurse'], url: 'http://intranet.example/sepsis', createdAt: before.created_at,
    });
    expect(res.json().updatedAt >= before.updated_at).toBe(true);

    const cleared = await api('PUT', `/api/educational-resources/${resourceIds.sepsis}`, adminA, { duration: null, url: '' });
    expect(cleared.json()).toMatchObject({ title: 'Sepsis: the one-hour bundle', description: before.description, duration: null, url: null });
  });

  it('refuses bad input with a 400 and leaves the resource unchanged', async () => {
    const before = await t.db.selectFrom('educational_resources').selectAll().where('id', '=', resourceIds.hygiene!).executeTakeFirstOrThrow();
    for (const payload of [{ title: '' }, { category: 'gossip' }, { url: 'ftp://files.example/x' }, { duration: 99_999 }, { description: 'x'.repeat(2_001) }]) {
      const res = await api('PUT', `/api/educational-resources/${resourceIds.hygiene}`, adminA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(Object.keys(payload));
    }
    expect(await t.db.selectFrom('educational_resources').selectAll().where('id', '=', resourceIds.hygiene!).executeTakeFirstOrThrow()).toEqual(before);
  });

  it("answers 404 for another organisation's resource and leaves it unchanged", async () => {
    const before = await t.db.selectFrom('educational_resources').selectAll().where('id', '=', resourceIds.trust!).executeTakeFirstOrThrow();
    const res = await api('PUT', `/api/educational-resources/${resourceIds.trust}`, adminA, { title: 'Taken over' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Trust account');
    expect((await api('PUT', '/api/educational-resources/no-such-id', adminA, { title: 'X' })).statusCode).toBe(404);
    expect(await t.db.selectFrom('educational_resources').selectAll().where('id', '=', resourceIds.trust!).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('list', () => {
  it("shows only the caller's organisation, searching title and description ignoring case", async () => {
    expect(await titles('')).toEqual(['Hand hygiene: the five moments', 'POPIA for healthcare workers', 'Sepsis: the one-hour bundle', 'Using bed management']);
    expect(await titles('?search=popia')).toEqual(['POPIA for healthcare workers', 'Sepsis: the one-hour bundle']); // title, and description
    expect(await titles('?search=WARD')).toEqual(['Hand hygiene: the five moments']);
    expect(await titles('?search=popia', adminB)).toEqual(['Trust account rules (POPIA annex)']);
  });

  it('filters by category and type, together with search', async () => {
    expect(await titles('?category=compliance')).toEqual(['POPIA for healthcare workers']);
    expect(await titles('?type=course')).toEqual(['POPIA for healthcare workers', 'Sepsis: the one-hour bundle']);
    expect(await titles('?type=course&category=clinical')).toEqual(['Sepsis: the one-hour bundle']);
    expect(await titles('?type=video&search=popia')).toEqual([]);
    expect(await titles('?category=technology&type=article&search=bed')).toEqual(['Using bed management']);
  });

  it('refuses an unknown filter value with a 400 naming it', async () => {
    for (const query of ['category=finance', 'type=podcast', `search=${'x'.repeat(201)}`, 'limit=0']) {
      const res = await api('GET', `/api/educational-resources?${query}`, nurseA);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([query.split('=')[0]]);
    }
  });

  it('works through tRPC with and without input, and refuses roles without education.view', async () => {
    const auth = await resolveAuth(t.db, t.config, nurseA.split('=')[1]!);
    const caller = createCallerFactory(appRouter)({ db: t.db, config: t.config, request: { ip: null, userAgent: null, publicUrl: 'http://127.0.0.1' }, auth, setSessionCookie: () => {}, clearSessionCookie: () => {} });
    expect((await caller.education.list()).length).toBe(4);
    expect((await caller.education.list({ category: 'safety' })).map((r) => r.title)).toEqual(['Hand hygiene: the five moments']);
    await expect(caller.education.create({ title: 'X', type: 'video', category: 'safety' })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    expect((await api('GET', '/api/educational-resources', patientA)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/educational-resources' })).statusCode).toBe(401);
  });
});
