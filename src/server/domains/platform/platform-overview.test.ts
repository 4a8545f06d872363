import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlatformOverview } from '../../../shared/domain/platform-overview';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import type { Actor } from '../../auth/actor';
import { getPlatformOverview } from './platform-overview.service';

// Every figure is asserted exactly from the rows inserted here. The clock-dependent ones (trials,
// this month's revenue, uptime) go through the service with a fixed "now": Wednesday 18 March 2026,
// noon UTC. The HTTP tests check the wiring and who may call it.

const NOW = new Date('2026-03-18T12:00:00.000Z');
const STARTED = new Date('2026-03-15T08:30:00.000Z'); // 3 days 3.5 hours before NOW
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();
const daysAgo = (days: number) => hoursFromNow(-24 * days);

let t: TestApp;
let superAdminCookie: string;
let doctorCookie: string;
const orgIds: Record<string, string> = {};

const superActor = (userId: string): Actor => ({ userId, sessionId: 'test', organizationId: null, platform: null, role: 'Super Admin', isSuperAdmin: true });
const api = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/platform/overview', headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

async function org(key: string, values: { createdAt: string; active?: boolean; trialEndsAt?: string | null; platform?: 'healthcare' | 'legal' | 'medicolegal' }) {
  const id = await createOrganization(t.db, key, values.platform ?? 'healthcare');
  await t.db
    .updateTable('organizations')
    .set({ created_at: values.createdAt, is_active: values.active === false ? 0 : 1, trial_ends_at: values.trialEndsAt ?? null })
    .where('id', '=', id)
    .execute();
  orgIds[key] = id;
  return id;
}

async function chat(initiatorId: string, organizationId: string | null, title: string, status: string, priority: string, createdAt: string) {
  await t.db
    .insertInto('support_chats')
    .values({ id: randomUUID(), organization_id: organizationId, initiator_id: initiatorId, title, category: 'Technical', priority, status, created_at: createdAt, updated_at: createdAt })
    .execute();
}

async function timeEntry(organizationId: string, userId: string, startTime: string, costCents: number) {
  const caseId = randomUUID();
  await t.db
    .insertInto('cases')
    .values({
      id: caseId, organization_id: organizationId, patient_name: 'Patient', patient_user_id: null, case_type: 'General', description: null, scheduled_date: null,
      assigned_doctor_id: null, assigned_nurse_id: null, case_manager_id: null, department: null, admission_date: null, estimated_discharge: null,
      completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null, created_at: startTime, updated_at: startTime,
    })
    .execute();
  await t.db
    .insertInto('time_entries')
    .values({
      id: randomUUID(), organization_id: organizationId, case_id: caseId, user_id: userId, role: 'Doctor', description: null, start_time: startTime,
      end_time: startTime, duration_minutes: 60, hourly_rate_cents: costCents, total_cost_cents: costCents, created_at: startTime,
    })
    .execute();
}

let superAdminId: string;

