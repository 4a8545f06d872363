import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, PASSWORD, type TestApp, createOrganization, createUser, sessionCookieOf, signIn, startTestApp } from '../../test-support/test-app';
import { type SmtpSink, startSmtpSink } from '../../test-support/smtp-sink';

// Issue 32 (decision 0057): on an install without a mail server, an Administrator's "Reset password",
// "Invite" and "Resend" answer the link itself ({link, expiresAt}) for them to pass on, and the audit
// entry says a link was shown; with a mail server they answer {sent: true} and show no link. Through
// real HTTP, and each link is used the way the colleague would: a new password, then a sign-in.

type Api = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) => Promise<LightMyRequestResponse>;
const apiOf = (t: TestApp): Api => (method, url, cookie, payload) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

const NEW_PASSWORD = 'copper-kettle-on-the-stove';

/** The audit entries of one kind by the actor, newest first, as the trail stores them. */
async function auditEntries(t: TestApp, userId: string, action: string) {
  const rows = await t.db
    .selectFrom('audit_events')
    .select(['entity_id', 'details', 'outcome'])
    .where('user_id', '=', userId)
    .where('action', '=', action)
    .orderBy('seq', 'desc')
    .execute();
  return rows.map((r) => ({ entityId: r.entity_id, outcome: r.outcome, raw: r.details, details: JSON.parse(r.details) as Record<string, unknown> }));
}

