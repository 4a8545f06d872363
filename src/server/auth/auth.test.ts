import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes, nowIso } from '../../../db/time';
import { ORIGIN, PASSWORD, type TestApp, createOrganization, createUser, sessionCookieOf, signIn, startTestApp } from '../test-support/test-app';
import { sessionIdFromToken } from './sessions';
import { currentStep, totpAt } from './totp';

let t: TestApp;
let orgId: string;

beforeAll(async () => {
  t = await startTestApp({ SUPER_ADMIN_SECRET: 'a-long-enough-secret-for-tests', LOGIN_MAX_FAILURES_PER_ADDRESS: '50' });
  orgId = await createOrganization(t.db, 'Ubuntu Clinic');
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN, ...headers }, payload: { email, password } });
const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

describe('sign-in', () => {
  it('signs in with the right password, sets an HttpOnly session cookie and returns the token', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId, role: 'Nurse', email: 'Sipho.Dlamini@Test.example'.toLowerCase() });
    const res = await login('  SIPHO.dlamini@test.example ', PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Logged in successfully' });
    expect(body.token).toMatch(/^[a-z2-7]{32}$/);
    const cookie = res.cookies.find((c) => c.name === 'cb_session')!;
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });

    const user = await me(sessionCookieOf(res));
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email, role: 'Nurse', isSuperAdmin: false, organization: { id: orgId, name: 'Ubuntu Clinic', platform: 'healthcare' } });
    expect(user.json().permissions).toContain('beds.manage');
  });

  it('says whether the user has signed in before: not on the first sign-in, yes on the second', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId, role: 'Nurse', email: 'first.timer@test.example' });
    const first = await me(sessionCookieOf(await login(email, PASSWORD)));
    expect(first.json()).toMatchObject({ signedInBefore: false });
    const second = await me(sessionCookieOf(await login(email, PASSWORD)));
    expect(second.json()).toMatchObject({ signedInBefore: true });
  });

  it('marks the cookie Secure when the request came over https, not on a plain-http LAN', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const org = await createOrganization(proxied.db, 'Proxy Clinic');
      const { email } = await createUser(proxied.db, { organizationId: org });
      const attempt = (proto: string) =>
        proxied.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: 'cases.example.org', origin: `${proto}://cases.example.org`, 'x-forwarded-proto': proto }, payload: { email, password: PASSWORD } });
      expect((await attempt('https')).cookies.find((c) => c.name === 'cb_session')?.secure).toBe(true);
      expect((await attempt('http')).cookies.find((c) => c.name === 'cb_session')?.secure).toBeFalsy();
    } finally {
      await proxied.close();
    }
  });

  it('stores only a hash of the token', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    const token = (await login(email, PASSWORD)).json().token as string;
    const ids = (await t.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    expect(ids).toContain(sessionIdFromToken(token));
    expect(ids).not.toContain(token);
  });

  it('accepts the token as a bearer token for API callers', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    const token = (await login(email, PASSWORD)).json().token;
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(res.json().email).toBe(email);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    const wrongPassword = await login(email, 'not the password');
    const unknownEmail = await login('nobody-here@test.example', 'not the password');
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: false, token: null, message: 'Invalid email or password' });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });

  it('rejects a missing e-mail or password with a 400 naming the field', async () => {
    const res = await login('', '');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('email');
  });

  it('issues a new session at every sign-in, even when the browser already holds one', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    const first = await signIn(t.app, email);
    const second = sessionCookieOf(await login(email, PASSWORD, { cookie: first }));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('records when a signed-in user was last seen (for presence)', async () => {
    const { id, email } = await createUser(t.db, { organizationId: orgId });
    const cookie = await signIn(t.app, email);
    await t.db.updateTable('users').set({ last_seen_at: addMinutes(nowIso(), -30) }).where('id', '=', id).execute();
    await me(cookie);
    const row = await t.db.selectFrom('users').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_seen_at! > addMinutes(nowIso(), -1)).toBe(true);
  });

  it('refuses 401 when signed out', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/sign in/i);
    expect((await me('cb_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(401);
  });

  it("answers the browser's session check with null when signed out, not an error (issue 17), and with the user when signed in", async () => {
    const session = (cookie?: string) => t.app.inject({ method: 'GET', url: '/trpc/auth.session', headers: cookie ? { cookie } : {} });
    for (const cookie of [undefined, 'cb_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa']) {
      const res = await session(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().result.data).toBeNull();
    }
    const { email } = await createUser(t.db, { organizationId: orgId, role: 'Doctor', email: 'session.check@test.example' });
    const res = await session(await signIn(t.app, email));
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toMatchObject({ email, role: 'Doctor', organization: { name: 'Ubuntu Clinic' } });
  });

  it('refuses members of a deactivated account', async () => {
    const { id, email } = await createUser(t.db, { organizationId: orgId });
    const cookie = await signIn(t.app, email);
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', id).execute();
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).json().success).toBe(false);
  });
});