beforeAll(async () => {
  t = await startTestApp();
  // Seven organisations, so the list of the six newest leaves the oldest out.
  await org('Oldest Hospital', { createdAt: daysAgo(400) });
  await org('Amahle Clinic', { createdAt: daysAgo(300) });
  await org('Bongani Attorneys', { createdAt: daysAgo(200), platform: 'legal' });
  await org('Closed Practice', { createdAt: daysAgo(100), active: false, trialEndsAt: hoursFromNow(24 * 20) }); // inactive: its trial does not count
  await org('Expired Trial Clinic', { createdAt: daysAgo(40), trialEndsAt: hoursFromNow(-1) });
  await org('Later Trial Clinic', { createdAt: daysAgo(10), trialEndsAt: hoursFromNow(24 * 20) });
  await org('Soon Trial Clinic', { createdAt: daysAgo(2), trialEndsAt: hoursFromNow(24 * 3) });

  // Users: 2 super admins (one deactivated), members of active organisations (one in two of them),
  // a deactivated user, a suspended membership and a member of the inactive organisation only.
  superAdminId = (await createUser(t.db, { superAdmin: true, email: 'root@platform.example' })).id;
  const retiredSuperAdmin = await createUser(t.db, { superAdmin: true });
  await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', retiredSuperAdmin.id).execute();
  const doctor = await createUser(t.db, { organizationId: orgIds['Amahle Clinic'], role: 'Doctor', email: 'doctor@amahle.example' });
  const nurse = await createUser(t.db, { organizationId: orgIds['Amahle Clinic'], role: 'Nurse' });
  await t.db
    .insertInto('memberships')
    .values({ id: randomUUID(), organization_id: orgIds['Bongani Attorneys']!, user_id: nurse.id, role: 'Administrator', created_at: NOW.toISOString(), updated_at: NOW.toISOString() })
    .execute();
  const attorney = await createUser(t.db, { organizationId: orgIds['Bongani Attorneys'], role: 'Attorneys' });
  await createUser(t.db, { organizationId: orgIds['Soon Trial Clinic'], role: 'Administrator' });
  const leaver = await createUser(t.db, { organizationId: orgIds['Amahle Clinic'], role: 'Nurse' });
  await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', leaver.id).execute();
  const suspended = await createUser(t.db, { organizationId: orgIds['Amahle Clinic'], role: 'Nurse' });
  await t.db.updateTable('memberships').set({ status: 'suspended' }).where('user_id', '=', suspended.id).execute();
  await createUser(t.db, { organizationId: orgIds['Closed Practice'], role: 'Administrator' });

  // Support chats of every status; High and Urgent among the waiting ones, one also among the done.
  await chat(doctor.id, orgIds['Amahle Clinic']!, 'Printer jams', 'Open', 'High', daysAgo(1));
  await chat(nurse.id, orgIds['Amahle Clinic']!, 'Add two nurses', 'Open', 'Low', daysAgo(0.5));
  await chat(attorney.id, orgIds['Bongani Attorneys']!, 'Bundle upload fails', 'In Progress', 'Urgent', daysAgo(3));
  await chat(attorney.id, orgIds['Bongani Attorneys']!, 'Invoice template', 'In Progress', 'Medium', daysAgo(4));
  await chat(superAdminId, null, 'Platform backup check', 'Open', 'Medium', daysAgo(0.1));
  await chat(doctor.id, orgIds['Amahle Clinic']!, 'Old question', 'Open', 'Low', daysAgo(30));
  await chat(doctor.id, orgIds['Amahle Clinic']!, 'Bed board fixed', 'Resolved', 'Urgent', daysAgo(0.2));
  await chat(attorney.id, orgIds['Bongani Attorneys']!, 'Slow billing', 'Closed', 'High', daysAgo(0.3));

  // Time booked this South African month in two organisations, and some just before it. March
  // starts at 2026-02-28T22:00Z in SAST, so 22:30Z on the 28th is March and 21:30Z is February.
  await timeEntry(orgIds['Amahle Clinic']!, doctor.id, '2026-03-10T08:00:00.000Z', 120_000);
  await timeEntry(orgIds['Bongani Attorneys']!, attorney.id, '2026-03-17T09:00:00.000Z', 45_050);
  await timeEntry(orgIds['Bongani Attorneys']!, attorney.id, '2026-02-28T22:30:00.000Z', 10_000);
  await timeEntry(orgIds['Amahle Clinic']!, doctor.id, '2026-02-28T21:30:00.000Z', 999_999);
  await timeEntry(orgIds['Amahle Clinic']!, doctor.id, '2026-02-10T08:00:00.000Z', 500_000);
  await timeEntry(orgIds['Amahle Clinic']!, doctor.id, '2026-04-01T08:00:00.000Z', 700_000); // next month

  superAdminCookie = await signIn(t.app, 'root@platform.example');
  doctorCookie = await signIn(t.app, 'doctor@amahle.example');
});
afterAll(() => t.close());