describe('without a mail server', () => {
  let t: TestApp;
  let api: Api;
  let orgA: string;
  let admin: { id: string; cookie: string };
  let colleague: { id: string; email: string };
  let otherOrgMember: string;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://cases.example.org' });
    api = apiOf(t);
    orgA = await createOrganization(t.db, 'Amahle Clinic');
    const orgB = await createOrganization(t.db, 'Bongani Clinic');
    const a = await createUser(t.db, { organizationId: orgA, role: 'Administrator', firstName: 'Lerato' });
    admin = { id: a.id, cookie: await signIn(t.app, a.email) };
    colleague = await createUser(t.db, { organizationId: orgA, role: 'Clinical Staff', firstName: 'Thandi' });
    otherOrgMember = (await createUser(t.db, { organizationId: orgB, role: 'Nurse' })).id;
  });
  afterAll(() => t.close());

  it('tells the signed-in client that there is no mail server', async () => {
    const me = await api('GET', '/api/auth/user', admin.cookie);
    expect(me.json()).toMatchObject({ mailServer: false });
  });

  it('answers a password reset with the link and its expiry; the colleague sets a new password with it and signs in', async () => {
    const before = Date.now();
    const res = await api('POST', `/api/users/${colleague.id}/password-reset`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { link: string; expiresAt: string; sent: boolean };
    expect(body.sent).toBe(false);
    expect(body.link).toMatch(/^https:\/\/cases\.example\.org\/reset-password\?token=[a-z2-7]{32}$/);
    // The link works for 30 minutes (PASSWORD_RESET_LIFETIME_MINUTES).
    const lifetime = Date.parse(body.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000 + 5_000);

    const token = new URL(body.link).searchParams.get('token')!;
    const confirm = await api('POST', '/api/auth/password-reset/confirm', undefined, { token, password: NEW_PASSWORD });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const oldPassword = await api('POST', '/api/auth/login', undefined, { email: colleague.email, password: PASSWORD });
    expect(oldPassword.json()).toMatchObject({ success: false });
    await signIn(t.app, colleague.email, NEW_PASSWORD);
  });

  it('records that the link was shown to the Administrator, without the link itself', async () => {
    const res = await api('POST', `/api/users/${colleague.id}/password-reset`, admin.cookie);
    const { link } = res.json() as { link: string };
    const [entry] = await auditEntries(t, admin.id, 'password-reset');
    expect(entry).toMatchObject({ entityId: colleague.id, outcome: 'success', details: { delivery: 'link-shown' } });
    expect(entry!.raw).not.toContain(new URL(link).searchParams.get('token'));
  });

  it("still refuses another organisation's member (404), showing no link", async () => {
    const res = await api('POST', `/api/users/${otherOrgMember}/password-reset`, admin.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('token=');
  });

  it('answers an invitation with its link; the invitee accepts with it and is signed in', async () => {
    const res = await api('POST', '/api/users/invitations', admin.cookie, { email: 'sipho@amahle.example', role: 'Nurse' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { link: string; expiresAt: string; sent: boolean; invitation: { id: string; expiresAt: string } };
    expect(body.sent).toBe(false);
    expect(body.link).toMatch(/^https:\/\/cases\.example\.org\/accept-invitation\?token=[a-z2-7]{32}$/);
    expect(body.expiresAt).toBe(body.invitation.expiresAt);
    const [entry] = await auditEntries(t, admin.id, 'create');
    expect(entry).toMatchObject({ entityId: body.invitation.id, details: { delivery: 'link-shown' } });

    // Resend: a new link; the first one stops working.
    const resent = await api('POST', `/api/users/invitations/${body.invitation.id}/resend`, admin.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    const again = resent.json() as { link: string; sent: boolean };
    expect(again.sent).toBe(false);
    expect(again.link).not.toBe(body.link);
    const oldToken = new URL(body.link).searchParams.get('token')!;
    expect((await api('GET', `/api/invitations/preview?token=${oldToken}`)).statusCode).toBeGreaterThanOrEqual(400);

    const token = new URL(again.link).searchParams.get('token')!;
    const accepted = await api('POST', '/api/invitations/accept', undefined, { token, firstName: 'Sipho', lastName: 'Dlamini', password: NEW_PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cookie = sessionCookieOf(accepted);
    expect(cookie).toBeTruthy();
    expect((await api('GET', '/api/auth/user', cookie)).json()).toMatchObject({ email: 'sipho@amahle.example', role: 'Nurse', organization: { id: orgA } });
  });
});

describe('with a mail server', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let api: Api;
  let admin: { id: string; cookie: string };
  let colleague: { id: string; email: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ PUBLIC_URL: 'https://cases.example.org', SMTP_URL: sink.url });
    api = apiOf(t);
    const org = await createOrganization(t.db, 'Amahle Clinic');
    const a = await createUser(t.db, { organizationId: org, role: 'Administrator', firstName: 'Lerato' });
    admin = { id: a.id, cookie: await signIn(t.app, a.email) };
    colleague = await createUser(t.db, { organizationId: org, role: 'Clinical Staff', firstName: 'Thandi' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('tells the client that e-mail is sent', async () => {
    expect((await api('GET', '/api/auth/user', admin.cookie)).json()).toMatchObject({ mailServer: true });
  });

  it('e-mails the reset link and answers {sent: true} without the link', async () => {
    const res = await api('POST', `/api/users/${colleague.id}/password-reset`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body.sent).toBe(true);
    expect(body).not.toHaveProperty('link');
    expect(res.body).not.toContain('token=');
    expect(sink.received.some((m) => m.to.includes(colleague.email) && m.raw.includes('/reset-password?token='))).toBe(true);
    const [entry] = await auditEntries(t, admin.id, 'password-reset');
    expect(entry?.details).toMatchObject({ delivery: 'e-mail' });
  });

  it('e-mails invitations (new and resent) and answers {sent: true} without the link', async () => {
    const res = await api('POST', '/api/users/invitations', admin.cookie, { email: 'zanele@amahle.example', role: 'Nurse' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { sent: boolean; invitation: { id: string } };
    expect(body.sent).toBe(true);
    expect(body).not.toHaveProperty('link');
    const resent = await api('POST', `/api/users/invitations/${body.invitation.id}/resend`, admin.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ sent: true });
    expect(resent.json()).not.toHaveProperty('link');
    expect(sink.received.filter((m) => m.to.includes('zanele@amahle.example'))).toHaveLength(2);
  });
});
