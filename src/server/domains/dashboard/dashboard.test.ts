import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { teamFromSlots } from '../../test-support/case-file-factories';
import type { TPerformancePoint } from '../../../shared/domain/dashboard';
import type { TenantActor } from '../../auth/actor';
import { getDashboardStats } from './dashboard.service';
import { getPerformanceMetrics } from './performance-metrics.service';
import { getWorkspace } from './workspace.service';
import { isActiveStaff } from '../../../shared/domain/users';
import { dayKey, startOfWeek } from '../../../shared/calendar';

// Figures are asserted exactly from rows inserted here. Time-dependent figures are taken through
// the services with a fixed "now" (Wednesday 18 March 2026, noon UTC); the HTTP tests check the
// wiring, the roles and the figures that do not depend on the clock.

const NOW = new Date('2026-03-18T12:00:00.000Z');

let t: TestApp;
let orgB: string;

const api = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie, origin: ORIGIN } });
const actorOf = (organizationId: string, userId: string, role: TenantActor['role'] = 'Administrator'): TenantActor => ({
  userId, sessionId: 'test', organizationId, platform: 'healthcare', role, isSuperAdmin: false,
});

interface CaseValues {
  status?: string;
  createdAt: string;
  completedAt?: string | null;
  estimatedDischarge?: string | null;
  doctor?: string | null;
  nurse?: string | null;
  manager?: string | null;
  priority?: string;
  urgentFlags?: string[];
  updatedAt?: string;
}

async function insertCase(organizationId: string, v: CaseValues) {
  const id = randomUUID();
  await t.db
    .insertInto('cases')
    .values({
      id, organization_id: organizationId, patient_name: `Patient ${id.slice(0, 4)}`, patient_user_id: null, case_type: 'General', description: null,
      status: v.status ?? (v.completedAt ? 'Completed' : 'In Progress'), scheduled_date: null,
      assigned_doctor_id: v.doctor ?? null, assigned_nurse_id: v.nurse ?? null, case_manager_id: v.manager ?? null, department: null,
      admission_date: null, estimated_discharge: v.estimatedDischarge ?? null, completed_at: v.completedAt ?? null, bed_number: null,
      treatment_plan: null, notes: null, created_by: null, created_at: v.createdAt, updated_at: v.updatedAt ?? v.completedAt ?? v.createdAt,
      ...(v.priority ? { priority: v.priority } : {}), ...(v.urgentFlags ? { urgent_flags: JSON.stringify(v.urgentFlags) } : {}),
    })
    .execute();
  await teamFromSlots(t.db, organizationId, id, v); // "my cases" are the cases whose team I am on
  return id;
}

async function insertAppointment(organizationId: string, startTime: string, status = 'Scheduled') {
  await t.db
    .insertInto('appointments')
    .values({ id: randomUUID(), organization_id: organizationId, case_id: null, title: `At ${startTime}`, description: null, start_time: startTime, end_time: startTime, location: null, status, created_by: null, created_at: startTime, updated_at: startTime })
    .execute();
}

async function insertBeds(organizationId: string, statuses: string[]) {
  for (const [i, status] of statuses.entries()) {
    await t.db
      .insertInto('beds')
      .values({ id: randomUUID(), organization_id: organizationId, bed_number: `B-${i}`, ward: 'Ward A', status, assigned_nurse_id: null, patient_id: null, notes: null, created_at: NOW.toISOString(), updated_at: NOW.toISOString() })
      .execute();
  }
}

async function insertEntry(organizationId: string, caseId: string, userId: string, startTime: string, minutes: number | null, costCents = 0) {
  await t.db
    .insertInto('time_entries')
    .values({
      id: randomUUID(), organization_id: organizationId, case_id: caseId, user_id: userId, role: 'Doctor', description: null, start_time: startTime,
      end_time: minutes === null ? null : new Date(Date.parse(startTime) + minutes * 60_000).toISOString(), duration_minutes: minutes,
      hourly_rate_cents: 60_000, total_cost_cents: costCents, created_at: startTime,
    })
    .execute();
}

