import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeUserAgent } from '../../../shared/domain/account';
import { ORIGIN, PASSWORD, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The caller's own account over HTTP, with real cookies: profile, password change (and what it does
// to the other sessions), the sessions list and ending one session.

let t: TestApp;
let orgId: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
  orgId = await createOrganization(t.db, 'Account Clinic');
});
afterAll(() => t.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });
const me = (cookie: string) => call('GET', '/api/auth/user', cookie);

async function signInWith(email: string, userAgent: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN, 'user-agent': userAgent }, payload: { email, password } });
  const cookie = res.cookies.find((c) => c.name === 'cb_session')?.value;
  if (!cookie) throw new Error(`sign-in failed: ${res.body}`);
  return `cb_session=${cookie}`;
}

describe('account.profile', () => {
  it("answers the caller's own profile with role and organisation, for staff and a Super Admin", async () => {
    const nurse = await createUser(t.db, { organizationId: orgId, role: 'Nurse', firstName: 'Lerato' });
    const res = await call('GET', '/api/account/profile', await signIn(t.app, nurse.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: nurse.id, firstName: 'Lerato', lastName: 'Nkosi', email: nurse.email, department: null, role: 'Nurse', isSuperAdmin: false,
      organization: { id: orgId, name: 'Account Clinic', platform: 'healthcare' },
    });

    const admin = await createUser(t.db, { superAdmin: true });
    const asAdmin = await call('GET', '/api/account/profile', await signIn(t.app, admin.email));
    expect(asAdmin.json()).toMatchObject({ email: admin.email, role: 'Super Admin', isSuperAdmin: true, organization: null });
  });

  it('refuses a signed-out caller with 401', async () => {
    expect((await call('GET', '/api/account/profile')).statusCode).toBe(401);
  });

  it('updates names and department trimmed; the e-mail cannot be changed through it', async () => {
    const user = await createUser(t.db, { organizationId: orgId, role: 'Patient' });
    const cookie = await signIn(t.app, user.email);
    const res = await call('PATCH', '/api/account/profile', cookie, { firstName: '  Zodwa ', lastName: ' Dube ', department: '  Oncology  ', email: 'new@evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Zodwa', lastName: 'Dube', department: 'Oncology', email: user.email, role: 'Patient' });
    const row = await t.db.selectFrom('users').select(['first_name', 'last_name', 'department', 'email']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Zodwa', last_name: 'Dube', department: 'Oncology', email: user.email });

    const cleared = await call('PATCH', '/api/account/profile', cookie, { firstName: 'Zodwa', lastName: 'Dube', department: '   ' });
    expect(cleared.json().department).toBeNull();
  });

  it('rejects a blank or overlong name with a 400 naming the field, and changes nothing', async () => {
    const user = await createUser(t.db, { organizationId: orgId, firstName: 'Original' });
    const cookie = await signIn(t.app, user.email);
    const blank = await call('PATCH', '/api/account/profile', cookie, { firstName: '   ', lastName: 'Nkosi' });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain('First name is required');
    const long = await call('PATCH', '/api/account/profile', cookie, { firstName: 'A', lastName: 'x'.repeat(101), department: 'y'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('last name under 100');
    const row = await t.db.selectFrom('users').select(['first_name', 'last_name', 'department']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Original', last_name: 'Nkosi', department: null });
  });
});

describe('account.changePassword', () => {
  it('needs the right current password; ends every other session but keeps this one; the new password works, the old does not', async () => {
    const user = await createUser(t.db, { organizationId: orgId, role: 'Doctor' });
    const here = await signInWith(user.email, CHROME_WINDOWS);
    const elsewhere = await signInWith(user.email, SAFARI_IPHONE);
    const other = await createUser(t.db, { organizationId: orgId });
    const otherCookie = await signIn(t.app, other.email);

    const wrong = await call('POST', '/api/account/password', here, { currentPassword: 'not my password', newPassword: 'a brand new secret' });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('Current password is incorrect');
    expect((await me(elsewhere)).statusCode).toBe(200);

    const res = await call('POST', '/api/account/password', here, { currentPassword: PASSWORD, newPassword: 'a brand new secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, endedSessions: 1 });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(otherCookie)).statusCode).toBe(200); // someone else's sessions are untouched

    const login = (password: string) => call('POST', '/api/auth/login', undefined, { email: user.email, password });
    expect((await login(PASSWORD)).json().success).toBe(false);
    expect((await login('a brand new secret')).json().success).toBe(true);
  });

  it('applies the password rule and refuses the same password again, writing nothing', async () => {
    const user = await createUser(t.db, { organizationId: orgId });
    const cookie = await signIn(t.app, user.email);
    const before = await t.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    const short = await call('POST', '/api/account/password', cookie, { currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('Password must be at least 8 characters long');
    const same = await call('POST', '/api/account/password', cookie, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(JSON.stringify(same.json())).toContain('different from the current one');
    const missing = await call('POST', '/api/account/password', cookie, {});
    expect(missing.statusCode).toBe(400);
    const after = await t.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('is throttled like sign-in: after too many wrong guesses even the right one gets a 429', async () => {
    const user = await createUser(t.db, { organizationId: orgId });
    const cookie = await signIn(t.app, user.email);
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', '/api/account/password', cookie, { currentPassword: `guess-${i}`, newPassword: 'another new secret' })).statusCode).toBe(400);
    }
    const locked = await call('POST', '/api/account/password', cookie, { currentPassword: PASSWORD, newPassword: 'another new secret' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many wrong passwords/);
    // The guesses count for this account from this address (decision 0022): the sign-in form is locked too.
    expect((await call('POST', '/api/auth/login', undefined, { email: user.email, password: PASSWORD })).statusCode).toBe(429);
  });
});

describe('account.sessions and endSession', () => {
  it("lists only the caller's own live sessions, this device first, with a device summary and an opaque handle", async () => {
    const user = await createUser(t.db, { organizationId: orgId });
    const phone = await signInWith(user.email, SAFARI_IPHONE);
    const desk = await signInWith(user.email, CHROME_WINDOWS);
    await signIn(t.app, (await createUser(t.db, { organizationId: orgId })).email); // someone else's

    const res = await call('GET', '/api/account/sessions', desk);
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as { id: string; device: string; current: boolean; organizationName: string | null }[];
    expect(sessions.map((s) => [s.device, s.current, s.organizationName])).toEqual([
      ['Chrome on Windows', true, 'Account Clinic'],
      ['Safari on iOS', false, 'Account Clinic'],
    ]);
    const stored = (await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).map((r) => r.id);
    for (const s of sessions) expect(stored).not.toContain(s.id);
    expect((await call('GET', '/api/account/sessions', phone)).json()[0]).toMatchObject({ device: 'Safari on iOS', current: true });
  });

  it('signs out another own session, which is then refused', async () => {
    const user = await createUser(t.db, { organizationId: orgId });
    const phone = await signInWith(user.email, SAFARI_IPHONE);
    const desk = await signInWith(user.email, CHROME_WINDOWS);
    const phoneHandle = (await call('GET', '/api/account/sessions', desk)).json().find((s: { current: boolean }) => !s.current).id;
    const res = await call('DELETE', `/api/account/sessions/${phoneHandle}`, desk);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, signedOut: false });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(desk)).statusCode).toBe(200);
    expect((await call('GET', '/api/account/sessions', desk)).json()).toHaveLength(1);
  });

  it("answers 404 for another person's session and leaves it alone", async () => {
    const victim = await createUser(t.db, { organizationId: orgId });
    const victimCookie = await signIn(t.app, victim.email);
    const victimHandle = (await call('GET', '/api/account/sessions', victimCookie)).json()[0].id;
    const attacker = await createUser(t.db, { organizationId: orgId });
    const res = await call('DELETE', `/api/account/sessions/${victimHandle}`, await signIn(t.app, attacker.email));
    expect(res.statusCode).toBe(404);
    expect((await me(victimCookie)).statusCode).toBe(200);
  });

  it('ending the current session signs out: the cookie is cleared and the session refused', async () => {
    const user = await createUser(t.db, { organizationId: orgId });
    const cookie = await signIn(t.app, user.email);
    const handle = (await call('GET', '/api/account/sessions', cookie)).json()[0].id;
    const res = await call('DELETE', `/api/account/sessions/${handle}`, cookie);
    expect(res.json()).toEqual({ success: true, signedOut: true });
    const cleared = res.cookies.find((c) => c.name === 'cb_session');
    expect(cleared?.value ?? '').toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('works for a Super Admin, who belongs to no organisation', async () => {
    const admin = await createUser(t.db, { superAdmin: true });
    const cookie = await signIn(t.app, admin.email);
    const sessions = (await call('GET', '/api/account/sessions', cookie)).json();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true, organizationName: null });
  });
});

describe('describeUserAgent', () => {
  it('names browser and system, and something honest for the rest', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(describeUserAgent(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe('Safari on macOS');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Linux');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0')).toBe('Edge on Windows');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl');
    expect(describeUserAgent(null)).toBe('Unknown device');
  });
});
