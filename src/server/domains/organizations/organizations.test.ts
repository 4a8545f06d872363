import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../router';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { createCallerFactory } from '../../trpc';
import { resolveAuth } from '../../auth/request-auth';

let t: TestApp;
let superCookie: string;
let orgA: string;
let orgB: string;
let adminA: string;

beforeAll(async () => {
  t = await startTestApp();
  const superAdmin = await createUser(t.db, { superAdmin: true });
  superCookie = await signIn(t.app, superAdmin.email);
  orgA = await createOrganization(t.db, 'Amahle Clinic');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  adminA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Administrator' })).email);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

describe('organizations as Super Admin', () => {
  it('creates, lists, updates and deactivates through the documented /api paths', async () => {
    const created = await api('POST', '/api/organizations', superCookie, {
      name: 'Polokwane Family Clinic', type: 'Clinic', city: 'Polokwane', province: 'Limpopo',
      email: 'Info@PolokwaneClinic.example', phone: '+27 15 291 0000', totalBeds: '24',
    });
    expect(created.statusCode).toBe(200);
    const org = created.json();
    expect(org).toMatchObject({ name: 'Polokwane Family Clinic', slug: 'polokwane-family-clinic', platform: 'healthcare', type: 'Clinic', email: 'info@polokwaneclinic.example', totalBeds: 24, isActive: true, memberCount: 0 });

    const list = await api('GET', '/api/organizations', superCookie);
    expect(list.json().map((o: { name: string }) => o.name)).toContain('Polokwane Family Clinic');

    const updated = await api('PUT', `/api/organizations/${org.id}`, superCookie, { name: 'Polokwane Community Clinic', totalBeds: 'many' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Polokwane Community Clinic', totalBeds: 0, city: 'Polokwane', province: 'Limpopo' });

    const removed = await api('DELETE', `/api/organizations/${org.id}`, superCookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().isActive).toBe(false);
    const row = await t.db.selectFrom('organizations').select('is_active').where('id', '=', org.id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
  });

  it('rejects bad input with a 400 naming the fields, writing nothing', async () => {
    const before = (await t.db.selectFrom('organizations').select('id').execute()).length;
    const res = await api('POST', '/api/organizations', superCookie, { name: '  ', email: 'not-an-email', totalBeds: -3 });
    expect(res.statusCode).toBe(400);
    const text = JSON.stringify(res.json());
    expect(text).toContain('Organization name is required');
    expect(text).toContain('Enter a valid email address');
    expect(text).toContain('Total beds cannot be negative');
    expect((await t.db.selectFrom('organizations').select('id').execute()).length).toBe(before);
  });

  it('refuses a wrong type in a JSON body rather than coercing it, on REST and on tRPC alike', async () => {
    const rest = await api('POST', '/api/organizations', superCookie, { name: 'Typed Clinic', platform: 42 });
    expect(rest.statusCode).toBe(400);
    const trpc = await t.app.inject({ method: 'POST', url: '/trpc/organizations.create', headers: { cookie: superCookie, origin: ORIGIN, 'content-type': 'application/json' }, payload: { name: 'Typed Clinic', type: true } });
    expect(trpc.statusCode).toBe(400);
    expect(await t.db.selectFrom('organizations').select('id').where('name', '=', 'Typed Clinic').executeTakeFirst()).toBeUndefined();
  });

  it('answers 404 for an organisation that does not exist', async () => {
    expect((await api('PUT', '/api/organizations/no-such-id', superCookie, { name: 'X' })).statusCode).toBe(404);
    expect((await api('DELETE', '/api/organizations/no-such-id', superCookie)).statusCode).toBe(404);
  });

  it('signs the members of a deactivated organisation out at once', async () => {
    const org = await createOrganization(t.db, 'Closing Clinic');
    const member = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Nurse' })).email);
    expect((await api('GET', '/api/auth/user', member)).statusCode).toBe(200);
    await api('DELETE', `/api/organizations/${org}`, superCookie);
    expect((await api('GET', '/api/auth/user', member)).statusCode).toBe(401);
  });
});

describe('tenancy', () => {
  it("an organisation's admin can neither list nor change another organisation", async () => {
    const before = await t.db.selectFrom('organizations').selectAll().where('id', '=', orgB).executeTakeFirstOrThrow();
    expect((await api('GET', '/api/organizations', adminA)).statusCode).toBe(403);
    expect((await api('PUT', `/api/organizations/${orgB}`, adminA, { name: 'Taken Over' })).statusCode).toBe(403);
    expect((await api('DELETE', `/api/organizations/${orgB}`, adminA)).statusCode).toBe(403);
    expect((await api('POST', '/api/organizations', adminA, { name: 'Sneaky' })).statusCode).toBe(403);
    const after = await t.db.selectFrom('organizations').selectAll().where('id', '=', orgB).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('a member reads only their own organisation, whatever they send', async () => {
    const auth = await resolveAuth(t.db, t.config, adminA.split('=')[1]!);
    const caller = createCallerFactory(appRouter)({
      db: t.db, config: t.config, request: { ip: null, userAgent: null, publicUrl: 'http://127.0.0.1' }, auth,
      setSessionCookie: () => {}, clearSessionCookie: () => {},
    });
    const own = await caller.organizations.current();
    expect(own.id).toBe(orgA);
    expect(own.name).toBe('Amahle Clinic');
    await expect(caller.organizations.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.organizations.update({ id: orgB, name: 'Taken Over' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses callers who are not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organizations' });
    expect(res.statusCode).toBe(401);
  });
});
