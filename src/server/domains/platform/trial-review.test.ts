import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTrialRequestInput } from '../../../shared/domain/onboarding';
import { type SmtpSink, closedSmtpUrl, decodeQuotedPrintable, startSmtpSink } from '../../test-support/smtp-sink';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import type { Actor } from '../../auth/actor';
import { approveTrialRequest, listTrialRequests, rejectTrialRequest, splitName } from './trial-review.service';

// Trial review (issue 7): approval creates exactly one organisation, one invitation and one e-mail,
// once; rejection records the reason and tells the applicant. Services are called directly for the
// rules, HTTP for who may call and for delivery through a real SMTP server on loopback.

const DAY_MS = 86_400_000;
const PUBLIC_URL = 'https://cases.example.org';

let t: TestApp;
let superAdmin: Actor;
let superAdminCookie: string;
let doctorCookie: string;

const review = () => ({ config: t.config, publicUrl: PUBLIC_URL });

async function trialRequest(app: TestApp, overrides: Partial<TTrialRequestInput> & { createdAt?: string } = {}): Promise<string> {
  const id = randomUUID();
  const name = overrides.organizationName ?? `Sunrise Clinic ${id.slice(0, 4)}`;
  await app.db
    .insertInto('trial_requests')
    .values({
      id,
      organization_name: name,
      ...(overrides.platform ? { platform: overrides.platform } : {}),
      organization_type: overrides.organizationType ?? 'Private Practice',
      contact_person_name: overrides.contactPersonName ?? 'Lerato van der Merwe',
      email: overrides.email ?? `lerato-${id.slice(0, 8)}@sunrise.example`,
      phone: overrides.phone ?? '+27 21 555 0101',
      city: overrides.city ?? 'Stellenbosch',
      province: overrides.province ?? 'Western Cape',
      estimated_beds: overrides.estimatedBeds ?? 12,
      estimated_staff: overrides.estimatedStaff ?? 30,
      current_system: overrides.currentSystem ?? 'Paper files',
      how_did_you_hear: overrides.howDidYouHear ?? 'Referral',
      specific_needs: overrides.specificNeeds ?? 'Bed board for the ward',
      status: 'pending',
      reviewed_by: null,
      reviewed_at: null,
      rejection_reason: null,
      organization_id: null,
      created_at: overrides.createdAt ?? new Date().toISOString(),
    })
    .execute();
  return id;
}

async function count(app: TestApp, table: 'organizations' | 'invitations' | 'email_outbox' | 'memberships') {
  const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const post = (app: TestApp, url: string, cookie: string, payload: unknown = {}) =>
  app.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, cookie }, payload: payload as object });

beforeAll(async () => {
  t = await startTestApp();
  const root = await createUser(t.db, { superAdmin: true, email: 'root@platform.example', firstName: 'Sipho' });
  superAdmin = { userId: root.id, sessionId: 'test', organizationId: null, platform: null, role: 'Super Admin', isSuperAdmin: true };
  const org = await createOrganization(t.db, 'Amahle Clinic');
  await createUser(t.db, { organizationId: org, role: 'Administrator', email: 'admin@amahle.example' });
  superAdminCookie = await signIn(t.app, 'root@platform.example');
  doctorCookie = await signIn(t.app, 'admin@amahle.example');
});
afterAll(() => t.close());

