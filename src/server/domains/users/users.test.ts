import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

let t: TestApp;
let adminA: string;
let nurseA: string;
let doctorA: string;
let superAdmin: string;
const idsA: Record<string, string> = {};
let memberOfB: string;

beforeAll(async () => {
  t = await startTestApp();
  const orgA = await createOrganization(t.db, 'Amahle Hospital');
  const orgB = await createOrganization(t.db, 'Bongani Hospital');
  for (const [key, role, firstName] of [
    ['admin', 'Administrator', 'Lerato'],
    ['nurse', 'Nurse', 'Nomsa'],
    ['nurse2', 'Nurse', 'Ayanda'],
    ['doctor', 'Doctor', 'Sipho'],
    ['suspended', 'Nurse', 'Zanele'],
  ] as const) {
    const user = await createUser(t.db, { organizationId: orgA, role, firstName, email: `${key}@amahle.example` });
    idsA[key] = user.id;
  }
  await t.db.updateTable('memberships').set({ status: 'suspended' }).where('user_id', '=', idsA.suspended!).execute();
  await t.db.updateTable('users').set({ department: 'Maternity' }).where('id', '=', idsA.nurse!).execute();
  memberOfB = (await createUser(t.db, { organizationId: orgB, role: 'Nurse', firstName: 'Bheki' })).id;
  adminA = await signIn(t.app, 'admin@amahle.example');
  nurseA = await signIn(t.app, 'nurse@amahle.example');
  doctorA = await signIn(t.app, 'doctor@amahle.example');
  superAdmin = await signIn(t.app, (await createUser(t.db, { superAdmin: true })).email);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

describe('GET /api/users', () => {
  it("lists the caller's organisation's members only, usable members first", async () => {
    const res = await get('/api/users', adminA);
    expect(res.statusCode).toBe(200);
    const members = res.json() as { id: string; firstName: string; status: string; isActive: boolean }[];
    expect(members.map((m) => m.id).sort()).toEqual(Object.values(idsA).sort());
    expect(members.some((m) => m.id === memberOfB)).toBe(false);
    expect(members.at(-1)).toMatchObject({ firstName: 'Zanele', status: 'suspended', isActive: true });
    expect(members.find((m) => m.id === idsA.nurse)).toEqual({
      id: idsA.nurse, firstName: 'Nomsa', lastName: 'Nkosi', email: 'nurse@amahle.example',
      role: 'Nurse', department: 'Maternity', status: 'active', isActive: true,
      lastSeenAt: null, // signed in, but no request made with that session yet
    });
  });

  it('filters by role for the nurse picker', async () => {
    const res = await get('/api/users?role=Nurse', nurseA);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { firstName: string }) => m.firstName)).toEqual(['Ayanda', 'Nomsa', 'Zanele']);
    expect((await get('/api/users?role=', adminA)).json()).toHaveLength(5);
  });

  it('rejects an unknown role with a 400 naming it', async () => {
    const res = await get('/api/users?role=Wizard', adminA);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('role');
  });

  it('refuses roles without users.view, callers outside an organisation and strangers', async () => {
    expect((await get('/api/users', doctorA)).statusCode).toBe(403);
    expect((await get('/api/users', superAdmin)).statusCode).toBe(403);
    expect((await get('/api/users')).statusCode).toBe(401);
  });
});
