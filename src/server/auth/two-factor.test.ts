import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, PASSWORD, type TestApp, createOrganization, createUser, sessionCookieOf, signIn, startTestApp } from '../test-support/test-app';
import { currentStep, totpAt } from './totp';

// Two-factor sign-in over real HTTP on both databases: enrolment at /settings, the code step after
// the password, wrong and replayed codes, recovery codes, turning it off, and the organisation rule.

let t: TestApp;
let orgId: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '20', LOGIN_MAX_FAILURES_PER_ADDRESS: '200' });
  orgId = await createOrganization(t.db, 'Ubuntu Clinic');
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const login = (email: string, password = PASSWORD) => post('/api/auth/login', { email, password });

/** A member who enrols at /settings; returns the secret their app holds and the recovery codes. */
async function enrolled(role = 'Doctor') {
  const user = await createUser(t.db, { organizationId: orgId, role });
  const cookie = await signIn(t.app, user.email);
  const setup = await post('/api/account/two-factor/enrolment', { password: PASSWORD }, cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUri, qrSvg } = setup.json() as { secret: string; otpauthUri: string; qrSvg: string };
  expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/CaseBridge:${encodeURIComponent(user.email)}\\?`));
  expect(otpauthUri).toContain(`secret=${secret}`);
  expect(qrSvg).toMatch(/^<svg[^>]*>/);
  const step = currentStep();
  const confirm = await post('/api/account/two-factor/enrolment/confirm', { code: totpAt(secret, step) }, cookie);
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
  return { ...user, cookie, secret, recoveryCodes, usedStep: step };
}

describe('enrolment at /settings', () => {
  it('needs the current password, shows a QR code and secret, and turns on with a code from the app', async () => {
    const user = await createUser(t.db, { organizationId: orgId, role: 'Nurse' });
    const cookie = await signIn(t.app, user.email);
    expect((await get('/api/account/two-factor', cookie)).json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
    const wrongPassword = await post('/api/account/two-factor/enrolment', { password: 'not it' }, cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields).toHaveProperty('password');

    const { secret } = (await post('/api/account/two-factor/enrolment', { password: PASSWORD }, cookie)).json() as { secret: string };
    const wrong = await post('/api/account/two-factor/enrolment/confirm', { code: totpAt(secret, currentStep() + 5) }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect((await get('/api/account/two-factor', cookie)).json()).toMatchObject({ enabled: false });

    const ok = await post('/api/account/two-factor/enrolment/confirm', { code: totpAt(secret, currentStep()) }, cookie);
    expect(ok.json().recoveryCodes).toHaveLength(10);
    expect((await get('/api/account/two-factor', cookie)).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    const stored = await t.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(ok.json().recoveryCodes[0]); // only hashes are kept
  });
});

describe('sign-in with a second factor', () => {
  it('asks for the code after the right password, and signs in with it', async () => {
    const user = await enrolled();
    const first = await login(user.email);
    expect(first.json()).toMatchObject({ success: false, token: null, twoFactor: 'verify', challenge: expect.any(String) });
    expect(sessionCookieOf(first)).toBeUndefined();
    const done = await post('/api/auth/two-factor', { challenge: first.json().challenge, code: totpAt(user.secret, user.usedStep + 1) });
    expect(done.json()).toMatchObject({ success: true });
    expect((await get('/api/auth/user', sessionCookieOf(done)!)).statusCode).toBe(200);
  });

  it('a wrong password never reaches the code step', async () => {
    const user = await enrolled();
    expect((await login(user.email, 'wrong password')).json()).toEqual({ success: false, token: null, message: 'Invalid email or password' });
  });

  it('refuses a wrong code with a 400 and no session; five wrong codes end the step', async () => {
    const user = await enrolled();
    const { challenge } = (await login(user.email)).json() as { challenge: string };
    const wrong = await post('/api/auth/two-factor', { challenge, code: totpAt(user.secret, user.usedStep + 10) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toMatch(/not right/);
    expect(sessionCookieOf(wrong)).toBeUndefined();
    for (let i = 0; i < 4; i++) await post('/api/auth/two-factor', { challenge, code: '000000' });
    const afterFive = await post('/api/auth/two-factor', { challenge, code: totpAt(user.secret, user.usedStep + 1) });
    expect(afterFive.statusCode).toBe(409);
    expect(afterFive.json().message).toMatch(/sign in again/);
  });

  it('refuses a code that was already used (replay)', async () => {
    const user = await enrolled();
    const step = user.usedStep + 1;
    const a = (await login(user.email)).json().challenge;
    expect((await post('/api/auth/two-factor', { challenge: a, code: totpAt(user.secret, step) })).json()).toMatchObject({ success: true });
    const b = (await login(user.email)).json().challenge;
    expect((await post('/api/auth/two-factor', { challenge: b, code: totpAt(user.secret, step) })).statusCode).toBe(400);
    // The enrolment code itself was used too.
    expect((await post('/api/auth/two-factor', { challenge: b, code: totpAt(user.secret, user.usedStep) })).statusCode).toBe(400);
  });

  it('signs in with a recovery code once, in any case and spacing; the second use is refused', async () => {
    const user = await enrolled();
    const code = user.recoveryCodes[0]!;
    const a = (await login(user.email)).json().challenge;
    const done = await post('/api/auth/two-factor', { challenge: a, recoveryCode: ` ${code.toUpperCase().replace('-', ' ')} ` });
    expect(done.json()).toMatchObject({ success: true, message: expect.stringMatching(/9 recovery codes left/) });
    const b = (await login(user.email)).json().challenge;
    const again = await post('/api/auth/two-factor', { challenge: b, recoveryCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toHaveProperty('recoveryCode');
  });

  it('new recovery codes replace the old ones', async () => {
    const user = await enrolled();
    const renewed = await post('/api/account/two-factor/recovery-codes', { password: PASSWORD }, user.cookie);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const a = (await login(user.email)).json().challenge;
    expect((await post('/api/auth/two-factor', { challenge: a, recoveryCode: user.recoveryCodes[1] })).statusCode).toBe(400);
    expect((await post('/api/auth/two-factor', { challenge: a, recoveryCode: fresh[0] })).json()).toMatchObject({ success: true });
  });

  it('records each second step in the audit trail', async () => {
    const user = await enrolled();
    const a = (await login(user.email)).json().challenge;
    await post('/api/auth/two-factor', { challenge: a, code: '000000' });
    await post('/api/auth/two-factor', { challenge: a, code: totpAt(user.secret, user.usedStep + 1) });
    const entries = await t.db.selectFrom('audit_events').select(['action', 'outcome', 'details']).where('user_id', '=', user.id).where('action', 'in', ['sign-in', 'two-factor']).orderBy('seq').execute();
    expect(entries.map((e) => [e.action, e.outcome, JSON.parse(e.details).method ?? JSON.parse(e.details).change])).toEqual([
      ['sign-in', 'success', 'password'],
      ['two-factor', 'success', 'enrolled'],
      ['sign-in', 'failure', 'totp'],
      ['sign-in', 'success', 'totp'],
    ]);
  });
});

describe('turning it off', () => {
  it('needs the password and a code', async () => {
    const user = await enrolled();
    expect((await post('/api/account/two-factor/disable', { password: 'nope', code: totpAt(user.secret, user.usedStep + 1) }, user.cookie)).statusCode).toBe(400);
    const off = await post('/api/account/two-factor/disable', { password: PASSWORD, code: totpAt(user.secret, user.usedStep + 1) }, user.cookie);
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await login(user.email)).json()).toMatchObject({ success: true });
  });
});

describe('required by the organisation', () => {
  it('only an Administrator sets the rule; members without it enrol at their next sign-in and cannot turn it off', async () => {
    const org = await createOrganization(t.db, 'Strict Hospital');
    const admin = await createUser(t.db, { organizationId: org, role: 'Administrator' });
    const nurse = await createUser(t.db, { organizationId: org, role: 'Nurse' });
    const adminCookie = await signIn(t.app, admin.email);
    const nurseCookie = await signIn(t.app, nurse.email);
    expect((await t.app.inject({ method: 'PUT', url: '/api/organization/security', headers: { origin: ORIGIN, cookie: nurseCookie }, payload: { requireTwoFactor: true } })).statusCode).toBe(403);
    const on = await t.app.inject({ method: 'PUT', url: '/api/organization/security', headers: { origin: ORIGIN, cookie: adminCookie }, payload: { requireTwoFactor: true } });
    expect(on.json()).toEqual({ requireTwoFactor: true, membersWithoutTwoFactor: 2 });
    // Nobody is signed out by the rule itself.
    expect((await get('/api/auth/user', nurseCookie)).statusCode).toBe(200);

    const next = await login(nurse.email);
    expect(next.json()).toMatchObject({ success: false, twoFactor: 'enrol' });
    const challenge = next.json().challenge as string;
    expect((await post('/api/auth/two-factor/enrolment/confirm', { challenge, code: '123456' })).statusCode).toBe(409); // no QR code yet
    const { secret } = (await post('/api/auth/two-factor/enrolment', { challenge })).json() as { secret: string };
    const step = currentStep();
    const done = await post('/api/auth/two-factor/enrolment/confirm', { challenge, code: totpAt(secret, step) });
    expect(done.json()).toMatchObject({ success: true, recoveryCodes: expect.any(Array) });
    const cookie = sessionCookieOf(done)!;
    expect((await get('/api/account/two-factor', cookie)).json()).toMatchObject({ enabled: true, required: true });
    const off = await post('/api/account/two-factor/disable', { password: PASSWORD, code: totpAt(secret, step + 1) }, cookie);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('Your organisation requires two-factor sign-in.');
    expect((await get(`/api/organization/security`, adminCookie)).json()).toEqual({ requireTwoFactor: true, membersWithoutTwoFactor: 1 });
  });

  it('a Super Admin must enrol at first sign-in and cannot turn it off', async () => {
    const root = await createUser(t.db, { superAdmin: true });
    expect((await login(root.email)).json()).toMatchObject({ twoFactor: 'enrol' });
    const cookie = await signIn(t.app, root.email); // enrols, as the person would
    expect((await get('/api/account/two-factor', cookie)).json()).toMatchObject({ enabled: true, required: true });
    expect((await login(root.email)).json()).toMatchObject({ twoFactor: 'verify' });
  });

  it('an expired or unknown step answers 409 and signs nobody in', async () => {
    const res = await post('/api/auth/two-factor', { challenge: 'a'.repeat(32), code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(sessionCookieOf(res)).toBeUndefined();
  });
});