describe('approving a trial request', () => {
  it('creates exactly one organisation on a 30-day trial, one invitation and one e-mail', async () => {
    const id = await trialRequest(t, { organizationName: 'Sunrise Private Practice', email: 'lerato@sunrise.example', organizationType: 'Nursing Home' });
    const before = { orgs: await count(t, 'organizations'), invitations: await count(t, 'invitations'), mails: await count(t, 'email_outbox'), members: await count(t, 'memberships') };
    const started = Date.now();
    const result = await approveTrialRequest(t.db, superAdmin, id, review());
    const finished = Date.now();

    expect(await count(t, 'organizations')).toBe(before.orgs + 1);
    expect(await count(t, 'invitations')).toBe(before.invitations + 1);
    expect(await count(t, 'email_outbox')).toBe(before.mails + 1);
    expect(await count(t, 'memberships')).toBe(before.members); // nobody joins until the invitation is accepted

    const org = await t.db.selectFrom('organizations').selectAll().where('id', '=', result.organization.id).executeTakeFirstOrThrow();
    expect(org).toMatchObject({
      name: 'Sunrise Private Practice', slug: 'sunrise-private-practice', platform: 'healthcare', type: 'Nursing Home', plan: 'trial', max_users: 10,
      city: 'Stellenbosch', province: 'Western Cape', phone: '+27 21 555 0101', email: 'lerato@sunrise.example',
    });
    expect(Number(org.is_active)).toBe(1);
    const ends = Date.parse(org.trial_ends_at!);
    expect(ends).toBeGreaterThanOrEqual(started + 30 * DAY_MS - 1000);
    expect(ends).toBeLessThanOrEqual(finished + 30 * DAY_MS);

    const invitation = await t.db.selectFrom('invitations').selectAll().where('organization_id', '=', org.id).executeTakeFirstOrThrow();
    expect(invitation).toMatchObject({ email: 'lerato@sunrise.example', role: 'Administrator', first_name: 'Lerato', last_name: 'van der Merwe', status: 'pending', invited_by: superAdmin.userId });
    expect(result.invitation).toEqual({ id: invitation.id, email: 'lerato@sunrise.example' });

    const mail = await t.db.selectFrom('email_outbox').selectAll().where('id', '=', result.mail.id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: 'lerato@sunrise.example', kind: 'invitation', status: 'stored', organization_id: org.id });
    expect(mail.subject).toContain('approved');
    expect(mail.text_body).toContain('30-day CaseBridge trial for Sunrise Private Practice has been approved');
    expect(mail.text_body).toContain('up to 10 users');
    expect(mail.text_body).toMatch(new RegExp(`${PUBLIC_URL}/accept-invitation\\?token=\\S+`));
    expect(result.mail).toEqual({ id: mail.id, status: 'stored' });

    expect(result.request).toMatchObject({
      status: 'approved', reviewedBy: superAdmin.userId, reviewerName: 'Sipho Nkosi', rejectionReason: null,
      organization: { id: org.id, name: 'Sunrise Private Practice' },
    });
    expect(result.request.reviewedAt).not.toBeNull();
  });

  it('creates the organisation on the platform the request names: a law firm on legal, a state attorney on medicolegal', async () => {
    const legal = await approveTrialRequest(t.db, superAdmin, await trialRequest(t, { organizationName: 'Mokoena & Dlamini Inc.', platform: 'legal', organizationType: 'Law Firm' }), review());
    const state = await approveTrialRequest(
      t.db, superAdmin, await trialRequest(t, { organizationName: 'State Attorney Pretoria', platform: 'medicolegal', organizationType: "State Attorney's Office" }), review(),
    );
    const platformOf = async (id: string) => t.db.selectFrom('organizations').select(['platform', 'type']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await platformOf(legal.organization.id)).toEqual({ platform: 'legal', type: 'Law Firm' });
    expect(await platformOf(state.organization.id)).toEqual({ platform: 'medicolegal', type: "State Attorney's Office" });
    expect(legal.request.platform).toBe('legal');
  });

  it('treats a request stored before platforms existed as healthcare (migration 0011), and refuses a stored type of another platform', async () => {
    const old = await trialRequest(t, { organizationName: 'Old Clinic Request', organizationType: 'Clinic' });
    expect((await t.db.selectFrom('trial_requests').select('platform').where('id', '=', old).executeTakeFirstOrThrow()).platform).toBe('healthcare');
    const approved = await approveTrialRequest(t.db, superAdmin, old, review());
    expect((await t.db.selectFrom('organizations').select('platform').where('id', '=', approved.organization.id).executeTakeFirstOrThrow()).platform).toBe('healthcare');

    const mismatched = await trialRequest(t, { organizationName: 'Mismatched Request', platform: 'legal', organizationType: 'Hospital' });
    const orgs = await count(t, 'organizations');
    await expect(approveTrialRequest(t.db, superAdmin, mismatched, review())).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await count(t, 'organizations')).toBe(orgs);
  });

  it('refuses a second approval with CONFLICT and writes nothing', async () => {
    const id = await trialRequest(t);
    await approveTrialRequest(t.db, superAdmin, id, review());
    const before = [await count(t, 'organizations'), await count(t, 'invitations'), await count(t, 'email_outbox')];
    await expect(approveTrialRequest(t.db, superAdmin, id, review())).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already approved') });
    await expect(rejectTrialRequest(t.db, superAdmin, { id, reason: 'Too late' }, review())).rejects.toMatchObject({ code: 'CONFLICT' });
    expect([await count(t, 'organizations'), await count(t, 'invitations'), await count(t, 'email_outbox')]).toEqual(before);
  });

  it('creates one organisation when two approvals of one request race', async () => {
    const id = await trialRequest(t, { organizationName: 'Racing Health Center', organizationType: 'Health Center' });
    const before = await count(t, 'organizations');
    const outcomes = await Promise.allSettled([
      approveTrialRequest(t.db, superAdmin, id, review()),
      approveTrialRequest(t.db, superAdmin, id, review()),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await count(t, 'organizations')).toBe(before + 1);
    expect(await t.db.selectFrom('organizations').select('id').where('name', '=', 'Racing Health Center').execute()).toHaveLength(1);
  });

  it('gives a second organisation of the same name its own slug', async () => {
    const first = await approveTrialRequest(t.db, superAdmin, await trialRequest(t, { organizationName: 'Twin Clinic' }), review());
    const second = await approveTrialRequest(t.db, superAdmin, await trialRequest(t, { organizationName: 'Twin Clinic' }), review());
    expect([first.organization.slug, second.organization.slug]).toEqual(['twin-clinic', 'twin-clinic-2']);
  });

  it('answers NOT_FOUND for an unknown request', async () => {
    await expect(approveTrialRequest(t.db, superAdmin, 'no-such-request', review())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses an actor who is not a Super Admin, even called directly', async () => {
    const id = await trialRequest(t);
    const admin: Actor = { ...superAdmin, role: 'Administrator', isSuperAdmin: false, organizationId: 'x', platform: 'healthcare' };
    await expect(approveTrialRequest(t.db, admin, id, review())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(listTrialRequests(t.db, admin, undefined)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('rejecting a trial request', () => {
  it('records the reason and queues a polite e-mail carrying it', async () => {
    const id = await trialRequest(t, { email: 'nomsa@faraway.example', contactPersonName: 'Nomsa Dube', organizationName: 'Faraway Clinic' });
    const orgsBefore = await count(t, 'organizations');
    const result = await rejectTrialRequest(t.db, superAdmin, { id, reason: 'We only serve South African facilities for now.' }, review());
    expect(result.request).toMatchObject({ status: 'rejected', rejectionReason: 'We only serve South African facilities for now.', reviewerName: 'Sipho Nkosi', organization: null });
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('id', '=', result.mail.id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: 'nomsa@faraway.example', kind: 'trial-rejected', status: 'stored', organization_id: null });
    expect(mail.text_body).toContain('Dear Nomsa,');
    expect(mail.text_body).toContain('We only serve South African facilities for now.');
    expect(await count(t, 'organizations')).toBe(orgsBefore);
    await expect(approveTrialRequest(t.db, superAdmin, id, review())).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already rejected') });
  });
});

describe('listing trial requests', () => {
  it('filters by status, newest first, with counts of every status', async () => {
    const older = await trialRequest(t, { organizationName: 'Older Pending', createdAt: new Date(Date.now() - 2 * DAY_MS).toISOString() });
    const newer = await trialRequest(t, { organizationName: 'Newer Pending', createdAt: new Date(Date.now() + 1000).toISOString() });
    const all = await listTrialRequests(t.db, superAdmin, undefined);
    const pending = await listTrialRequests(t.db, superAdmin, { status: 'pending' });
    // What the table holds, read apart from the service under test.
    const stored = await t.db.selectFrom('trial_requests').select(['id', 'status']).execute();
    const storedWith = (status: string) => stored.filter((r) => r.status === status);
    expect(storedWith('pending').length).toBeGreaterThanOrEqual(2);
    expect(pending.requests.map((r) => r.id).sort()).toEqual(storedWith('pending').map((r) => r.id).sort());
    const ids = pending.requests.map((r) => r.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const counts = { pending: storedWith('pending').length, approved: storedWith('approved').length, rejected: storedWith('rejected').length };
    expect(all.counts).toEqual(counts);
    expect(pending.counts).toEqual(counts);
    expect(all.requests).toHaveLength(stored.length);
    expect(pending.requests.find((r) => r.id === older)).toMatchObject({
      organizationName: 'Older Pending', organizationType: 'Private Practice', contactPersonName: 'Lerato van der Merwe', phone: '+27 21 555 0101',
      city: 'Stellenbosch', province: 'Western Cape', estimatedBeds: 12, estimatedStaff: 30, currentSystem: 'Paper files', howDidYouHear: 'Referral',
      specificNeeds: 'Bed board for the ward', reviewedAt: null, reviewerName: null, organization: null,
    });
  });
});

describe('over HTTP', () => {
  it('is FORBIDDEN to an organisation Administrator, and writes nothing', async () => {
    const id = await trialRequest(t);
    const orgs = await count(t, 'organizations');
    expect((await post(t, `/api/trial-signups/${id}/approve`, doctorCookie)).statusCode).toBe(403);
    expect((await post(t, `/api/trial-signups/${id}/reject`, doctorCookie, { reason: 'No' })).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/trial-signups', headers: { origin: ORIGIN, cookie: doctorCookie } });
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain('Sunrise');
    expect(await count(t, 'organizations')).toBe(orgs);
    expect((await t.db.selectFrom('trial_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending');
  });

  it('rejects with a 400 naming the reason when it is missing, and records nothing', async () => {
    const id = await trialRequest(t);
    const res = await post(t, `/api/trial-signups/${id}/reject`, superAdminCookie, { reason: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('A reason is required');
    expect((await t.db.selectFrom('trial_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending');
  });

  it('lists pending requests and approves one for a Super Admin, 409 the second time', async () => {
    const id = await trialRequest(t, { organizationName: 'Http Clinic' });
    const list = await t.app.inject({ method: 'GET', url: '/api/trial-signups?status=pending', headers: { origin: ORIGIN, cookie: superAdminCookie } });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { requests: { id: string }[] }).requests.map((r) => r.id)).toContain(id);
    const approved = await post(t, `/api/trial-signups/${id}/approve`, superAdminCookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ request: { status: 'approved' }, organization: { name: 'Http Clinic', maxUsers: 10 } });
    expect((await post(t, `/api/trial-signups/${id}/approve`, superAdminCookie)).statusCode).toBe(409);
  });
});

describe('e-mail delivery of the decision', () => {
  let sink: SmtpSink;
  let smtpApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    smtpApp = await startTestApp({ SMTP_URL: sink.url, PUBLIC_URL, MAIL_FROM: 'CaseBridge <no-reply@cases.example.org>' });
    await createUser(smtpApp.db, { superAdmin: true, email: 'root@smtp.example' });
    cookie = await signIn(smtpApp.app, 'root@smtp.example');
  });
  afterAll(async () => {
    await smtpApp.close();
    await sink.close();
  });

  it('sends the invitation over SMTP on approval and marks it sent', async () => {
    const id = await trialRequest(smtpApp, { email: 'zanele@smtp-clinic.example', organizationName: 'Smtp Clinic' });
    const res = await post(smtpApp, `/api/trial-signups/${id}/approve`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mail: { status: 'sent' } });
    const received = sink.received.find((m) => m.to.includes('zanele@smtp-clinic.example'));
    expect(received).toBeDefined();
    const raw = decodeQuotedPrintable(received!.raw);
    expect(raw).toMatch(/Subject: Your CaseBridge trial for Smtp Clinic is\s+approved/);
    expect(raw).toMatch(new RegExp(`${PUBLIC_URL}/accept-invitation\\?token=[A-Za-z0-9]+`));
  });

  it('sends the rejection over SMTP with its reason', async () => {
    const id = await trialRequest(smtpApp, { email: 'pieter@smtp-clinic.example' });
    const res = await post(smtpApp, `/api/trial-signups/${id}/reject`, cookie, { reason: 'Please apply with your practice number.' });
    expect(res.statusCode, res.body).toBe(200);
    const received = sink.received.find((m) => m.to.includes('pieter@smtp-clinic.example'));
    expect(decodeQuotedPrintable(received!.raw)).toContain('Please apply with your practice number.');
  });

  it("keeps the approval when the SMTP server cannot be reached, recording the mail as 'failed'", async () => {
    const unreachable = await startTestApp({ SMTP_URL: await closedSmtpUrl(), PUBLIC_URL });
    try {
      const root = await createUser(unreachable.db, { superAdmin: true });
      const actor: Actor = { ...superAdmin, userId: root.id };
      const id = await trialRequest(unreachable, { organizationName: 'Offline Clinic' });
      const result = await approveTrialRequest(unreachable.db, actor, id, { config: unreachable.config, publicUrl: PUBLIC_URL });
      expect(result.mail.status).toBe('failed');
      const mail = await unreachable.db.selectFrom('email_outbox').selectAll().where('id', '=', result.mail.id).executeTakeFirstOrThrow();
      expect(mail.error).toMatch(/ECONNREFUSED|connect/i);
      expect(await unreachable.db.selectFrom('organizations').select('id').where('name', '=', 'Offline Clinic').execute()).toHaveLength(1);
      expect(result.request.status).toBe('approved');
    } finally {
      await unreachable.close();
    }
  });
});

describe('splitName', () => {
  it('takes the first word as the first name and the rest as the last name', () => {
    expect(splitName('  Lerato   van der Merwe ')).toEqual({ firstName: 'Lerato', lastName: 'van der Merwe' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: null });
  });
});
