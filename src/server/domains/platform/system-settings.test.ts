import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { type SmtpSink, startSmtpSink } from '../../test-support/smtp-sink';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import type { Actor } from '../../auth/actor';
import { getSystemOverview, listOutbox, mailModeOf, retryMail, trialStateOf } from './system-settings.service';

// /system-settings: organisations with their trial state, Super Admins online, the mail mode and
// the outbox. Clock-dependent figures go through the service with a fixed "now".

const NOW = new Date('2026-03-18T12:00:00.000Z');
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

let t: TestApp;
let superAdmin: Actor;
let superAdminCookie: string;
let adminCookie: string;

async function outboxRow(values: { to: string; status: string; createdAt: string; kind?: string; error?: string | null }) {
  const id = randomUUID();
  await t.db
    .insertInto('email_outbox')
    .values({ id, organization_id: null, to_address: values.to, subject: `To ${values.to}`, text_body: `Body for ${values.to}`, kind: values.kind ?? 'invitation', status: values.status, error: values.error ?? null, created_at: values.createdAt, sent_at: null })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  const trialOrg = await createOrganization(t.db, 'Running Trial Clinic');
  await t.db.updateTable('organizations').set({ plan: 'trial', trial_ends_at: hoursFromNow(24 * 29 + 1), max_users: 10 }).where('id', '=', trialOrg).execute();
  const ended = await createOrganization(t.db, 'Ended Trial Clinic');
  await t.db.updateTable('organizations').set({ plan: 'trial', trial_ends_at: hoursFromNow(-1), max_users: 10 }).where('id', '=', ended).execute();
  const paid = await createOrganization(t.db, 'Paying Hospital');
  await createUser(t.db, { organizationId: trialOrg, role: 'Administrator', email: 'admin@running.example' });
  await createUser(t.db, { organizationId: trialOrg, role: 'Nurse' });
  await createUser(t.db, { organizationId: paid, role: 'Doctor' });

  const root = await createUser(t.db, { superAdmin: true, email: 'root@platform.example', firstName: 'Sipho' });
  superAdmin = { userId: root.id, sessionId: 'test', organizationId: null, platform: null, role: 'Super Admin', isSuperAdmin: true };
  await t.db.updateTable('users').set({ last_seen_at: new Date(Date.now() - 2 * 60_000).toISOString() }).where('id', '=', root.id).execute();
  const away = await createUser(t.db, { superAdmin: true, email: 'away@platform.example' });
  await t.db.updateTable('users').set({ last_seen_at: new Date(Date.now() - 60 * 60_000).toISOString() }).where('id', '=', away.id).execute();

  for (let i = 0; i < 5; i++) await outboxRow({ to: `stored${i}@x.example`, status: 'stored', createdAt: hoursFromNow(-10 + i) });
  await outboxRow({ to: 'failed@x.example', status: 'failed', createdAt: hoursFromNow(-20), error: 'connect ECONNREFUSED' });
  await outboxRow({ to: 'sent@x.example', status: 'sent', createdAt: hoursFromNow(-30) });

  superAdminCookie = await signIn(t.app, 'root@platform.example');
  adminCookie = await signIn(t.app, 'admin@running.example');
});
afterAll(() => t.close());

describe('trial state and mail mode', () => {
  it('counts whole days left, rounding up, and tells an ended trial from a plan', () => {
    expect(trialStateOf('trial', hoursFromNow(24 * 29 + 1), NOW)).toEqual({ state: 'trial', endsAt: hoursFromNow(24 * 29 + 1), daysLeft: 30 });
    expect(trialStateOf('trial', hoursFromNow(2), NOW)).toMatchObject({ state: 'trial', daysLeft: 1 });
    expect(trialStateOf('trial', hoursFromNow(0), NOW)).toEqual({ state: 'ended', endsAt: hoursFromNow(0) });
    expect(trialStateOf('standard', null, NOW)).toEqual({ state: 'plan', plan: 'standard' });
  });

  it('names the SMTP host and port but never the credentials', () => {
    const smtp = mailModeOf(testConfig({ SMTP_URL: 'smtp://mailer:s3cret-pass@mail.example.org:587', MAIL_FROM: 'Cases <cases@example.org>' }));
    expect(smtp).toEqual({ mode: 'smtp', host: 'mail.example.org:587', from: 'Cases <cases@example.org>' });
    expect(JSON.stringify(smtp)).not.toContain('s3cret');
    expect(mailModeOf(testConfig())).toMatchObject({ mode: 'outbox', host: null });
  });
});

