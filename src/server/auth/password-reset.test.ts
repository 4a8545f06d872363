import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORIGIN, PASSWORD, type TestApp, createOrganization, createUser, nextTotpCode, rememberAuthenticator, sessionCookieOf, signIn, startTestApp } from '../test-support/test-app';
import { currentStep, totpAt } from './totp';

// Issue 16, password reset over real HTTP on both databases: /forgot-password answers alike for every
// address; the e-mailed link carries a single-use token (only its SHA-256 stored) valid 30 minutes;
// using it sets the password, ends every session, is audited and signs nobody in (two-factor is still
// asked at the next sign-in); an Administrator sends links to their own members only, a Super Admin
// to anyone.

const NEW_PASSWORD = 'river-lantern-okapi';
const ANSWER = {
  success: true,
  message: 'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, for 30 minutes.',
};

let t: TestApp;
let orgA: string;
let orgB: string;
let adminA: string;
let nurseA: string;
let superAdmin: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://cases.example.org', LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', LOGIN_MAX_FAILURES_PER_ADDRESS: '500' });
  orgA = await createOrganization(t.db, 'Amahle Hospital');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  adminA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Administrator', firstName: 'Lerato' })).email);
  nurseA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Nurse' })).email);
  superAdmin = await signIn(t.app, (await createUser(t.db, { superAdmin: true })).email);
});
afterAll(() => t.close());
// Each test starts with the reset requests of earlier tests forgotten (they all come from one address).
beforeEach(async () => {
  await t.db.deleteFrom('login_throttle').where('key', 'like', 'password-reset:%').execute();
});
afterEach(() => vi.useRealTimers());

const post = (url: string, payload: object, cookie?: string, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload, ...(remoteAddress ? { remoteAddress } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const requestReset = (email: string, remoteAddress?: string) => post('/api/auth/password-reset', { email }, undefined, remoteAddress);
const confirm = (token: string, password = NEW_PASSWORD) => post('/api/auth/password-reset/confirm', { token, password });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

function fieldsOf(res: LightMyRequestResponse): Record<string, string> {
  return (res.json() as { fields?: Record<string, string> }).fields ?? {};
}

const mailsTo = (email: string) =>
  t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).where('kind', '=', 'password-reset').orderBy('created_at', 'desc').execute();

/** The token of the newest reset e-mail to that address, read from the outbox as its owner would read the mail. */
async function tokenMailedTo(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  expect(mail, `a reset e-mail to ${email}`).toBeDefined();
  const match = /https:\/\/cases\.example\.org\/reset-password\?token=([a-z2-7]+)/.exec(mail!.text_body);
  expect(match, mail!.text_body).not.toBeNull();
  return match![1]!;
}

const member = (organizationId = orgA, role = 'Doctor') => createUser(t.db, { organizationId, role });

describe('asking for a link at /forgot-password', () => {
  it('answers the same status and body for an account, an unknown address and a deactivated account; only the account gets a mail', async () => {
    const user = await member();
    const gone = await member();
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.id).execute();

    const known = await requestReset(user.email.toUpperCase());
    const unknown = await requestReset('nobody.here@example.org');
    const deactivated = await requestReset(gone.email);
    for (const res of [known, unknown, deactivated]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(ANSWER);
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await mailsTo('nobody.here@example.org')).toHaveLength(0);
    expect(await mailsTo(gone.email)).toHaveLength(0);
  });

  it('mails a link of at least 128 random bits, stores only its SHA-256, and the link expires 30 minutes later', async () => {
    const user = await member();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00.000Z'));
    await requestReset(user.email);
    vi.useRealTimers();
    const token = await tokenMailedTo(user.email);
    expect(token.length * 5).toBeGreaterThanOrEqual(128); // base32: 5 bits a character

    const rows = await t.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expires_at).toBe('2026-11-25T10:30:00.000Z');
    const [mail] = await mailsTo(user.email);
    expect(mail!.text_body).toContain('12:30'); // 10:30 UTC is 12:30 in South Africa
  });

  it('refuses a flood: at most 5 requests per e-mail address an hour, known or not, and 20 per client address', async () => {
    const user = await member();
    for (const email of [user.email, 'never.registered@example.org']) {
      for (let i = 0; i < 5; i += 1) expect((await requestReset(email)).statusCode).toBe(200);
      const sixth = await requestReset(email);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toMatch(/Too many password reset requests/);
    }
    expect(await mailsTo(user.email)).toHaveLength(5);

    for (let i = 0; i < 20; i += 1) expect((await requestReset(`someone-${i}@example.org`, '10.9.8.7')).statusCode).toBe(200);
    expect((await requestReset('someone-else@example.org', '10.9.8.7')).statusCode).toBe(429);
    expect((await requestReset('someone-else@example.org', '10.9.8.8')).statusCode).toBe(200);
  });
});

