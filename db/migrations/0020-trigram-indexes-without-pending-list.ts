import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Postgres only (decision 0053): the pg_trgm GIN indexes write each new row's trigrams into the index
// at once, instead of into a "pending list" that every search must then read whole. GIN's fast
// update appends new entries to that list until a vacuum or a 4 MB list folds them in; autovacuum
// comes by after 20% of a table is new, so on a 1,000,000-case database the list stays full. The
// bench found it after its case-creation run: 6,197 pending entries (220 pages) in the case and
// people name indexes, and every case search and header search reading all of them — 25–50 ms where
// 1–2 ms was the rest of the query. Writing straight into the index costs each new case a few more
// page updates; a search that reads a growing list costs every user, every time.

const INDEXES = ['cases_patient_name_trgm_idx', 'cases_case_type_trgm_idx', 'people_full_name_trgm_idx', 'documents_file_name_trgm_idx', 'case_notes_body_trgm_idx'];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const index of INDEXES) {
    await sql`alter index ${sql.id(index)} set (fastupdate = off)`.execute(db);
    // What is pending already goes into the index now.
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const index of INDEXES) await sql`alter index ${sql.id(index)} reset (fastupdate)`.execute(db);
}
