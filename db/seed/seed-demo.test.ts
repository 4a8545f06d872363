import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { hashPassword, verifyPassword } from '../../src/server/auth/password';
import { type TestDatabase, openTestDatabase } from '../../src/server/test-support/test-database';
import { type SeedResult, seedDemoData } from './seed-demo';
import { PARTY_ROLES_BY_PLATFORM } from '../../src/shared/domain/case-parties';
import { checkSaIdNumber } from '../../src/shared/sa/sa-id-number';

// Runs on the dialect of the vitest project (a fresh migrated SQLite file, or Postgres).

const PASSWORD = 'demo-password-for-tests';
const NOW = new Date('2026-03-04T08:30:00.000Z'); // a Wednesday, 10:30 in South Africa
const DAY = 86_400_000;

const ALL_TABLES = [
  'organizations', 'users', 'memberships', 'staff_hourly_rates', 'cases', 'appointments', 'messages',
  'message_recipients', 'educational_resources', 'beds', 'bed_assignments', 'crm_integrations',
  'time_entries', 'support_chats', 'chat_messages', 'trial_requests', 'registration_requests', 'audit_events',
  'test_results', 'medications', 'patient_profiles', 'people', 'case_parties', 'case_conflict_checks',
  'appointment_attendees',
] as const;

const TENANT_TABLES = [
  'memberships', 'staff_hourly_rates', 'cases', 'appointments', 'messages', 'message_recipients',
  'educational_resources', 'beds', 'bed_assignments', 'crm_integrations', 'time_entries', 'support_chats', 'chat_messages',
  'test_results', 'medications', 'patient_profiles', 'people', 'case_parties', 'case_conflict_checks',
] as const;

