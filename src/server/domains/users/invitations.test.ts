import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes, nowIso } from '../../../../db/time';
import { currentStep, newTotpSecret, totpAt } from '../../auth/totp';
import { ORIGIN, PASSWORD, type TestApp, createOrganization, createUser, sessionCookieOf, signIn, startTestApp } from '../../test-support/test-app';

// Invitations through real HTTP: invite → outbox mail with the link → preview → accept → signed in;
// the trial's seat limit (pending invitations count); tokens that are revoked, expired or used.

let t: TestApp;
let orgA: string;
let orgB: string;
let adminA: string;
let adminB: string;
let nurseA: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://cases.example.org' });
  orgA = await createOrganization(t.db, 'Amahle Hospital');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  adminA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Administrator', email: 'lerato@amahle.example', firstName: 'Lerato' })).email);
  nurseA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Nurse' })).email);
  adminB = await signIn(t.app, (await createUser(t.db, { organizationId: orgB, role: 'Administrator' })).email);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

async function invite(email: string, role = 'Nurse', cookie = adminA, extra: object = {}) {
  return api('POST', '/api/users/invitations', cookie, { email, role, ...extra });
}

/** The token of the latest invitation e-mail to that address, read from the outbox as a person would read the mail. */
async function tokenMailedTo(email: string): Promise<string> {
  const mail = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const match = /https:\/\/cases\.example\.org\/accept-invitation\?token=([a-z2-7]{32})/.exec(mail.text_body);
  expect(match, mail.text_body).not.toBeNull();
  return match![1]!;
}

