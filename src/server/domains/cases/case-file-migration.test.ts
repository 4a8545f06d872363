import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as caseFile from '../../../../db/migrations/0012-case-file';
import { type TestDatabase, openTestDatabase } from '../../test-support/test-database';

// Migration 0012 on an organisation that already has cases: the three fixed slots become team
// members in the roles the platform names them, and every case gets a reference in the order it
// was opened. Run as the migration runs on a live database: 0011's schema with data, then 0012.

let database: TestDatabase;
const at = (day: number) => `2025-0${day}-10T08:00:00.000Z`;

beforeAll(async () => {
  database = await openTestDatabase();
  await caseFile.down(database.db);
});
afterAll(() => database.dispose());

async function insertUser(db: TestDatabase['db'], firstName: string) {
  const id = randomUUID();
  await db.insertInto('users').values({ id, email: `${id}@test.example`, password_hash: null, first_name: firstName, last_name: 'Nkosi', department: null, profile_image_url: null, last_seen_at: null, created_at: at(1), updated_at: at(1) }).execute();
  return id;
}

describe('migration 0012 (case file)', () => {
  it("turns each organisation's slot assignments into team members and numbers the cases", async () => {
    const db = database.db;
    const hospital = randomUUID();
    const firm = randomUUID();
    for (const [id, name, platform] of [[hospital, 'Tshwane Central Hospital', 'healthcare'], [firm, 'Mokoena and Partners', 'legal']] as const) {
      await db.insertInto('organizations').values({ id, slug: id, name, platform, type: 'Hospital', address: null, city: null, province: null, postal_code: null, phone: null, email: null, registration_number: null, trial_ends_at: null, max_users: null, created_at: at(1), updated_at: at(1) }).execute();
    }
    const doctor = await insertUser(db, 'Sipho');
    const nurse = await insertUser(db, 'Lerato');
    const attorney = await insertUser(db, 'Kagiso');
    const insertCase = async (organizationId: string, day: number, slots: { doctor?: string; nurse?: string; manager?: string }) => {
      const id = randomUUID();
      // Through plain SQL: the typed schema already has 0012's columns, this database does not yet.
      await sql`insert into cases (id, organization_id, patient_name, case_type, priority, status, assigned_doctor_id, assigned_nurse_id, case_manager_id, progress_percentage, urgent_flags, created_at, updated_at)
        values (${id}, ${organizationId}, 'Patient', 'General', 'Medium', 'Scheduled', ${slots.doctor ?? null}, ${slots.nurse ?? null}, ${slots.manager ?? null}, 0, '[]', ${at(day)}, ${at(day)})`.execute(db);
      return id;
    };
    const second = await insertCase(hospital, 3, { doctor, nurse });
    const first = await insertCase(hospital, 2, { manager: nurse });
    const legal = await insertCase(firm, 2, { doctor: attorney });

    await caseFile.up(db);

    const team = await db.selectFrom('case_team').select(['case_id', 'user_id', 'role_on_case']).orderBy('case_id').orderBy('id').execute();
    expect(team.filter((m) => m.case_id === second)).toEqual([
      { case_id: second, user_id: doctor, role_on_case: 'attending_doctor' },
      { case_id: second, user_id: nurse, role_on_case: 'nurse' },
    ]);
    expect(team.filter((m) => m.case_id === first)).toEqual([{ case_id: first, user_id: nurse, role_on_case: 'case_manager' }]);
    expect(team.filter((m) => m.case_id === legal)).toEqual([{ case_id: legal, user_id: attorney, role_on_case: 'responsible_attorney' }]);

    const references = new Map((await db.selectFrom('cases').select(['id', 'reference']).execute()).map((c) => [c.id, c.reference]));
    expect(references.get(first)).toBe('TCH-2025-00001');
    expect(references.get(second)).toBe('TCH-2025-00002');
    expect(references.get(legal)).toBe('MP-2025-00001');
    const counter = await db.selectFrom('case_reference_counters').select('last_number').where('organization_id', '=', hospital).executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(2);
  });
});