describe('choosing a new password with the link', () => {
  it('sets the password, ends every session of the account, signs nobody in, and is audited', async () => {
    const user = await member();
    const first = await signIn(t.app, user.email);
    const second = await signIn(t.app, user.email);
    await requestReset(user.email);
    const token = await tokenMailedTo(user.email);

    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true, message: 'Your password has been changed. Sign in with your new password.' });
    expect(sessionCookieOf(done)).toBeUndefined();

    expect((await get('/api/auth/user', first)).statusCode).toBe(401);
    expect((await get('/api/auth/user', second)).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).json()).toMatchObject({ success: false });
    expect((await login(user.email, NEW_PASSWORD)).json()).toMatchObject({ success: true });

    const audit = await t.db.selectFrom('audit_events').selectAll().where('entity_id', '=', user.id).where('action', '=', 'password-reset').orderBy('seq').execute();
    expect(audit.map((e) => [e.outcome, JSON.parse(e.details).step])).toEqual([['success', 'requested'], ['success', 'completed']]);
    expect(audit[1]!.user_id).toBe(user.id);
  });

  it('works once: a used link answers 400 naming the token and changes nothing', async () => {
    const user = await member();
    await requestReset(user.email);
    const token = await tokenMailedTo(user.email);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token, 'another-fine-passphrase');
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again)).toHaveProperty('token');
    expect((await login(user.email, NEW_PASSWORD)).json()).toMatchObject({ success: true });
  });

  it('answers 400 naming the token for an unknown or malformed token', async () => {
    for (const token of ['a'.repeat(32), 'not a token', 'A'.repeat(32)]) {
      const res = await confirm(token);
      expect(res.statusCode, token).toBe(400);
      expect(fieldsOf(res)).toHaveProperty('token');
    }
  });

  it('expires 30 minutes after it was sent', async () => {
    const early = await member();
    const late = await member();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T08:00:00.000Z'));
    await requestReset(early.email);
    await requestReset(late.email);

    vi.setSystemTime(new Date('2026-11-25T08:29:59.000Z'));
    expect((await confirm(await tokenMailedTo(early.email))).statusCode).toBe(200);

    vi.setSystemTime(new Date('2026-11-25T08:30:00.000Z'));
    const expired = await confirm(await tokenMailedTo(late.email));
    expect(expired.statusCode).toBe(400);
    expect(fieldsOf(expired)).toHaveProperty('token');
    vi.useRealTimers();
    expect((await login(late.email, PASSWORD)).json()).toMatchObject({ success: true });
  });

  it('a newer link replaces an older unused one', async () => {
    const user = await member();
    await requestReset(user.email);
    const older = await tokenMailedTo(user.email);
    await requestReset(user.email);
    const newer = await tokenMailedTo(user.email);
    expect(newer).not.toBe(older);
    const stale = await confirm(older);
    expect(stale.statusCode).toBe(400);
    expect(fieldsOf(stale)).toHaveProperty('token');
    expect((await confirm(newer)).statusCode).toBe(200);
  });

  it('still asks for the second factor after a reset', async () => {
    const user = await member(orgA, 'Nurse');
    const cookie = await signIn(t.app, user.email);
    const setup = await post('/api/account/two-factor/enrolment', { password: PASSWORD }, cookie);
    const { secret } = setup.json() as { secret: string };
    const step = currentStep();
    expect((await post('/api/account/two-factor/enrolment/confirm', { code: totpAt(secret, step) }, cookie)).statusCode).toBe(200);
    rememberAuthenticator(user.email, secret, step);

    // A password step taken before the reset must not finish afterwards.
    const before = await login(user.email, PASSWORD);
    expect(before.json()).toMatchObject({ twoFactor: 'verify' });

    await requestReset(user.email);
    expect((await confirm(await tokenMailedTo(user.email))).statusCode).toBe(200);
    const stale = await post('/api/auth/two-factor', { challenge: before.json().challenge, code: totpAt(secret, step + 1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This sign-in has expired. Please sign in again.');
    expect(sessionCookieOf(stale)).toBeUndefined();

    const after = await login(user.email, NEW_PASSWORD);
    expect(after.json()).toMatchObject({ success: false, token: null, twoFactor: 'verify' });
    expect(sessionCookieOf(after)).toBeUndefined();
    const done = await post('/api/auth/two-factor', { challenge: after.json().challenge, code: await nextTotpCode(user.email) });
    expect(done.json()).toMatchObject({ success: true });
  });

  it('lifts the sign-in lock of the account (the owner may have reset because of it)', async () => {
    const user = await member();
    for (let i = 0; i < 5; i += 1) await login(user.email, 'wrong password!');
    expect((await login(user.email, PASSWORD)).statusCode).toBe(429);
    await requestReset(user.email);
    expect((await confirm(await tokenMailedTo(user.email))).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).json()).toMatchObject({ success: true });
  });
});

