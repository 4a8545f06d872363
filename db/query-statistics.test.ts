import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testDialect } from '../src/server/test-support/test-database';
import { connectDatabase } from './connect';
import { migrateToLatest } from './migrate';
import { nowIso } from './time';

// SQLite chooses between the trigram index and the organisation's created_at index by statistics
// that only ANALYZE writes (decision 0019): a connection analyses what needs it when it opens.

const dir = mkdtempSync(join(tmpdir(), 'casebridge-stats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const statisticsOf = async (file: string) => {
  const database = connectDatabase(file);
  try {
    const rows = await sql<{ idx: string; stat: string }>`select idx, stat from sqlite_stat1 where tbl = 'cases'`.execute(database.db);
    return rows.rows;
  } finally {
    await database.close();
  }
};

describe.skipIf(testDialect() !== 'sqlite')('SQLite query statistics', () => {
  it('are there for a database filled since it was last analysed, once a connection opens it', async () => {
    const file = join(dir, 'filled.sqlite');
    const first = connectDatabase(file);
    await migrateToLatest(first.db);
    const now = nowIso();
    for (let o = 0; o < 20; o++) {
      const organization = randomUUID();
      await first.db.insertInto('organizations').values({ id: organization, slug: `stats-${o}`, name: `Stats ${o}`, platform: 'healthcare', type: 'Hospital', address: null, city: null, province: null, postal_code: null, phone: null, email: null, registration_number: null, trial_ends_at: null, max_users: null, created_at: now, updated_at: now }).execute();
      const cases = Array.from({ length: 100 }, (_, c) => ({ id: randomUUID(), organization_id: organization, patient_name: `Patient ${o}-${c}`, patient_user_id: null, case_type: 'Check-up', description: null, scheduled_date: null, assigned_doctor_id: null, assigned_nurse_id: null, case_manager_id: null, department: null, admission_date: null, estimated_discharge: null, completed_at: null, bed_number: null, treatment_plan: null, notes: null, created_by: null, created_at: now, updated_at: now }));
      await first.db.insertInto('cases').values(cases).execute();
    }
    await sql`delete from sqlite_stat1`.execute(first.db).catch(() => undefined);
    await first.db.destroy();

    const stats = await statisticsOf(file);
    const byOrganization = stats.find((s) => s.idx === 'cases_org_created_id_idx');
    // 2,000 cases, about 100 per organisation (sampled): what the planner needs to prefer a short
    // list of matches over reading an organisation.
    const [rows, perOrganization] = (byOrganization?.stat ?? '').split(' ').map(Number);
    expect(rows).toBe(2000);
    expect(perOrganization).toBeGreaterThan(50);
    expect(perOrganization).toBeLessThan(200);
  });
});
