import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../src/server/test-support/test-app';
import { type TestDatabase, openTestDatabase } from '../src/server/test-support/test-database';
import { nowIso } from './time';
import { isUniqueViolation } from './unique-violation';

// The database itself refuses what two concurrent requests could otherwise both write.

let database: TestDatabase;
let orgId: string;
let userId: string;
let caseId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  orgId = await createOrganization(database.db, 'Index Clinic');
  userId = (await createUser(database.db, { organizationId: orgId, role: 'Doctor' })).id;
  caseId = randomUUID();
  const now = nowIso();
  await database.db.insertInto('cases').values({ id: caseId, organization_id: orgId, patient_name: 'Ayanda Zulu', patient_user_id: null, case_type: 'Check-up', description: null, scheduled_date: null, assigned_doctor_id: null, assigned_nurse_id: null, case_manager_id: null, department: null, admission_date: null, estimated_discharge: null, completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null, created_at: now, updated_at: now }).execute();
});
afterAll(() => database.dispose());

const refusal = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error) => (isUniqueViolation(error) ? 'unique violation' : String(error)));

describe('integrity indexes', () => {
  it('allows one running time entry per person per case, and any number of finished ones', async () => {
    const entry = (endTime: string | null) => ({ id: randomUUID(), organization_id: orgId, case_id: caseId, user_id: userId, role: 'Doctor', description: null, start_time: nowIso(), end_time: endTime, duration_minutes: null, hourly_rate_cents: 85_000, created_at: nowIso() });
    await database.db.insertInto('time_entries').values([entry(nowIso()), entry(nowIso()), entry(null)]).execute();
    expect(await refusal(database.db.insertInto('time_entries').values(entry(null)).execute())).toBe('unique violation');
  });

  it('allows one hourly rate per staff member per day', async () => {
    const rate = (day: string) => ({ id: randomUUID(), organization_id: orgId, user_id: userId, role: 'Doctor', hourly_rate_cents: 85_000, effective_date: day, created_at: nowIso() });
    await database.db.insertInto('staff_hourly_rates').values([rate('2026-01-01'), rate('2026-02-01')]).execute();
    expect(await refusal(database.db.insertInto('staff_hourly_rates').values(rate('2026-01-01')).execute())).toBe('unique violation');
  });

  it('keeps CRM integration names unique per organisation, ignoring case', async () => {
    const integration = (name: string, organization = orgId) => ({ id: randomUUID(), organization_id: organization, name, last_sync: null, created_at: nowIso(), updated_at: nowIso() });
    await database.db.insertInto('crm_integrations').values(integration('HubSpot')).execute();
    expect(await refusal(database.db.insertInto('crm_integrations').values(integration('hubspot')).execute())).toBe('unique violation');
    const other = await createOrganization(database.db, 'Other Clinic');
    expect(await refusal(database.db.insertInto('crm_integrations').values(integration('HubSpot', other)).execute())).toBe('accepted');
  });
});