describe('system overview', () => {
  it('lists every organisation with its trial state and members against the limit', async () => {
    const overview = await getSystemOverview(t.db, superAdmin, t.config, NOW);
    const byName = Object.fromEntries(overview.organizations.map((o) => [o.name, o]));
    expect(byName['Running Trial Clinic']).toMatchObject({ plan: 'trial', trial: { state: 'trial', daysLeft: 30 }, memberCount: 2, maxUsers: 10, platform: 'healthcare', isActive: true });
    expect(byName['Ended Trial Clinic']).toMatchObject({ trial: { state: 'ended' }, memberCount: 0 });
    expect(byName['Paying Hospital']).toMatchObject({ trial: { state: 'plan', plan: 'standard' }, memberCount: 1, maxUsers: null });
    expect(overview.mail).toMatchObject({ mode: 'outbox', host: null });
    expect(overview.outboxCounts).toEqual({ stored: 5, queued: 0, sent: 1, failed: 1 });
  });

  it('names the Super Admins seen in the last 5 minutes only', async () => {
    const overview = await getSystemOverview(t.db, superAdmin, t.config);
    expect(overview.superUsersOnline.count).toBe(1);
    expect(overview.superUsersOnline.users.map((u) => [u.name, u.email])).toEqual([['Sipho Nkosi', 'root@platform.example']]);
  });

  it('refuses an actor who is not a Super Admin, even called directly', async () => {
    const admin: Actor = { ...superAdmin, role: 'Administrator', isSuperAdmin: false };
    await expect(getSystemOverview(t.db, admin, t.config)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(listOutbox(t.db, admin, undefined)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('outbox', () => {
  it('pages newest first and filters by status', async () => {
    const first = await listOutbox(t.db, superAdmin, { page: 1, pageSize: 3 });
    expect(first.total).toBe(7);
    expect(first.items.map((m) => m.toAddress)).toEqual(['stored4@x.example', 'stored3@x.example', 'stored2@x.example']);
    const last = await listOutbox(t.db, superAdmin, { page: 3, pageSize: 3 });
    expect(last.items.map((m) => m.toAddress)).toEqual(['sent@x.example']);
    const failed = await listOutbox(t.db, superAdmin, { status: 'failed', page: 1, pageSize: 25 });
    expect(failed.total).toBe(1);
    expect(failed.items[0]).toMatchObject({ toAddress: 'failed@x.example', subject: 'To failed@x.example', body: 'Body for failed@x.example', kind: 'invitation', status: 'failed', error: 'connect ECONNREFUSED', sentAt: null });
  });

  it('refuses a retry without SMTP configured', async () => {
    const [failed] = (await listOutbox(t.db, superAdmin, { status: 'failed', page: 1, pageSize: 1 })).items;
    await expect(retryMail(t.db, superAdmin, t.config, failed!.id)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('No SMTP server') });
  });

  it('sends a failed message again once SMTP works, and only a failed one', async () => {
    const sink: SmtpSink = await startSmtpSink();
    try {
      const config = testConfig({ SMTP_URL: sink.url });
      const failedId = await outboxRow({ to: 'retry@x.example', status: 'failed', createdAt: hoursFromNow(-40), error: 'timeout' });
      const retried = await retryMail(t.db, superAdmin, config, failedId);
      expect(retried).toMatchObject({ status: 'sent', error: null });
      expect(sink.received.map((m) => m.to)).toEqual([['retry@x.example']]);
      await expect(retryMail(t.db, superAdmin, config, failedId)).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(retryMail(t.db, superAdmin, config, 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await sink.close();
    }
  });
});

describe('over HTTP', () => {
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

  it('answers a Super Admin', async () => {
    const overview = await get('/api/system/overview', superAdminCookie);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json()).toMatchObject({ mail: { mode: 'outbox' }, superUsersOnline: { count: 1 } });
    const outbox = await get('/api/system/outbox?status=stored&page=2&pageSize=2', superAdminCookie);
    expect(outbox.statusCode, outbox.body).toBe(200);
    expect(outbox.json()).toMatchObject({ total: 5, page: 2, pageSize: 2 });
  });

  it('answers bad paging with a 400', async () => {
    expect((await get('/api/system/outbox?pageSize=1000', superAdminCookie)).statusCode).toBe(400);
    expect((await get('/api/system/outbox?status=lost', superAdminCookie)).statusCode).toBe(400);
  });

  it('is FORBIDDEN to an organisation Administrator and UNAUTHORIZED signed out', async () => {
    for (const url of ['/api/system/overview', '/api/system/outbox']) {
      const res = await get(url, adminCookie);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('x.example');
      expect((await get(url)).statusCode).toBe(401);
    }
  });
});