beforeAll(async () => {
  t = await startTestApp();
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  // Another organisation's rows at the same moments: none of them may show up in the figures below.
  const userB = await createUser(t.db, { organizationId: orgB, role: 'Doctor' });
  const caseB = await insertCase(orgB, { createdAt: '2026-03-15T08:00:00.000Z', completedAt: '2026-03-16T08:00:00.000Z', estimatedDischarge: '2026-03-20T08:00:00.000Z', doctor: userB.id });
  await insertCase(orgB, { createdAt: '2026-03-17T08:00:00.000Z', doctor: userB.id });
  await insertAppointment(orgB, '2026-03-18T14:00:00.000Z');
  await insertBeds(orgB, ['Occupied', 'Occupied']);
  await insertEntry(orgB, caseB, userB.id, '2026-03-15T09:00:00.000Z', 120, 500_000);
});
afterAll(() => t.close());

describe('dashboard.stats', () => {
  let org: string;
  let admin: { id: string; email: string };

  beforeAll(async () => {
    org = await createOrganization(t.db, 'Stats Clinic');
    admin = await createUser(t.db, { organizationId: org, role: 'Administrator' });
    const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor' });
    await createUser(t.db, { organizationId: org, role: 'Nurse' });
    await createUser(t.db, { organizationId: org, role: 'Patient' }); // not a team member
    const gone = await createUser(t.db, { organizationId: org, role: 'Nurse' });
    await t.db.updateTable('memberships').set({ status: 'suspended' }).where('user_id', '=', gone.id).execute();

    // 3 running cases; 4 completed: 2 on or before the estimate, 1 late, 1 without an estimate.
    await insertCase(org, { status: 'Scheduled', createdAt: '2026-03-01T08:00:00.000Z' });
    const running = await insertCase(org, { createdAt: '2026-03-02T08:00:00.000Z', doctor: doctor.id });
    await insertCase(org, { createdAt: '2026-03-03T08:00:00.000Z', estimatedDischarge: '2026-03-04T08:00:00.000Z' });
    await insertCase(org, { createdAt: '2026-03-05T08:00:00.000Z', completedAt: '2026-03-10T10:00:00.000Z', estimatedDischarge: '2026-03-10T11:00:00.000Z' });
    await insertCase(org, { createdAt: '2026-03-05T08:00:00.000Z', completedAt: '2026-03-11T11:00:00.000Z', estimatedDischarge: '2026-03-11T11:00:00.000Z' });
    await insertCase(org, { createdAt: '2026-03-05T08:00:00.000Z', completedAt: '2026-03-12T12:00:00.000Z', estimatedDischarge: '2026-03-12T11:00:00.000Z' });
    await insertCase(org, { createdAt: '2026-03-05T08:00:00.000Z', completedAt: '2026-03-13T12:00:00.000Z' });

    await insertAppointment(org, '2026-03-17T21:59:59.999Z'); // yesterday, 23:59 in South Africa
    await insertAppointment(org, '2026-03-17T22:00:00.000Z'); // today (00:00 SAST), already past
    await insertAppointment(org, '2026-03-18T13:00:00.000Z'); // today, upcoming
    await insertAppointment(org, '2026-03-18T15:00:00.000Z', 'Cancelled');
    await insertAppointment(org, '2026-03-18T16:00:00.000Z', 'Completed'); // today, no longer upcoming
    await insertAppointment(org, '2026-03-18T21:59:59.999Z', 'In Progress'); // today (23:59 SAST), upcoming
    await insertAppointment(org, '2026-03-18T22:00:00.000Z'); // tomorrow (00:00 SAST), upcoming

    await insertBeds(org, ['Occupied', 'Occupied', 'Occupied', 'Available', 'Available', 'Available', 'Maintenance', 'Reserved']);

    await insertEntry(org, running, doctor.id, '2026-02-28T21:59:59.999Z', 60, 99_999); // last month (23:59 SAST)
    await insertEntry(org, running, doctor.id, '2026-02-28T22:00:00.000Z', 60, 10_000); // 1 March 00:00 SAST
    await insertEntry(org, running, doctor.id, '2026-03-18T09:00:00.000Z', 15, 2_550);
    await insertEntry(org, running, doctor.id, '2026-03-18T11:00:00.000Z', null, 0); // still running
    await insertEntry(org, running, doctor.id, '2026-03-31T22:00:00.000Z', 60, 77); // next month (1 April 00:00 SAST)
  });

  it("counts the organisation's own rows exactly", async () => {
    expect(await getDashboardStats(t.db, actorOf(org, admin.id), NOW)).toEqual({
      activePatients: 3,
      casesCompleted: 4,
      totalCases: 7,
      appointmentsToday: 4,
      upcomingAppointments: 3,
      teamMembers: 3,
      bedOccupancy: 38, // 3 of 8
      revenueImpactCents: 12_550,
      teamEfficiency: 67, // 2 of 3
      settlementRate: null, // a hospital keeps no settlement log (no court cases)
    });
  });

  it('sends revenue only to the roles that see it (SPEC §2.9: Administrator and Finance Staff)', async () => {
    const stats = (role: TenantActor['role']) => getDashboardStats(t.db, actorOf(org, admin.id, role), NOW);
    expect((await stats('Finance Staff')).revenueImpactCents).toBe(12_550);
    for (const role of ['Doctor', 'Nurse', 'Director', 'Case Manager'] as const) {
      expect((await stats(role)).revenueImpactCents).toBeNull();
    }
  });

  it('gives zeros and nulls (not a division by zero) for an empty organisation', async () => {
    const empty = await createOrganization(t.db, 'Empty Clinic');
    const user = await createUser(t.db, { organizationId: empty, role: 'Administrator' });
    expect(await getDashboardStats(t.db, actorOf(empty, user.id), NOW)).toEqual({
      activePatients: 0, casesCompleted: 0, totalCases: 0, appointmentsToday: 0, upcomingAppointments: 0,
      teamMembers: 1, bedOccupancy: null, revenueImpactCents: 0, teamEfficiency: null, settlementRate: null,
    });
  });

  it('counts Total Users by the one rule the User Management panel shows: active staff (issue 17)', async () => {
    const counted = await createOrganization(t.db, 'Counted Clinic');
    const head = await createUser(t.db, { organizationId: counted, role: 'Administrator' });
    await createUser(t.db, { organizationId: counted, role: 'Doctor' });
    await createUser(t.db, { organizationId: counted, role: 'Patient' }); // a member, not staff
    const gone = await createUser(t.db, { organizationId: counted, role: 'Nurse' });
    await t.db.updateTable('memberships').set({ status: 'inactive' }).where('user_id', '=', gone.id).execute(); // deactivated
    const cookie = await signIn(t.app, head.email);
    const stats = (await api('/api/dashboard/stats', cookie)).json() as { teamMembers: number };
    const members = (await api('/api/users', cookie)).json() as { status: string; role: string }[];
    expect(members).toHaveLength(4);
    // The written rule: the Administrator and the Doctor.
    expect(stats.teamMembers).toBe(2);
    expect(members.filter(isActiveStaff)).toHaveLength(2);
  });

  it('answers GET /api/dashboard/stats and its /api/dashboard-stats alias, and tRPC', async () => {
    const cookie = await signIn(t.app, admin.email);
    const res = await api('/api/dashboard/stats', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ activePatients: 3, casesCompleted: 4, totalCases: 7, teamMembers: 3, bedOccupancy: 38, teamEfficiency: 67 });
    const alias = await api('/api/dashboard-stats', cookie);
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(res.json());
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/dashboard.stats', headers: { cookie } });
    expect(trpc.json().result.data).toEqual(res.json());
  });
});

