import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, openTestDatabase, testDialect } from '../src/server/test-support/test-database';

// Migration 0020 (decision 0053): the pg_trgm indexes take new rows into the index itself, not into a
// pending list every search would read whole.

describe.skipIf(testDialect() !== 'postgres')('the trigram indexes on Postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it('have GIN fast update off, every one of them', async () => {
    const { rows } = await sql<{ name: string; options: string[] | null }>`
      select c.relname as name, c.reloptions as options from pg_indexes i join pg_class c on c.relname = i.indexname
      where i.schemaname = current_schema() and i.indexdef like '%gin_trgm_ops%' order by c.relname`.execute(database.db);
    expect(rows.map((r) => r.name)).toEqual(['case_notes_body_trgm_idx', 'cases_case_type_trgm_idx', 'cases_patient_name_trgm_idx', 'documents_file_name_trgm_idx', 'people_full_name_trgm_idx']);
    for (const row of rows) expect(row.options, row.name).toContain('fastupdate=off');
  });
});
