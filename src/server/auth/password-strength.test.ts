import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, PASSWORD, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../test-support/test-app';

// Issue 16, weak passwords: "password", "12345678" and eight spaces were accepted wherever a password
// is set. Each path that sets one — invitation acceptance (new account), password change, Super Admin
// registration, password reset — now refuses whitespace-only passwords and the common-password list
// (compared case-insensitively and trimmed), with a 400 naming the password field, and writes nothing.

const SECRET = 'a-long-enough-secret-for-tests';
const TOO_COMMON = /too common/;

let t: TestApp;
let orgId: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://cases.example.org', SUPER_ADMIN_SECRET: SECRET });
  orgId = await createOrganization(t.db, 'Sizwe Clinic');
  admin = await signIn(t.app, (await createUser(t.db, { organizationId: orgId, role: 'Administrator' })).email);
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });

/** The field messages of a refusal (the one error body, errors.ts). */
function fieldsOf(res: LightMyRequestResponse): Record<string, string> {
  return (res.json() as { fields?: Record<string, string> }).fields ?? {};
}

/** Common passwords from the list, as people type them: mixed case, with stray spaces. */
const COMMON = ['password', '12345678', 'PassWord', '  qwerty123 ', 'iloveyou'];
const BLANK = ' '.repeat(8);

async function linkTokenMailedTo(email: string, path: 'accept-invitation' | 'reset-password'): Promise<string> {
  const mail = await t.db.selectFrom('email_outbox').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const match = new RegExp(`https://cases\\.example\\.org/${path}\\?token=([a-z2-7]{32})`).exec(mail.text_body);
  expect(match, mail.text_body).not.toBeNull();
  return match![1]!;
}

const userCount = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

function expectRefused(res: LightMyRequestResponse, field: string, message: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  expect(fieldsOf(res)[field]).toMatch(message);
}

describe('invitation acceptance with a new account', () => {
  it('refuses common and whitespace-only passwords, creates nobody, and accepts a good one', async () => {
    const email = 'new.nurse@sizwe.example';
    expect((await post('/api/users/invitations', { email, role: 'Nurse' }, admin)).statusCode).toBe(200);
    const token = await linkTokenMailedTo(email, 'accept-invitation');
    const before = await userCount();
    for (const password of COMMON) {
      expectRefused(await post('/api/invitations/accept', { token, firstName: 'Ayanda', lastName: 'Zulu', password }), 'password', TOO_COMMON);
    }
    expectRefused(await post('/api/invitations/accept', { token, firstName: 'Ayanda', lastName: 'Zulu', password: BLANK }), 'password', /only spaces/);
    expect(await userCount()).toBe(before);
    const ok = await post('/api/invitations/accept', { token, firstName: 'Ayanda', lastName: 'Zulu', password: 'river-lantern-okapi' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('password change at /settings', () => {
  it('refuses common and whitespace-only new passwords on the newPassword field; the old password keeps working', async () => {
    const user = await createUser(t.db, { organizationId: orgId, role: 'Doctor' });
    const cookie = await signIn(t.app, user.email);
    for (const newPassword of [...COMMON, BLANK]) {
      expectRefused(await post('/api/account/password', { currentPassword: PASSWORD, newPassword }, cookie), 'newPassword', newPassword === BLANK ? /only spaces/ : TOO_COMMON);
    }
    expect((await post('/api/auth/login', { email: user.email, password: PASSWORD })).json()).toMatchObject({ success: true });
    // The seeded demo password and the tests' own are not on the list.
    const ok = await post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'demo-pass-2026' }, cookie);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('Super Admin registration', () => {
  it('refuses common and whitespace-only passwords and creates no account', async () => {
    const before = await userCount();
    for (const password of [...COMMON, BLANK]) {
      const res = await post('/api/auth/register-superuser', { firstName: 'Naledi', lastName: 'Mokoena', email: 'naledi@platform.example', password, secretKey: SECRET });
      expectRefused(res, 'password', password === BLANK ? /only spaces/ : TOO_COMMON);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('password reset', () => {
  it('refuses common and whitespace-only passwords, and the link still works for a good one', async () => {
    const user = await createUser(t.db, { organizationId: orgId, role: 'Nurse' });
    expect((await post('/api/auth/password-reset', { email: user.email })).statusCode).toBe(200);
    const token = await linkTokenMailedTo(user.email, 'reset-password');
    for (const password of [...COMMON, BLANK]) {
      expectRefused(await post('/api/auth/password-reset/confirm', { token, password }), 'password', password === BLANK ? /only spaces/ : TOO_COMMON);
    }
    expect((await post('/api/auth/login', { email: user.email, password: PASSWORD })).json()).toMatchObject({ success: true });
    const ok = await post('/api/auth/password-reset/confirm', { token, password: 'river-lantern-okapi' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the browser bundle', () => {
  it('never imports the common-password list: only the server checks it', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
      });
    const clientSide = [...files('src/client'), ...files('src/shared')];
    expect(clientSide.length).toBeGreaterThan(50);
    expect(clientSide.filter((file) => readFileSync(file, 'utf8').includes('@zxcvbn-ts'))).toEqual([]);
  });
});