describe('throttling', () => {
  it('locks an account after 5 failures, even for the right password, with a clear 429', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong-${i}`)).json().success).toBe(false);
    const locked = await login(email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(sessionCookieOf(locked)).toBeUndefined();
  });

  it('locks an address after too many failures across accounts', async () => {
    const other = await startTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    try {
      const org = await createOrganization(other.db, 'Address Clinic');
      const { email } = await createUser(other.db, { organizationId: org });
      const attempt = (e: string, p: string) =>
        other.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN }, payload: { email: e, password: p } });
      for (const e of ['a@test.example', 'b@test.example', 'c@test.example']) await attempt(e, 'guess');
      expect((await attempt(email, PASSWORD)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('forgets failures after a successful sign-in', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    for (let i = 0; i < 4; i++) await login(email, 'wrong');
    expect((await login(email, PASSWORD)).json().success).toBe(true);
    for (let i = 0; i < 4; i++) await login(email, 'wrong');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  async function sessionFor(email: string) {
    const cookie = await signIn(t.app, email);
    return { cookie, id: sessionIdFromToken(cookie.split('=')[1]!) };
  }

  it('ends a session idle past the timeout', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    const { cookie, id } = await sessionFor(email);
    expect((await me(cookie)).statusCode).toBe(200);
    await t.db.updateTable('sessions').set({ idle_expires_at: addMinutes(nowIso(), -1) }).where('id', '=', id).execute();
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('ends a session past its absolute lifetime even when active', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    const { cookie, id } = await sessionFor(email);
    await t.db.updateTable('sessions').set({ expires_at: addMinutes(nowIso(), -1) }).where('id', '=', id).execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('extends the idle deadline on activity, never past the absolute lifetime', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    const { cookie, id } = await sessionFor(email);
    const past = addMinutes(nowIso(), -30);
    await t.db.updateTable('sessions').set({ last_active_at: past, idle_expires_at: addMinutes(nowIso(), 5) }).where('id', '=', id).execute();
    expect((await me(cookie)).statusCode).toBe(200);
    const row = await t.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.idle_expires_at > addMinutes(nowIso(), 55)).toBe(true);
    expect(row.idle_expires_at <= row.expires_at).toBe(true);
  });
});

describe('sign-out', () => {
  it('POST /api/auth/logout invalidates the session on the server', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    const cookie = await signIn(t.app, email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: ORIGIN, cookie } });
    expect(res.json()).toEqual({ success: true });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('the /api/logout navigation ends the session and goes to /', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    const cookie = await signIn(t.app, email);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-origin' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('a link from another site does not sign anyone out', async () => {
    const { email } = await createUser(t.db, { organizationId: orgId });
    const cookie = await signIn(t.app, email);
    await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('the /api/login navigation leads to the sign-in page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('Super Admin registration', () => {
  const register = (app = t.app, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/auth/register-superuser', headers: { origin: ORIGIN }, payload });
  const valid = { firstName: 'Naledi', lastName: 'Mokoena', email: 'naledi@platform.example', password: 'long-enough-pw', secretKey: 'a-long-enough-secret-for-tests' };

  it('creates a Super Admin with the right secret, who must set up two-factor sign-in before any session', async () => {
    const res = await register(t.app, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, token: null, twoFactor: 'enrol', challenge: expect.any(String) });
    expect(sessionCookieOf(res)).toBeUndefined();
    const challenge = res.json().challenge as string;
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/enrolment', headers: { origin: ORIGIN }, payload: { challenge } });
    const { secret } = setup.json() as { secret: string };
    const done = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/enrolment/confirm', headers: { origin: ORIGIN }, payload: { challenge, code: totpAt(secret, currentStep()) } });
    expect(done.json()).toMatchObject({ success: true, recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/)]) });
    const user = await me(sessionCookieOf(done));
    expect(user.json()).toMatchObject({ email: 'naledi@platform.example', role: 'Super Admin', isSuperAdmin: true, organization: null });
  });

  it('refuses a wrong secret with a clear 403 and creates nothing', async () => {
    const res = await register(t.app, { ...valid, email: 'wrong-secret@platform.example', secretKey: 'guess' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Invalid super admin secret key');
    expect(await t.db.selectFrom('users').where('email', '=', 'wrong-secret@platform.example').select('id').executeTakeFirst()).toBeUndefined();
  });

  it('requires every field and a password of at least 8 characters', async () => {
    const res = await register(t.app, { ...valid, email: 'short@platform.example', password: 'short', firstName: '' });
    expect(res.statusCode).toBe(400);
    const text = JSON.stringify(res.json());
    expect(text).toContain('Password must be at least 8 characters long');
    expect(text).toContain('First name is required');
  });

  it('refuses a second account with the same e-mail', async () => {
    const res = await register(t.app, { ...valid, firstName: 'Again' });
    expect(res.statusCode).toBe(409);
  });

  it('is refused with a clear message when SUPER_ADMIN_SECRET is not set', async () => {
    const other = await startTestApp();
    try {
      const res = await register(other.app, valid);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/disabled.*SUPER_ADMIN_SECRET/);
    } finally {
      await other.close();
    }
  });
});