async function countRows(db: Kysely<DB>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ALL_TABLES) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe('seedDemoData', () => {
  let database: TestDatabase;
  let db: Kysely<DB>;
  let first: SeedResult;
  let second: SeedResult;
  let afterFirst: Record<string, number>;
  let afterSecond: Record<string, number>;
  let orgIds: Map<string, string>; // id → slug
  let members: Set<string>; // `${organizationId}:${userId}`

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await expect(seedDemoData(db, { password: 'short', hashPassword, now: NOW })).rejects.toThrow(/at least 8/);
    first = await seedDemoData(db, { password: PASSWORD, hashPassword, now: NOW });
    afterFirst = await countRows(db);
    second = await seedDemoData(db, { password: 'another-password', hashPassword, now: new Date(NOW.getTime() + DAY) });
    afterSecond = await countRows(db);
    const orgs = await db.selectFrom('organizations').select(['id', 'slug']).execute();
    orgIds = new Map(orgs.map((o) => [o.id, o.slug]));
    const memberships = await db.selectFrom('memberships').select(['organization_id', 'user_id']).execute();
    members = new Set(memberships.map((m) => `${m.organization_id}:${m.user_id}`));
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('creates the demo once, and a second run writes nothing', () => {
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.credentials).toEqual(first.credentials);
    expect(afterSecond).toEqual(afterFirst);
    expect(afterFirst).toMatchObject({ organizations: 3, cases: 55, beds: 30, audit_events: 0 });
    expect([...orgIds.values()].sort()).toEqual(
      ['gauteng-state-litigation', 'mokoena-partners-attorneys', 'thornhill-community-hospital'],
    );
  });

  it('keeps every tenant-owned row inside one of the three demo organisations', async () => {
    for (const table of TENANT_TABLES) {
      const rows = await db.selectFrom(table).select('organization_id').execute();
      expect(rows.length, table).toBeGreaterThan(0);
      const strays = rows.filter((r) => r.organization_id === null || !orgIds.has(r.organization_id));
      expect(strays, table).toEqual([]);
    }
  });

  it('only ever points at people of the same organisation', async () => {
    const cases = await db.selectFrom('cases')
      .select(['organization_id', 'assigned_doctor_id', 'assigned_nurse_id', 'case_manager_id', 'patient_user_id'])
      .execute();
    for (const c of cases) {
      for (const userId of [c.assigned_doctor_id, c.assigned_nurse_id, c.case_manager_id, c.patient_user_id]) {
        if (userId) expect(members.has(`${c.organization_id}:${userId}`)).toBe(true);
      }
    }
    const recipients = await db.selectFrom('message_recipients').select(['organization_id', 'user_id']).execute();
    expect(recipients.length).toBeGreaterThan(0);
    expect(recipients.filter((r) => !members.has(`${r.organization_id}:${r.user_id}`))).toEqual([]);
    const entries = await db.selectFrom('time_entries')
      .innerJoin('cases', 'cases.id', 'time_entries.case_id')
      .select(['time_entries.organization_id as org', 'cases.organization_id as caseOrg', 'time_entries.user_id'])
      .execute();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => !(e.org === e.caseOrg && members.has(`${e.org}:${e.user_id}`)))).toEqual([]);
  });

  it('sends each broadcast to every other active staff member of its organisation, never to a Patient', async () => {
    const messages = await db.selectFrom('messages').select(['id', 'organization_id', 'sender_id']).where('message_type', '=', 'broadcast').execute();
    const recipients = await db.selectFrom('message_recipients').select(['message_id', 'user_id']).execute();
    const memberships = await db.selectFrom('memberships').select(['organization_id', 'user_id']).where('status', '=', 'active').where('role', '!=', 'Patient').execute();
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) {
      const expected = memberships.filter((x) => x.organization_id === m.organization_id && x.user_id !== m.sender_id).map((x) => x.user_id).sort();
      const actual = recipients.filter((r) => r.message_id === m.id).map((r) => r.user_id).sort();
      expect(actual).toEqual(expected);
    }
  });

  it("gives the demo Patient a profile, results, medications, upcoming visits and a conversation with his surgeon", async () => {
    const patient = await db.selectFrom('users').select('id').where('email', '=', 'patient@thornhill-hospital.example').executeTakeFirstOrThrow();
    const kase = await db.selectFrom('cases').select(['id', 'organization_id', 'assigned_doctor_id']).where('patient_user_id', '=', patient.id).executeTakeFirstOrThrow();
    const profile = await db.selectFrom('patient_profiles').selectAll().where('user_id', '=', patient.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ organization_id: kase.organization_id, medical_aid_scheme: expect.stringContaining('Bonitas') });

    const results = await db.selectFrom('test_results').select(['status', 'ordered_at', 'resulted_at']).where('case_id', '=', kase.id).execute();
    expect(results.length).toBeGreaterThanOrEqual(4);
    expect(results.map((r) => r.status)).toEqual(expect.arrayContaining(['Pending', 'Abnormal', 'Final']));
    for (const r of results) {
      expect(r.ordered_at <= NOW.toISOString()).toBe(true);
      expect(r.status === 'Pending' ? r.resulted_at === null : r.resulted_at! <= NOW.toISOString() && r.resulted_at! > r.ordered_at).toBe(true);
    }
    const others = await db.selectFrom('test_results').select('case_id').where('case_id', '!=', kase.id).execute();
    expect(new Set(others.map((r) => r.case_id)).size).toBeGreaterThanOrEqual(3);
    expect(await db.selectFrom('medications').select('status').where('case_id', '=', kase.id).execute()).toHaveLength(3);

    const upcoming = await db.selectFrom('appointments').select('id').where('case_id', '=', kase.id).where('status', '=', 'Scheduled').where('start_time', '>', NOW.toISOString()).execute();
    expect(upcoming.length).toBeGreaterThanOrEqual(2);

    const direct = await db.selectFrom('messages').select(['id', 'sender_id', 'recipient_id', 'organization_id']).where('message_type', '=', 'direct').execute();
    expect(direct.length).toBeGreaterThanOrEqual(2);
    const recipients = await db.selectFrom('message_recipients').select(['message_id', 'user_id']).where('message_id', 'in', direct.map((m) => m.id)).execute();
    for (const m of direct) {
      expect([m.sender_id, m.recipient_id].sort()).toEqual([patient.id, kase.assigned_doctor_id].sort());
      expect(recipients.filter((r) => r.message_id === m.id).map((r) => r.user_id)).toEqual([m.recipient_id]);
    }
  });

  it("records Thabo Mabaso's penicillin allergy and Johannes van der Merwe's \"no known allergies\" (issue 31)", async () => {
    const allergies = await db.selectFrom('allergies').innerJoin('people', 'people.id', 'allergies.person_id').select(['people.full_name', 'allergies.substance', 'allergies.severity']).execute();
    expect(allergies).toEqual(expect.arrayContaining([{ full_name: 'Thabo Mabaso', substance: 'Penicillin', severity: 'severe' }]));
    const none = await db.selectFrom('people').select(['full_name', 'no_known_allergies_at']).where('full_name', '=', 'Johannes van der Merwe').execute();
    expect(none.map((p) => p.no_known_allergies_at)).toEqual([expect.any(String)]);
  });

  it('gives each Occupied bed a patient and one open assignment, and no other bed either', async () => {
    const beds = await db.selectFrom('beds').select(['id', 'status', 'patient_id', 'bed_number']).execute();
    const open = await db
      .selectFrom('bed_assignments')
      .innerJoin('cases', 'cases.id', 'bed_assignments.case_id')
      .innerJoin('people', 'people.id', 'cases.person_id')
      .select(['bed_assignments.bed_id', 'bed_assignments.patient_id', 'cases.patient_name', 'people.folder_number'])
      .where('bed_assignments.released_at', 'is', null)
      .execute();
    const occupied = beds.filter((b) => b.status === 'Occupied');
    expect(occupied.length).toBeGreaterThan(0);
    for (const bed of beds) {
      const assignments = open.filter((a) => a.bed_id === bed.id);
      if (bed.status === 'Occupied') {
        // Issue 31: the patient's name (the hospital's folder number is on the person), and the stay has a case.
        expect(assignments.map((a) => [a.patient_id, a.patient_name])).toEqual([[bed.patient_id, bed.patient_id]]);
        expect(assignments[0]!.folder_number).toMatch(/^\d{7}$/);
      } else {
        expect(bed.patient_id).toBeNull();
        expect(assignments).toEqual([]);
      }
    }
    const admitted = await db.selectFrom('cases').select('bed_number').where('bed_number', 'is not', null).execute();
    expect(admitted.map((c) => c.bed_number).sort()).toEqual(occupied.map((b) => b.bed_number).sort());
  });

  it('costs every time entry at its person\'s rate, rounded to the cent', async () => {
    const entries = await db.selectFrom('time_entries')
      .select(['user_id', 'start_time', 'end_time', 'duration_minutes', 'hourly_rate_cents', 'total_cost_cents'])
      .execute();
    const rates = new Map((await db.selectFrom('staff_hourly_rates').select(['user_id', 'hourly_rate_cents']).execute())
      .map((r) => [r.user_id, r.hourly_rate_cents]));
    const running = entries.filter((e) => e.end_time === null);
    expect(running.length).toBeGreaterThan(0);
    for (const e of running) {
      expect(e.duration_minutes).toBeNull();
      expect(e.total_cost_cents).toBe(0);
    }
    for (const e of entries.filter((x) => x.end_time !== null)) {
      const minutes = e.duration_minutes ?? Number.NaN;
      expect(rates.get(e.user_id)).toBe(e.hourly_rate_cents);
      expect((Date.parse(e.end_time ?? '') - Date.parse(e.start_time)) / 60_000).toBe(minutes);
      expect(e.total_cost_cents).toBe(Math.round((e.hourly_rate_cents * minutes) / 60));
    }
  });

  it('gives every appointment attendees who are members, and the hospital tomorrow\'s clinics of three doctors', async () => {
    const appointments = await db.selectFrom('appointments').select(['id', 'organization_id', 'start_time']).execute();
    const attendees = await db.selectFrom('appointment_attendees').select(['appointment_id', 'user_id', 'organization_id']).execute();
    expect(appointments.length).toBeGreaterThan(0);
    const attended = new Set(attendees.map((a) => a.appointment_id));
    expect(appointments.filter((a) => !attended.has(a.id))).toEqual([]);
    const orgOf = new Map(appointments.map((a) => [a.id, a.organization_id]));
    expect(attendees.filter((a) => orgOf.get(a.appointment_id) !== a.organization_id || !members.has(`${a.organization_id}:${a.user_id}`))).toEqual([]);

    // Tomorrow in South Africa: 2026-03-05 (NOW is Wednesday 4 March, 10:30 SAST).
    const hospital = [...orgIds].find(([, slug]) => slug === 'thornhill-community-hospital')![0];
    const doctors = await db
      .selectFrom('appointment_attendees as a')
      .innerJoin('appointments as o', 'o.id', 'a.appointment_id')
      .innerJoin('memberships as m', (j) => j.onRef('m.user_id', '=', 'a.user_id').onRef('m.organization_id', '=', 'a.organization_id'))
      .select('a.user_id')
      .distinct()
      .where('o.organization_id', '=', hospital)
      .where('m.role', '=', 'Doctor')
      .where('o.start_time', '>=', '2026-03-04T22:00:00.000Z')
      .where('o.start_time', '<', '2026-03-05T22:00:00.000Z')
      .execute();
    expect(doctors).toHaveLength(3);
  });

  it('places activity around `now`: past work is finished, scheduled work lies ahead', async () => {
    const now = NOW.toISOString();
    const appointments = await db.selectFrom('appointments').select(['start_time', 'end_time', 'status']).execute();
    for (const a of appointments) {
      expect(a.end_time > a.start_time).toBe(true);
      if (a.status === 'Scheduled') expect(a.start_time > now).toBe(true);
      if (a.status === 'Completed') expect(a.end_time <= now).toBe(true);
    }
    const cases = await db.selectFrom('cases').select(['status', 'progress_percentage', 'completed_at', 'admission_date']).execute();
    for (const c of cases) {
      if (c.status === 'Completed') expect([c.progress_percentage, c.completed_at! <= now]).toEqual([100, true]);
      if (c.status === 'Scheduled') expect([c.progress_percentage, c.admission_date! > now]).toEqual([0, true]);
      if (c.status === 'In Progress') expect(c.progress_percentage > 0 && c.progress_percentage < 100 && c.admission_date! < now).toBe(true);
    }
    const entries = await db.selectFrom('time_entries').select(['start_time', 'end_time']).execute();
    const sixtyDaysAgo = new Date(NOW.getTime() - 61 * DAY).toISOString();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => !(e.start_time >= sixtyDaysAgo && (e.end_time ?? e.start_time) <= now))).toEqual([]);
  });

  it('gives every case a person with a valid SA ID number agreeing with their birth date and sex; organisations carry none', async () => {
    const rows = await db
      .selectFrom('cases')
      .leftJoin('people', 'people.id', 'cases.person_id')
      .select(['cases.patient_name', 'cases.organization_id', 'people.organization_id as person_org', 'people.full_name', 'people.kind', 'people.id_number', 'people.date_of_birth', 'people.sex'])
      .execute();
    expect(rows.length).toBe(55); // 25 + 15 + 15 seeded cases (src/shared/sample-cases)
    for (const row of rows) {
      expect(row.person_org, row.patient_name).toBe(row.organization_id);
      expect(row.full_name).toBe(row.patient_name);
      if (row.kind === 'organization') {
        expect(row.id_number, row.patient_name).toBeNull();
        continue;
      }
      const check = checkSaIdNumber(row.id_number ?? '', '2026-03-04');
      expect(check.ok, `${row.patient_name} ${row.id_number}`).toBe(true);
      if (check.ok) expect([check.facts.dateOfBirth, check.facts.sex]).toEqual([row.date_of_birth, row.sex]);
    }
    expect(rows.filter((r) => r.kind === 'person').length).toBeGreaterThan(40);
    expect(rows.filter((r) => r.kind === 'organization').map((r) => r.patient_name)).toContain('Ubuntu Logistics (Pty) Ltd');
  });

  it('holds each SA ID number once per organisation among live people (issue 32)', async () => {
    const repeated = await db
      .selectFrom('people')
      .select(['organization_id', 'id_number', (eb) => eb.fn.countAll<number>().as('n')])
      .where('id_number', 'is not', null)
      .where('merged_into_id', 'is', null)
      .groupBy(['organization_id', 'id_number'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(repeated).toEqual([]);
    const withNumbers = await db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('n')).where('id_number', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(withNumbers.n)).toBeGreaterThan(40);
  });

  it('links the portal Patient to their person (with the profile\'s birth date) and has a returning person on each platform', async () => {
    const thabo = await db.selectFrom('people').innerJoin('users', 'users.id', 'people.user_id').select(['people.full_name', 'people.date_of_birth', 'people.medical_aid_scheme']).where('users.email', 'like', 'patient@%').executeTakeFirstOrThrow();
    expect(thabo).toEqual({ full_name: 'Thabo Mabaso', date_of_birth: '1958-04-12', medical_aid_scheme: 'Bonitas Medical Fund (BonComprehensive)' });
    const returning = await db
      .selectFrom('cases')
      .innerJoin('organizations', 'organizations.id', 'cases.organization_id')
      .select(['organizations.platform', 'cases.person_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['organizations.platform', 'cases.person_id'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(returning.map((r) => r.platform).sort()).toEqual(['healthcare', 'legal', 'medicolegal']);
  });

  it('puts parties on cases of every platform, in roles of that platform, and records a conflict check at the law firm', async () => {
    const parties = await db
      .selectFrom('case_parties')
      .innerJoin('cases', 'cases.id', 'case_parties.case_id')
      .innerJoin('people', 'people.id', 'case_parties.person_id')
      .innerJoin('organizations', 'organizations.id', 'cases.organization_id')
      .select(['organizations.platform', 'case_parties.role', 'people.full_name', 'people.kind', 'people.organization_id', 'cases.organization_id as case_org'])
      .execute();
    for (const platform of ['healthcare', 'legal', 'medicolegal'] as const) {
      const mine = parties.filter((p) => p.platform === platform);
      expect(mine.length, platform).toBeGreaterThanOrEqual(5);
      for (const p of mine) expect(PARTY_ROLES_BY_PLATFORM[platform]).toContain(p.role);
    }
    for (const p of parties) expect(p.organization_id).toBe(p.case_org);
    const has = (platform: string, role: string, name?: string) => parties.some((p) => p.platform === platform && p.role === role && (!name || p.full_name === name));
    expect(has('healthcare', 'next-of-kin') && has('healthcare', 'referring-doctor') && has('healthcare', 'medical-aid', 'Discovery Health Medical Scheme')).toBe(true);
    expect(has('legal', 'opposing-attorney') && has('legal', 'defendant') && has('legal', 'advocate')).toBe(true);
    expect(has('medicolegal', 'defendant', 'MEC for Health, Gauteng') && has('medicolegal', 'state-attorney') && has('medicolegal', 'expert') && has('medicolegal', 'curator-ad-litem')).toBe(true);
    expect(parties.find((p) => p.full_name === 'MEC for Health, Gauteng')?.kind).toBe('organization');
    const checks = await db.selectFrom('case_conflict_checks').innerJoin('organizations', 'organizations.id', 'case_conflict_checks.organization_id').select(['organizations.platform', 'result', 'checked_by', 'checked_at']).execute();
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ platform: 'legal', result: 'conflict-noted' });
    expect(checks[0]!.checked_by).not.toBeNull();
  });

  it('lets every highlighted demo account sign in with the given password', async () => {
    expect(first.credentials).toHaveLength(15);
    const users = await db.selectFrom('users')
      .leftJoin('memberships', 'memberships.user_id', 'users.id')
      .leftJoin('organizations', 'organizations.id', 'memberships.organization_id')
      .select(['users.email', 'users.password_hash', 'users.is_super_admin', 'memberships.role', 'organizations.name'])
      .where('users.email', 'in', first.credentials.map((c) => c.email))
      .execute();
    expect(users).toHaveLength(first.credentials.length);
    for (const credential of first.credentials) {
      const user = users.find((u) => u.email === credential.email);
      expect(await verifyPassword(user?.password_hash ?? '', PASSWORD)).toBe(true);
      if (credential.role === 'Super Admin') expect([user?.is_super_admin, user?.role ?? null]).toEqual([1, null]);
      else expect([user?.role, user?.name]).toEqual([credential.role, credential.organization]);
    }
  });
});
