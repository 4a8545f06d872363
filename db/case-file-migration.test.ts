import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../src/server/test-support/test-app';
import { type TestDatabase, openTestDatabase } from '../src/server/test-support/test-database';
import { migrateTo, migrateToLatest } from './migrate';

// Migration 0012 over cases written before it: each gets a reference in the order it was opened,
// per organisation and year, and the three fixed slots become team members in the platform's roles.

let database: TestDatabase;
let hospital: string;
let firm: string;
const doctor = { id: '' };
const attorney = { id: '' };

async function insertCase(organizationId: string, createdAt: string, slots: { doctor?: string; nurse?: string; manager?: string } = {}) {
  const id = randomUUID();
  await database.db
    .insertInto('cases')
    .values({ id, organization_id: organizationId, patient_name: 'Thandi Mokoena', patient_user_id: null, case_type: 'Check-up', description: null, scheduled_date: null, assigned_doctor_id: slots.doctor ?? null, assigned_nurse_id: slots.nurse ?? null, case_manager_id: slots.manager ?? null, department: null, admission_date: null, estimated_discharge: null, completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null, created_at: createdAt, updated_at: createdAt } as never)
    .execute();
  return id;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateTo(database.db, '0011-onboarding-platforms');
  hospital = await createOrganization(database.db, 'Tshwane Central Hospital');
  firm = await createOrganization(database.db, 'Mokoena and Partners Attorneys', 'legal');
  doctor.id = (await createUser(database.db, { organizationId: hospital, role: 'Doctor' })).id;
  attorney.id = (await createUser(database.db, { organizationId: firm, role: 'Attorneys' })).id;
  // Inserted out of order: numbering follows created_at, not insertion.
  ids.second2025 = await insertCase(hospital, '2025-06-02T10:00:00.000Z', { doctor: doctor.id, nurse: doctor.id });
  ids.first2025 = await insertCase(hospital, '2025-03-01T10:00:00.000Z');
  ids.first2026 = await insertCase(hospital, '2026-01-05T10:00:00.000Z');
  ids.firm2026 = await insertCase(firm, '2026-02-01T10:00:00.000Z', { doctor: attorney.id, manager: attorney.id });
  await migrateToLatest(database.db);
}, 60_000);
afterAll(() => database.dispose());

const referenceOf = async (id: string) => (await database.db.selectFrom('cases').select('reference').where('id', '=', id).executeTakeFirstOrThrow()).reference;

describe('migration 0012 over existing cases', () => {
  it('numbers the cases per organisation and year in the order they were opened, with the organisation’s initials', async () => {
    expect(await referenceOf(ids.first2025!)).toBe('TCH-2025-00001');
    expect(await referenceOf(ids.second2025!)).toBe('TCH-2025-00002');
    expect(await referenceOf(ids.first2026!)).toBe('TCH-2026-00001');
    expect(await referenceOf(ids.firm2026!)).toBe('MPA-2026-00001');
  });

  it('keeps counters so the next case continues the numbering', async () => {
    const counters = await database.db.selectFrom('case_reference_counters').selectAll().where('organization_id', '=', hospital).orderBy('year').execute();
    expect(counters.map((c) => [Number(c.year), Number(c.last_number)])).toEqual([[2025, 2], [2026, 1]]);
  });

  it('turns the three fixed slots into team members in the platform’s roles', async () => {
    const team = async (caseId: string) =>
      (await database.db.selectFrom('case_team').select(['user_id', 'role_on_case']).where('case_id', '=', caseId).orderBy('role_on_case').execute()).map((m) => [m.user_id, m.role_on_case]);
    expect(await team(ids.second2025!)).toEqual([[doctor.id, 'attending-doctor'], [doctor.id, 'nurse']]);
    expect(await team(ids.firm2026!)).toEqual([[attorney.id, 'case-coordinator'], [attorney.id, 'responsible-attorney']]);
    expect(await team(ids.first2025!)).toEqual([]);
  });

  it('starts every case at version 1 and unrestricted', async () => {
    const row = await database.db.selectFrom('cases').select(['version', 'restricted']).where('id', '=', ids.first2025!).executeTakeFirstOrThrow();
    expect([Number(row.version), Number(row.restricted)]).toEqual([1, 0]);
  });
});
