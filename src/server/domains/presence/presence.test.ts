import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes, nowIso } from '../../../../db/time';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

let t: TestApp;
let orgA: string;
let adminCookie: string;

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Clinic');
  adminCookie = await signIn(t.app, (await createUser(t.db, { superAdmin: true })).email);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

const seen = (id: string, minutesAgo: number | null) =>
  t.db.updateTable('users').set({ last_seen_at: minutesAgo === null ? null : addMinutes(nowIso(), -minutesAgo) }).where('id', '=', id).execute();

const lastSeen = async (id: string) => (await t.db.selectFrom('users').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow()).last_seen_at;

describe('super users online', () => {
  it('counts active Super Admins seen within the last 5 minutes, the caller included', async () => {
    const recent = await createUser(t.db, { superAdmin: true });
    const stale = await createUser(t.db, { superAdmin: true });
    const neverSeen = await createUser(t.db, { superAdmin: true });
    const deactivated = await createUser(t.db, { superAdmin: true });
    const staff = await createUser(t.db, { organizationId: orgA, role: 'Administrator' });
    await seen(recent.id, 4);
    await seen(stale.id, 6);
    await seen(neverSeen.id, null);
    await seen(deactivated.id, 1);
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', deactivated.id).execute();
    await seen(staff.id, 1);

    const res = await api('GET', '/api/user-presence/super-users', adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2 }); // the caller (seen by this very request) and `recent`

    await seen(stale.id, 2);
    expect((await api('GET', '/api/user-presence/super-users', adminCookie)).json()).toEqual({ count: 3 });
    await seen(recent.id, 5.5);
    await seen(stale.id, 30);
    expect((await api('GET', '/api/user-presence/super-users', adminCookie)).json()).toEqual({ count: 1 });
  });

  it('is for Super Admins only', async () => {
    const adminA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Administrator' })).email);
    expect((await api('GET', '/api/user-presence/super-users', adminA)).statusCode).toBe(403);
    expect((await api('GET', '/api/user-presence/super-users')).statusCode).toBe(401);
  });
});

describe('heartbeat', () => {
  it('marks any signed-in caller as seen now, and only the caller', async () => {
    const patient = await createUser(t.db, { organizationId: orgA, role: 'Patient' });
    const other = await createUser(t.db, { organizationId: orgA, role: 'Nurse' });
    const cookie = await signIn(t.app, patient.email);
    // Seen 30 s ago: recent enough that an ordinary request does not rewrite it, so only the heartbeat can.
    const earlier = addMinutes(nowIso(), -0.5);
    await t.db.updateTable('users').set({ last_seen_at: earlier }).where('id', '=', patient.id).execute();
    await seen(other.id, 30);
    const otherBefore = await lastSeen(other.id);

    const res = await api('POST', '/api/user-presence/heartbeat', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const stored = await lastSeen(patient.id);
    expect(stored).toBe(res.json().lastSeenAt);
    expect(stored! > earlier).toBe(true);
    expect(await lastSeen(other.id)).toBe(otherBefore);
  });

  it('refuses callers who are not signed in', async () => {
    expect((await api('POST', '/api/user-presence/heartbeat')).statusCode).toBe(401);
  });
});