describe('an Administrator sending a link from /users', () => {
  it('sends one to a member of their own organisation, and the link works', async () => {
    const user = await member();
    const res = await post(`/api/users/${user.id}/password-reset`, {}, adminA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userId: user.id, email: user.email, mail: { status: 'stored' } });
    const [mail] = await mailsTo(user.email);
    expect(mail!.organization_id).toBe(orgA);
    expect(mail!.text_body).toContain('Lerato Nkosi of Amahle Hospital sent you a link');
    expect((await confirm(await tokenMailedTo(user.email))).statusCode).toBe(200);
  });

  it('does not find a member of another organisation (404) and sends nothing', async () => {
    const other = await member(orgB);
    const res = await post(`/api/users/${other.id}/password-reset`, {}, adminA);
    expect(res.statusCode).toBe(404);
    expect(await mailsTo(other.email)).toHaveLength(0);
    const bySystemPath = await post('/api/system/password-reset', { email: other.email }, adminA);
    expect(bySystemPath.statusCode).toBe(403);
    expect(await mailsTo(other.email)).toHaveLength(0);
  });

  it('is refused to a member without users.manage (403)', async () => {
    const user = await member();
    expect((await post(`/api/users/${user.id}/password-reset`, {}, nurseA)).statusCode).toBe(403);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('refuses a deactivated member (409): reactivate first', async () => {
    const user = await member();
    await t.db.updateTable('memberships').set({ status: 'inactive' }).where('user_id', '=', user.id).execute();
    expect((await post(`/api/users/${user.id}/password-reset`, {}, adminA)).statusCode).toBe(409);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('is audited as a password reset of that member', async () => {
    const user = await member();
    expect((await post(`/api/users/${user.id}/password-reset`, {}, adminA)).statusCode).toBe(200);
    const entry = await t.db.selectFrom('audit_events').selectAll().where('entity_id', '=', user.id).where('action', '=', 'password-reset').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ organization_id: orgA, entity_type: 'user', outcome: 'success' });
  });
});

describe('the Super Admin sending a link', () => {
  it('reaches a member of any organisation, by id and by e-mail address', async () => {
    const inB = await member(orgB);
    const byId = await post(`/api/users/${inB.id}/password-reset`, {}, superAdmin);
    expect(byId.statusCode, byId.body).toBe(200);
    const inA = await member(orgA);
    const byEmail = await post('/api/system/password-reset', { email: inA.email.toUpperCase() }, superAdmin);
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json()).toMatchObject({ userId: inA.id, email: inA.email });
    expect(await mailsTo(inB.email)).toHaveLength(1);
    expect(await mailsTo(inA.email)).toHaveLength(1);
    expect((await confirm(await tokenMailedTo(inA.email))).statusCode).toBe(200);
  });

  it('answers 404 naming the e-mail for an address no account uses', async () => {
    const res = await post('/api/system/password-reset', { email: 'ghost@example.org' }, superAdmin);
    expect(res.statusCode).toBe(404);
  });
});

describe('the REST documentation', () => {
  it('documents the new paths in /api/openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [['/auth/password-reset', 'post'], ['/auth/password-reset/confirm', 'post'], ['/users/{userId}/password-reset', 'post'], ['/system/password-reset', 'post']] as const) {
      expect(doc.paths[path], path).toHaveProperty(method);
    }
  });
});
