import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The Administrator's member management through real HTTP: change role, deactivate (the member's
// sessions end at once), reactivate, the last-Administrator rule, and ids of another organisation.

let t: TestApp;
let orgA: string;
let orgB: string;
let admin: { id: string; cookie: string };
let nurse: { id: string; email: string };
let memberOfB: string;

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Hospital');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  const a = await createUser(t.db, { organizationId: orgA, role: 'Administrator', firstName: 'Lerato' });
  admin = { id: a.id, cookie: await signIn(t.app, a.email) };
  nurse = await createUser(t.db, { organizationId: orgA, role: 'Nurse', firstName: 'Nomsa' });
  memberOfB = (await createUser(t.db, { organizationId: orgB, role: 'Nurse' })).id;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

const membership = (userId: string, organizationId = orgA) =>
  t.db.selectFrom('memberships').select(['role', 'status']).where('user_id', '=', userId).where('organization_id', '=', organizationId).executeTakeFirstOrThrow();

describe('deactivate and reactivate', () => {
  it("ends the member's sessions in this organisation at once: their cookie gets 401 on the next request", async () => {
    const nurseCookie = await signIn(t.app, nurse.email);
    expect((await api('GET', '/api/auth/user', nurseCookie)).statusCode).toBe(200);
    const res = await api('POST', `/api/users/${nurse.id}/deactivate`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: nurse.id, status: 'inactive' });
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', nurse.id).execute();
    expect(sessions).toEqual([]);
    expect((await api('GET', '/api/auth/user', nurseCookie)).statusCode).toBe(401);
    // And they cannot sign in to it again.
    const login = await api('POST', '/api/auth/login', undefined, { email: nurse.email, password: 'correct horse battery' });
    expect(login.json()).toMatchObject({ success: false });
    // The list still shows them, as inactive.
    const list = (await api('GET', '/api/users', admin.cookie)).json() as { id: string; status: string }[];
    expect(list.find((m) => m.id === nurse.id)).toMatchObject({ status: 'inactive' });
  });

  it('reactivates the member, who can sign in again', async () => {
    const res = await api('POST', `/api/users/${nurse.id}/reactivate`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await membership(nurse.id)).toMatchObject({ status: 'active' });
    await signIn(t.app, nurse.email);
  });

  it('an Administrator cannot deactivate themselves', async () => {
    const res = await api('POST', `/api/users/${admin.id}/deactivate`, admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cannot deactivate yourself/);
    expect(await membership(admin.id)).toMatchObject({ status: 'active' });
  });
});

describe('change role', () => {
  it("changes a member's role, which applies to their next request", async () => {
    const nurseCookie = await signIn(t.app, nurse.email);
    const res = await api('PUT', `/api/users/${nurse.id}/role`, admin.cookie, { role: 'Case Manager' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: nurse.id, role: 'Case Manager' });
    expect((await api('GET', '/api/auth/user', nurseCookie)).json()).toMatchObject({ role: 'Case Manager' });
  });

  it('refuses an unknown role with a 400 naming it, and writes nothing', async () => {
    const res = await api('PUT', `/api/users/${nurse.id}/role`, admin.cookie, { role: 'Wizard' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('role');
    expect(await membership(nurse.id)).toMatchObject({ role: 'Case Manager' });
  });

  it('keeps at least one active Administrator: the last one cannot step down, another can', async () => {
    const alone = await api('PUT', `/api/users/${admin.id}/role`, admin.cookie, { role: 'Nurse' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toMatch(/at least one active Administrator/);

    await api('PUT', `/api/users/${nurse.id}/role`, admin.cookie, { role: 'Administrator' });
    const stepDown = await api('PUT', `/api/users/${admin.id}/role`, admin.cookie, { role: 'Doctor' });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    // Now a Doctor, the former Administrator may no longer manage members.
    expect((await api('GET', '/api/users/invitations', admin.cookie)).statusCode).toBe(403);
    // The remaining Administrator cannot be deactivated or demoted by anyone while they are the last.
    const nurseAdmin = await signIn(t.app, nurse.email);
    expect((await api('PUT', `/api/users/${nurse.id}/role`, nurseAdmin, { role: 'Nurse' })).statusCode).toBe(409);
    expect((await api('PUT', `/api/users/${admin.id}/role`, nurseAdmin, { role: 'Administrator' })).statusCode).toBe(200);
  });
});

describe('scope', () => {
  it('ids of another organisation are not found, and nothing changes there', async () => {
    for (const [method, url, payload] of [
      ['POST', `/api/users/${memberOfB}/deactivate`, undefined],
      ['POST', `/api/users/${memberOfB}/reactivate`, undefined],
      ['PUT', `/api/users/${memberOfB}/role`, { role: 'Doctor' }],
    ] as const) {
      const res = await api(method, url, admin.cookie, payload);
      expect(res.statusCode, url).toBe(404);
    }
    expect(await membership(memberOfB, orgB)).toEqual({ role: 'Nurse', status: 'active' });
  });

  it('only users.manage may change members', async () => {
    const nurseCookie = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Nurse' })).email);
    expect((await api('POST', `/api/users/${admin.id}/deactivate`, nurseCookie)).statusCode).toBe(403);
    expect((await api('GET', '/api/users/seats', nurseCookie)).statusCode).toBe(403);
    expect((await api('POST', `/api/users/${admin.id}/deactivate`)).statusCode).toBe(401);
  });
});