const count = async (table: 'users' | 'memberships' | 'invitations' | 'email_outbox') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('invite and accept', () => {
  it('queues an invitation e-mail with the link, stores only the token hash, and lists it as pending', async () => {
    const res = await invite('Thabo@Example.org', 'Doctor', adminA, { firstName: 'Thabo', lastName: 'Mbeki' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.invitation).toMatchObject({ email: 'thabo@example.org', role: 'Doctor', state: 'pending', firstName: 'Thabo', invitedByName: 'Lerato Nkosi' });
    expect(body.mail.status).toBe('stored'); // no SMTP configured: kept for /system-settings

    const mail = await t.db.selectFrom('email_outbox').selectAll().where('id', '=', body.mail.id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'invitation', organization_id: orgA, to_address: 'thabo@example.org', subject: "You're invited to Amahle Hospital on CaseBridge" });
    expect(mail.text_body).toContain('Lerato Nkosi has invited you to join Amahle Hospital on CaseBridge as Doctor.');
    const token = await tokenMailedTo('thabo@example.org');
    const stored = await t.db.selectFrom('invitations').select('token_hash').where('id', '=', body.invitation.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await api('GET', '/api/users/invitations', adminA);
    expect(list.json().map((i: { email: string; state: string }) => [i.email, i.state])).toContainEqual(['thabo@example.org', 'pending']);
  });

  it('previews the invitation, accepts it with a new account, signs in, and the password works at /login', async () => {
    const token = await tokenMailedTo('thabo@example.org');
    const preview = await api('GET', `/api/invitations/preview?token=${token}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ organizationName: 'Amahle Hospital', email: 'thabo@example.org', role: 'Doctor', firstName: 'Thabo', accountExists: false });

    const missingNames = await api('POST', '/api/invitations/accept', undefined, { token, password: 'a new password' });
    expect(missingNames.statusCode).toBe(400);
    expect(missingNames.json().fields).toHaveProperty('firstName');
    const short = await api('POST', '/api/invitations/accept', undefined, { token, firstName: 'Thabo', lastName: 'Mbeki', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('password');

    const accepted = await api('POST', '/api/invitations/accept', undefined, { token, firstName: 'Thabo', lastName: 'Mbeki', password: 'a new password' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, message: 'Welcome to Amahle Hospital' });
    const cookie = sessionCookieOf(accepted)!;
    const me = await api('GET', '/api/auth/user', cookie);
    expect(me.json()).toMatchObject({ email: 'thabo@example.org', firstName: 'Thabo', role: 'Doctor', organization: { id: orgA } });

    await signIn(t.app, 'thabo@example.org', 'a new password');
    const list = (await api('GET', '/api/users/invitations', adminA)).json() as { email: string; state: string; acceptedAt: string | null }[];
    expect(list.find((i) => i.email === 'thabo@example.org')).toMatchObject({ state: 'accepted', acceptedAt: expect.any(String) });
  });

  it('refuses a used, a revoked, an expired and an unknown token with a clear message', async () => {
    const used = await api('GET', `/api/invitations/preview?token=${await tokenMailedTo('thabo@example.org')}`);
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toMatch(/already been used/);

    const revokedId = (await invite('revoked@example.org')).json().invitation.id;
    const revokedToken = await tokenMailedTo('revoked@example.org');
    expect((await api('POST', `/api/users/invitations/${revokedId}/revoke`, adminA)).json()).toMatchObject({ state: 'revoked' });
    const revoked = await api('POST', '/api/invitations/accept', undefined, { token: revokedToken, firstName: 'R', lastName: 'V', password: 'a new password' });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json().message).toMatch(/withdrawn/);

    const expiredId = (await invite('expired@example.org')).json().invitation.id;
    const expiredToken = await tokenMailedTo('expired@example.org');
    await t.db.updateTable('invitations').set({ expires_at: addMinutes(nowIso(), -1) }).where('id', '=', expiredId).execute();
    const expired = await api('GET', `/api/invitations/preview?token=${expiredToken}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This invitation has expired. Ask your administrator to send a new one.');

    const unknown = await api('GET', `/api/invitations/preview?token=${'a'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect((await api('GET', '/api/invitations/preview?token=not-a-token')).statusCode).toBe(404);
    expect(await count('users')).toBe(4);
  });

  it('resend gives a new link and the old one stops working', async () => {
    const id = (await invite('resend@example.org', 'Nurse')).json().invitation.id;
    const oldToken = await tokenMailedTo('resend@example.org');
    const res = await api('POST', `/api/users/invitations/${id}/resend`, adminA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invitation).toMatchObject({ id, state: 'pending' });
    const newToken = await tokenMailedTo('resend@example.org');
    expect(newToken).not.toBe(oldToken);
    expect((await api('GET', `/api/invitations/preview?token=${oldToken}`)).statusCode).toBe(404);
    expect((await api('GET', `/api/invitations/preview?token=${newToken}`)).statusCode).toBe(200);
  });

  it('refuses to invite an existing member or an address with a pending invitation', async () => {
    const member = await invite('lerato@amahle.example');
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toMatch(/already a member/);
    const pending = await invite('resend@example.org');
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/pending invitation.*Resend/);
    const bad = await invite('not-an-email', 'Wizard');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['email', 'role']);
  });

  it('an existing account accepts with its current password (wrong ones are throttled) and gains the membership', async () => {
    const existing = await createUser(t.db, { organizationId: orgB, role: 'Nurse', email: 'sipho@bongani.example', firstName: 'Sipho' });
    await invite(existing.email, 'Case Manager');
    const token = await tokenMailedTo(existing.email);
    expect((await api('GET', `/api/invitations/preview?token=${token}`)).json()).toMatchObject({ accountExists: true });

    const wrong = await api('POST', '/api/invitations/accept', undefined, { token, password: 'wrong password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('password');
    const throttle = await t.db.selectFrom('login_throttle').select('failures').where('key', '=', `account:${existing.email}`).executeTakeFirst();
    expect(throttle?.failures).toBe(1);

    const ok = await api('POST', '/api/invitations/accept', undefined, { token, password: PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    const me = await api('GET', '/api/auth/user', sessionCookieOf(ok)!);
    expect(me.json()).toMatchObject({ id: existing.id, firstName: 'Sipho', role: 'Case Manager', organization: { id: orgA } });
    const memberships = await t.db.selectFrom('memberships').select(['organization_id', 'role']).where('user_id', '=', existing.id).orderBy('role').execute();
    expect(memberships).toEqual([{ organization_id: orgA, role: 'Case Manager' }, { organization_id: orgB, role: 'Nurse' }]);
  });

  it('an account with two-factor sign-in gets the code step, not a session, after the right password (issue 16)', async () => {
    const existing = await createUser(t.db, { organizationId: orgB, role: 'Doctor', email: 'zanele@bongani.example', firstName: 'Zanele' });
    const secret = newTotpSecret();
    await t.db.updateTable('users').set({ totp_secret: secret, totp_enabled_at: nowIso() }).where('id', '=', existing.id).execute();
    await invite(existing.email, 'Doctor');
    const token = await tokenMailedTo(existing.email);

    const accepted = await api('POST', '/api/invitations/accept', undefined, { token, password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ success: false, token: null, twoFactor: 'verify' });
    expect(sessionCookieOf(accepted)).toBeUndefined();

    const code = await api('POST', '/api/auth/two-factor', undefined, { challenge: accepted.json().challenge, code: totpAt(secret, currentStep()) });
    expect(code.statusCode, code.body).toBe(200);
    const me = await api('GET', '/api/auth/user', sessionCookieOf(code)!);
    expect(me.json()).toMatchObject({ id: existing.id, organization: { id: orgA } });
  });

  it('a new account in an organisation that requires two-factor sign-in sets it up before any session', async () => {
    await t.db.updateTable('organizations').set({ require_two_factor: 1 }).where('id', '=', orgA).execute();
    try {
      await invite('ayanda@example.org', 'Nurse');
      const token = await tokenMailedTo('ayanda@example.org');
      const accepted = await api('POST', '/api/invitations/accept', undefined, { token, password: 'a long new password', firstName: 'Ayanda', lastName: 'Zulu' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toMatchObject({ success: false, twoFactor: 'enrol' });
      expect(sessionCookieOf(accepted)).toBeUndefined();
    } finally {
      await t.db.updateTable('organizations').set({ require_two_factor: 0 }).where('id', '=', orgA).execute();
    }
  });
});

describe('scope and permissions', () => {
  it("another organisation's invitation ids are not found, and writes nothing", async () => {
    const id = (await invite('bongani-only@example.org', 'Nurse', adminB)).json().invitation.id;
    expect((await api('POST', `/api/users/invitations/${id}/revoke`, adminA)).statusCode).toBe(404);
    expect((await api('POST', `/api/users/invitations/${id}/resend`, adminA)).statusCode).toBe(404);
    const list = (await api('GET', '/api/users/invitations', adminA)).json() as { email: string }[];
    expect(list.some((i) => i.email === 'bongani-only@example.org')).toBe(false);
    const row = await t.db.selectFrom('invitations').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('only Administrators manage invitations; strangers get 401', async () => {
    expect((await invite('x@example.org', 'Nurse', nurseA)).statusCode).toBe(403);
    expect((await api('GET', '/api/users/invitations', nurseA)).statusCode).toBe(403);
    expect((await api('GET', '/api/users/invitations')).statusCode).toBe(401);
  });
});

describe('the seat limit of a trial (10 users)', () => {
  it('counts active members and pending invitations, says so clearly, and frees seats on revoke', async () => {
    const trial = await createOrganization(t.db, 'Trial Clinic');
    await t.db.updateTable('organizations').set({ plan: 'trial', max_users: 10 }).where('id', '=', trial).execute();
    const admin = await signIn(t.app, (await createUser(t.db, { organizationId: trial, role: 'Administrator' })).email);
    for (let i = 0; i < 5; i++) await createUser(t.db, { organizationId: trial, role: 'Nurse' });
    // 6 members; a deactivated one holds no seat.
    const gone = await createUser(t.db, { organizationId: trial, role: 'Nurse' });
    await t.db.updateTable('memberships').set({ status: 'inactive' }).where('user_id', '=', gone.id).execute();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await invite(`seat${i}@trial.example`, 'Nurse', admin);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().invitation.id);
    }
    expect((await api('GET', '/api/users/seats', admin)).json()).toEqual({ used: 10, maxUsers: 10, plan: 'trial' });

    const before = await count('invitations');
    const full = await invite('eleventh@trial.example', 'Nurse', admin);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Your trial allows at most 10 users. Deactivate a member or revoke an invitation to invite someone else.');
    expect(await count('invitations')).toBe(before);

    // Reactivating a member needs a seat too.
    const reactivate = await api('POST', `/api/users/${gone.id}/reactivate`, admin);
    expect(reactivate.statusCode).toBe(409);

    // An expired invitation frees its seat; resending it takes one again, so it needs a free one.
    await t.db.updateTable('invitations').set({ expires_at: addMinutes(nowIso(), -1) }).where('id', '=', ids[0]!).execute();
    expect((await invite('eleventh@trial.example', 'Nurse', admin)).statusCode).toBe(200);
    expect((await api('POST', `/api/users/invitations/${ids[0]}/resend`, admin)).statusCode).toBe(409);

    await api('POST', `/api/users/invitations/${ids[1]}/revoke`, admin);
    expect((await api('GET', '/api/users/seats', admin)).json()).toMatchObject({ used: 9 });

    // Accepting a pending invitation uses its own seat: still allowed at the limit.
    expect((await invite('twelfth@trial.example', 'Nurse', admin)).statusCode).toBe(200);
    const token = await tokenMailedTo('seat2@trial.example');
    const accepted = await api('POST', '/api/invitations/accept', undefined, { token, firstName: 'Seat', lastName: 'Two', password: 'a new password' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await api('GET', '/api/users/seats', admin)).json()).toMatchObject({ used: 10 });
  });
});