describe('platform overview figures', () => {
  let overview: TPlatformOverview;
  beforeAll(async () => {
    overview = await getPlatformOverview(t.db, superActor(superAdminId), { now: NOW, startedAt: STARTED });
  });

  it('counts organisations, all and active', () => {
    expect(overview.totalOrganizations).toBe(7);
    expect(overview.activeOrganizations).toBe(6);
  });

  it('counts distinct active users of active organisations plus active super admins', () => {
    // root super admin, doctor, nurse (in two organisations, once), attorney, Soon Trial admin.
    expect(overview.totalUsers).toBe(5);
  });

  it('counts active trials still running, and those ending within 7 days', () => {
    expect(overview.activeTrials).toBe(2);
    expect(overview.trialsEndingSoon).toBe(1);
  });

  it("gives this process's uptime from its start", () => {
    expect(overview.uptime).toEqual({ startedAt: STARTED.toISOString(), seconds: 3 * 86_400 + 3.5 * 3_600 });
  });

  it('counts waiting support requests by status and the High or Urgent ones', () => {
    expect(overview.supportRequests).toEqual({ open: 4, inProgress: 2, urgentOrHigh: 2 });
  });

  it("sums this South African month's booked time across all organisations", () => {
    expect(overview.monthlyRevenueCents).toBe(120_000 + 45_050 + 10_000);
  });

  it('lists the six newest organisations with their active member counts', () => {
    expect(overview.organizations.map((o) => o.name)).toEqual([
      'Soon Trial Clinic', 'Later Trial Clinic', 'Expired Trial Clinic', 'Closed Practice', 'Bongani Attorneys', 'Amahle Clinic',
    ]);
    expect(overview.organizations.find((o) => o.name === 'Amahle Clinic')).toMatchObject({ platform: 'healthcare', type: 'Hospital', isActive: true, memberCount: 3, trialEndsAt: null });
    expect(overview.organizations.find((o) => o.name === 'Bongani Attorneys')).toMatchObject({ platform: 'legal', memberCount: 2 });
    expect(overview.organizations.find((o) => o.name === 'Closed Practice')).toMatchObject({ isActive: false, trialEndsAt: hoursFromNow(24 * 20) });
  });

  it('lists the five newest waiting support requests with their organisation', () => {
    expect(overview.recentSupportRequests.map((r) => [r.title, r.status, r.priority, r.organizationName])).toEqual([
      ['Platform backup check', 'Open', 'Medium', null],
      ['Add two nurses', 'Open', 'Low', 'Amahle Clinic'],
      ['Printer jams', 'Open', 'High', 'Amahle Clinic'],
      ['Bundle upload fails', 'In Progress', 'Urgent', 'Bongani Attorneys'],
      ['Invoice template', 'In Progress', 'Medium', 'Bongani Attorneys'],
    ]);
    expect(overview.recentSupportRequests[0]).toMatchObject({ category: 'Technical', createdAt: daysAgo(0.1) });
  });

  it('refuses an actor who is not a Super Admin, even called directly', async () => {
    const member: Actor = { userId: 'x', sessionId: 'test', organizationId: orgIds['Amahle Clinic']!, platform: 'healthcare', role: 'Administrator', isSuperAdmin: false };
    await expect(getPlatformOverview(t.db, member, { now: NOW, startedAt: STARTED })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('GET /api/platform/overview', () => {
  it('answers a Super Admin with the figures and a real process uptime', async () => {
    const before = Date.now();
    const res = await api(superAdminCookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TPlatformOverview;
    expect(body).toMatchObject({ totalOrganizations: 7, activeOrganizations: 6, totalUsers: 5, supportRequests: { open: 4, inProgress: 2, urgentOrHigh: 2 } });
    expect(body.organizations).toHaveLength(6);
    expect(body.recentSupportRequests).toHaveLength(5);
    const startedAt = Date.parse(body.uptime.startedAt);
    expect(startedAt).toBeLessThanOrEqual(before);
    // Computed at request time: between what the clock said just before and just after the call.
    expect(body.uptime.seconds).toBeGreaterThanOrEqual(Math.floor((before - startedAt) / 1000));
    expect(body.uptime.seconds).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 1000));
  });

  it('is FORBIDDEN to a member of an organisation and UNAUTHORIZED signed out', async () => {
    const forbidden = await api(doctorCookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).not.toContain('Amahle Clinic');
    expect((await api()).statusCode).toBe(401);
  });
});