describe('dashboard.stats settlement rate (issue 20)', () => {
  // The rule (settlement-figures.ts): of the matters whose settlement log reached an outcome, the share
  // settled (an accepted offer, counter-offer, tender or mediation outcome) rather than ended by a
  // standing court order; a matter with both counts as settled; open / rejected / lapsed ones do not count.
  let firm: string;
  let head: { id: string; email: string };
  const legalActor = (organizationId: string, userId: string): TenantActor => ({ ...actorOf(organizationId, userId, 'Director'), platform: 'medicolegal' });

  async function logEvent(organizationId: string, caseId: string, kind: string, status: string, amountCents = 100_000_00) {
    const now = NOW.toISOString();
    await t.db
      .insertInto('settlement_events')
      .values({
        id: randomUUID(), organization_id: organizationId, case_id: caseId, kind: kind as never, occurred_on: '2026-03-01', from_side: kind === 'court-order' ? 'court' : 'opposing',
        amount_cents: amountCents, heads: '{}', status: status as never, note: null, recorded_by: null, created_at: now, updated_at: now,
      })
      .execute();
  }

  beforeAll(async () => {
    firm = await createOrganization(t.db, 'State Litigation Unit', 'medicolegal');
    head = await createUser(t.db, { organizationId: firm, role: 'Director' });
    const matter = () => insertCase(firm, { createdAt: '2026-01-05T08:00:00.000Z' });
    // Settled: an accepted offer; an accepted tender; an accepted mediation outcome; a counter-offer accepted then made an order of court.
    const offer = await matter();
    await logEvent(firm, offer, 'offer', 'rejected');
    await logEvent(firm, offer, 'offer', 'accepted');
    await logEvent(firm, await matter(), 'tender', 'accepted');
    await logEvent(firm, await matter(), 'mediation', 'accepted');
    const consent = await matter();
    await logEvent(firm, consent, 'counter-offer', 'accepted');
    await logEvent(firm, consent, 'court-order', 'final');
    // Ordered by a court: two matters (one after a rejected offer).
    const trial = await matter();
    await logEvent(firm, trial, 'offer', 'rejected');
    await logEvent(firm, trial, 'court-order', 'final');
    await logEvent(firm, await matter(), 'court-order', 'final');
    // Not concluded: still negotiating, a lapsed tender, a court order set aside (withdrawn).
    await logEvent(firm, await matter(), 'offer', 'open');
    await logEvent(firm, await matter(), 'tender', 'lapsed');
    await logEvent(firm, await matter(), 'court-order', 'withdrawn');
    // Another organisation's settled matter must not count.
    const elsewhere = await createOrganization(t.db, 'Other Firm', 'legal');
    await logEvent(elsewhere, await insertCase(elsewhere, { createdAt: '2026-01-05T08:00:00.000Z' }), 'offer', 'accepted');
  });

  it('is 4 settled of 6 concluded matters: 67%', async () => {
    expect((await getDashboardStats(t.db, legalActor(firm, head.id), NOW)).settlementRate).toBe(67);
  });

  it('is null for a legal organisation with no concluded matter, and over HTTP for a signed-in Director', async () => {
    const quiet = await createOrganization(t.db, 'Quiet Chambers', 'legal');
    const advocate = await createUser(t.db, { organizationId: quiet, role: 'Advocates' });
    await logEvent(quiet, await insertCase(quiet, { createdAt: '2026-01-05T08:00:00.000Z' }), 'offer', 'open');
    expect((await getDashboardStats(t.db, { ...legalActor(quiet, advocate.id), platform: 'legal' }, NOW)).settlementRate).toBeNull();
    const res = await api('/api/dashboard/stats', await signIn(t.app, head.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().settlementRate).toBe(67);
  });
});

describe('dashboard.workspace', () => {
  let org: string;
  let nurse: { id: string; email: string };
  let other: { id: string; email: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    org = await createOrganization(t.db, 'Workspace Clinic');
    nurse = await createUser(t.db, { organizationId: org, role: 'Nurse' });
    other = await createUser(t.db, { organizationId: org, role: 'Doctor' });
    const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T08:00:00.000Z`;
    ids.low = await insertCase(org, { createdAt: at(1), updatedAt: at(9), nurse: nurse.id, priority: 'Low' });
    ids.high = await insertCase(org, { createdAt: at(2), updatedAt: at(3), manager: nurse.id, priority: 'High' });
    ids.flagged = await insertCase(org, { createdAt: at(3), updatedAt: at(4), doctor: other.id, priority: 'Low', urgentFlags: ['Fall risk'] });
    ids.done = await insertCase(org, { createdAt: at(4), completedAt: at(12), nurse: nurse.id, priority: 'High' });
    ids.others = await insertCase(org, { createdAt: at(5), updatedAt: at(6), doctor: other.id, priority: 'Medium' });
    // orgB's High-priority cases of the same people never show: the tenant is the session's.
    await insertCase(orgB, { createdAt: at(6), updatedAt: at(16), nurse: nurse.id, priority: 'High' });

    await insertAppointment(org, '2026-03-18T09:00:00.000Z');
    await insertAppointment(org, '2026-03-18T10:00:00.000Z', 'Cancelled');
    await insertEntry(org, ids.low, nurse.id, '2026-03-02T08:00:00.000Z', 90, 45_000);
    await insertEntry(org, ids.low, nurse.id, '2026-03-18T08:00:00.000Z', null); // running: not yet billable
    await insertEntry(org, ids.low, nurse.id, '2026-02-20T08:00:00.000Z', 60, 30_000); // last month
    await insertEntry(org, ids.low, other.id, '2026-03-03T08:00:00.000Z', 60, 80_000); // someone else's
    const now = NOW.toISOString();
    await t.db.insertInto('support_chats').values([
      { id: randomUUID(), organization_id: org, initiator_id: nurse.id, title: 'Printer', category: 'Technical', priority: 'Low', status: 'Open', created_at: now, updated_at: now },
      { id: randomUUID(), organization_id: org, initiator_id: nurse.id, title: 'Login', category: 'Technical', priority: 'Low', status: 'Closed', created_at: now, updated_at: now },
    ]).execute();
  });

  it("counts the caller's own work and lists the cases most pressing first", async () => {
    const work = await getWorkspace(t.db, actorOf(org, nurse.id, 'Nurse'), NOW);
    expect(work.myCases.map((c) => c.id)).toEqual([ids.high, ids.low]);
    expect(work.myActiveCases).toBe(2);
    expect(work.watchList.map((c) => c.id)).toEqual([ids.high, ids.flagged]);
    expect(work.watchList[1]?.urgentFlags).toEqual(['Fall risk']);
    expect(work.recentUpdates.map((c) => c.id)).toEqual([ids.done, ids.low, ids.others, ids.flagged, ids.high]);
    expect(work.tasks).toEqual({ assignedCases: 2, appointmentsToday: 1, unreadMessages: 0, openSupportChats: 1, openTasks: 0, overdueTasks: 0 });
    expect(work.billable).toEqual({ entries: 1, minutes: 90, cents: 45_000 });
  });

  it('answers GET /api/dashboard/workspace for the signed-in person only', async () => {
    const cookie = await signIn(t.app, other.email);
    const res = await api('/api/dashboard/workspace', cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.myCases.map((c: { id: string }) => c.id)).toEqual([ids.others, ids.flagged]);
    expect(body.tasks.openSupportChats).toBe(0);
  });
});

describe('dashboard.performanceMetrics', () => {
  let org: string;
  let actor: TenantActor;
  const people: Record<'dineo' | 'mpho' | 'naledi' | 'wandile' | 'xolani', string> = { dineo: '', mpho: '', naledi: '', wandile: '', xolani: '' };
  let adminEmail: string;

  beforeAll(async () => {
    org = await createOrganization(t.db, 'Metrics Clinic');
    const admin = await createUser(t.db, { organizationId: org, role: 'Administrator', firstName: 'Zodwa' });
    adminEmail = admin.email;
    actor = actorOf(org, admin.id);
    people.dineo = (await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Dineo' })).id;
    people.mpho = (await createUser(t.db, { organizationId: org, role: 'Case Manager', firstName: 'Mpho' })).id;
    people.naledi = (await createUser(t.db, { organizationId: org, role: 'Nurse', firstName: 'Naledi' })).id;
    people.wandile = (await createUser(t.db, { organizationId: org, role: 'Clinical Staff', firstName: 'Wandile' })).id;
    people.xolani = (await createUser(t.db, { organizationId: org, role: 'Nurse', firstName: 'Xolani' })).id; // nothing to show
    await createUser(t.db, { organizationId: org, role: 'Patient', firstName: 'Pule' });
    const { dineo, mpho, naledi, wandile } = people;

    // 2.5 days and 1 day to completion; Dineo is on c1 twice (doctor and case manager): one case.
    const c1 = await insertCase(org, { createdAt: '2026-03-10T08:00:00.000Z', completedAt: '2026-03-12T20:00:00.000Z', doctor: dineo, nurse: naledi, manager: dineo });
    await insertCase(org, { createdAt: '2026-03-11T08:00:00.000Z', completedAt: '2026-03-12T08:00:00.000Z', manager: mpho });
    const c3 = await insertCase(org, { createdAt: '2026-03-18T09:00:00.000Z', doctor: dineo });
    const c4 = await insertCase(org, { createdAt: '2026-01-05T09:00:00.000Z', completedAt: '2026-03-01T09:00:00.000Z', doctor: dineo }); // 55 days
    await insertCase(org, { createdAt: '2025-12-31T23:30:00.000Z', nurse: naledi }); // 01:30 on New Year's Day in South Africa
    await insertCase(org, { createdAt: '2024-06-01T10:00:00.000Z', completedAt: '2024-06-11T10:00:00.000Z', doctor: dineo }); // 10 days
    await insertCase(org, { createdAt: '2020-05-05T10:00:00.000Z', completedAt: '2020-05-06T10:00:00.000Z', doctor: dineo }); // before every window
    // Completed once, then reopened: neither completed nor counted twice.
    await insertCase(org, { status: 'In Progress', createdAt: '2019-01-01T10:00:00.000Z', completedAt: null, manager: mpho });

    await insertEntry(org, c3, dineo, '2026-03-17T10:00:00.000Z', 90);
    await insertEntry(org, c3, dineo, '2026-03-18T11:00:00.000Z', null); // running: nothing logged yet
    await insertEntry(org, c4, dineo, '2026-02-01T10:00:00.000Z', 60);
    await insertEntry(org, c1, naledi, '2026-03-12T10:00:00.000Z', 30);
    await insertEntry(org, c3, wandile, '2026-03-16T08:00:00.000Z', 45);
  });

  const zero = (bucket: string): TPerformancePoint => ({ bucket, casesOpened: 0, casesCompleted: 0, averageDaysToCompletion: null });
  const name = (first: string) => `${first} Nkosi`;

  it('daily: the last 14 days, by day', async () => {
    const m = await getPerformanceMetrics(t.db, actor, 'daily', NOW);
    expect(m.period).toBe('daily');
    expect(m.from).toBe('2026-03-04T22:00:00.000Z'); // midnight of 5 March in South Africa
    expect(m.to).toBe(NOW.toISOString());
    const expected = Array.from({ length: 14 }, (_, i) => zero(`2026-03-${String(5 + i).padStart(2, '0')}`));
    expected[5] = { bucket: '2026-03-10', casesOpened: 1, casesCompleted: 0, averageDaysToCompletion: null };
    expected[6] = { bucket: '2026-03-11', casesOpened: 1, casesCompleted: 0, averageDaysToCompletion: null };
    expected[7] = { bucket: '2026-03-12', casesOpened: 0, casesCompleted: 2, averageDaysToCompletion: 1.8 }; // (2.5 + 1) / 2
    expected[13] = { bucket: '2026-03-18', casesOpened: 1, casesCompleted: 0, averageDaysToCompletion: null };
    expect(m.series).toEqual(expected);
    expect(m.staffWorkload).toEqual([
      { userId: people.dineo, name: name('Dineo'), role: 'Doctor', activeCases: 1, completedCases: 1, hoursLogged: 1.5 },
      { userId: people.mpho, name: name('Mpho'), role: 'Case Manager', activeCases: 1, completedCases: 1, hoursLogged: 0 },
      { userId: people.naledi, name: name('Naledi'), role: 'Nurse', activeCases: 1, completedCases: 1, hoursLogged: 0.5 },
      { userId: people.wandile, name: name('Wandile'), role: 'Clinical Staff', activeCases: 0, completedCases: 0, hoursLogged: 0.8 },
    ]);
  });

  it('weekly: the last 12 weeks, starting on Monday', async () => {
    const m = await getPerformanceMetrics(t.db, actor, 'weekly', NOW);
    const mondays = ['2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16'];
    expect(m.from).toBe('2025-12-28T22:00:00.000Z');
    const expected = mondays.map(zero);
    expected[0] = { bucket: '2025-12-29', casesOpened: 1, casesCompleted: 0, averageDaysToCompletion: null };
    expected[1] = { bucket: '2026-01-05', casesOpened: 1, casesCompleted: 0, averageDaysToCompletion: null };
    expected[8] = { bucket: '2026-02-23', casesOpened: 0, casesCompleted: 1, averageDaysToCompletion: 55 }; // Sunday 1 March ends that week
    expected[10] = { bucket: '2026-03-09', casesOpened: 2, casesCompleted: 2, averageDaysToCompletion: 1.8 };
    expected[11] = { bucket: '2026-03-16', casesOpened: 1, casesCompleted: 0, averageDaysToCompletion: null };
    expect(m.series).toEqual(expected);
    expect(m.staffWorkload.map((w) => [w.name, w.activeCases, w.completedCases, w.hoursLogged])).toEqual([
      [name('Dineo'), 1, 2, 2.5],
      [name('Mpho'), 1, 1, 0],
      [name('Naledi'), 1, 1, 0.5],
      [name('Wandile'), 0, 0, 0.8],
    ]);
  });

  it('monthly: the last 12 months', async () => {
    const m = await getPerformanceMetrics(t.db, actor, 'monthly', NOW);
    expect(m.series.map((p) => p.bucket)).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]);
    expect(m.series.filter((p) => p.casesOpened || p.casesCompleted)).toEqual([
      { bucket: '2026-01', casesOpened: 2, casesCompleted: 0, averageDaysToCompletion: null },
      { bucket: '2026-03', casesOpened: 3, casesCompleted: 3, averageDaysToCompletion: 19.5 }, // (2.5 + 1 + 55) / 3
    ]);
    expect(m.staffWorkload.find((w) => w.userId === people.dineo)).toMatchObject({ activeCases: 1, completedCases: 2, hoursLogged: 2.5 });
  });

  it('yearly: the last 5 years', async () => {
    const m = await getPerformanceMetrics(t.db, actor, 'yearly', NOW);
    expect(m.from).toBe('2021-12-31T22:00:00.000Z');
    expect(m.series).toEqual([
      zero('2022'),
      zero('2023'),
      { bucket: '2024', casesOpened: 1, casesCompleted: 1, averageDaysToCompletion: 10 },
      zero('2025'),
      { bucket: '2026', casesOpened: 5, casesCompleted: 3, averageDaysToCompletion: 19.5 },
    ]);
    expect(m.staffWorkload.find((w) => w.userId === people.dineo)).toMatchObject({ activeCases: 1, completedCases: 3, hoursLogged: 2.5 });
    expect(m.staffWorkload.map((w) => w.userId)).not.toContain(people.xolani);
  });

  it('answers GET /api/performance-metrics?period=… with the current buckets', async () => {
    const cookie = await signIn(t.app, adminEmail);
    const weekly = await api('/api/performance-metrics?period=weekly', cookie);
    expect(weekly.statusCode).toBe(200);
    const buckets = weekly.json().series.map((p: { bucket: string }) => p.bucket);
    const thisMonday = dayKey(startOfWeek(new Date()));
    expect(buckets).toHaveLength(12);
    expect(buckets.at(-1)).toBe(thisMonday);
    expect(new Date(`${buckets[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    const daily = await api('/api/performance-metrics?period=daily', cookie);
    expect(daily.json().series.at(-1).bucket).toBe(dayKey());
    expect((await api('/api/performance-metrics?period=yearly', cookie)).json().series).toHaveLength(5);
    const input = encodeURIComponent(JSON.stringify({ period: 'monthly' }));
    const trpc = await t.app.inject({ method: 'GET', url: `/trpc/dashboard.performanceMetrics?input=${input}`, headers: { cookie } });
    expect(trpc.json().result.data.series).toHaveLength(12);
  });

  it('rejects an unknown or missing period with a 400 naming period', async () => {
    const cookie = await signIn(t.app, adminEmail);
    for (const query of ['?period=hourly', '?period=', '']) {
      const res = await api(`/api/performance-metrics${query}`, cookie);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['period']);
    }
  });
});

describe('roles', () => {
  it('refuses a role without the capability (403) and strangers (401)', async () => {
    const org = await createOrganization(t.db, 'Roles Clinic');
    const patient = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Patient' })).email);
    for (const url of ['/api/dashboard/stats', '/api/dashboard-stats', '/api/performance-metrics?period=daily']) {
      expect((await api(url, patient)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
