import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Case list at scale (issue 9; docs/decisions/0016-case-search-index.md).
//
// 1. The first page is ORDER BY created_at DESC, id DESC within one organisation: an index on all
//    three columns answers it in index order, with no sort of the organisation's cases.
// 2. Search is a case-insensitive substring match (SPEC §5). A B-tree cannot answer '%term%', so
//    every search read each of the organisation's cases. Now a trigram index does:
//    - SQLite: an FTS5 table with the trigram tokenizer over patient_name and case_type, external
//      content (the text stays only in cases), kept in step by triggers. db/search.ts uses it for
//      terms of 3 characters or more and keeps the LIKE as the exact check.
//    - Postgres: pg_trgm GIN indexes on lower(patient_name) and lower(case_type), which the planner
//      uses for the same lower(col) LIKE '%term%' the service already writes.
// 3. Case counts per organisation and status, kept by triggers, so the list's total does not count
//    200,000 index entries on every page. The service reads them for the unfiltered and the
//    status-filtered list of staff; a search or a Patient's own list still counts its rows.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.createIndex('cases_org_created_id_idx').on('cases').columns(['organization_id', 'created_at', 'id']).execute();
  // The (organization_id, created_at) index of 0001 is a prefix of the new one.
  await db.schema.dropIndex('cases_org_created_idx').execute();

  await db.schema
    .createTable('case_counts')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_counts_pk', ['organization_id', 'status'])
    .execute();
  await sql`insert into case_counts (organization_id, status, n)
    select organization_id, status, count(*) from cases group by organization_id, status`.execute(db);

  if (postgres) {
    await sql`create function cases_count_change() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update case_counts set n = n - 1 where organization_id = old.organization_id and status = old.status;
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          insert into case_counts (organization_id, status, n) values (new.organization_id, new.status, 1)
            on conflict (organization_id, status) do update set n = case_counts.n + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger cases_count_insert_delete after insert or delete on cases
      for each row execute function cases_count_change()`.execute(db);
    await sql`create trigger cases_count_update after update of organization_id, status on cases
      for each row when (old.organization_id is distinct from new.organization_id or old.status is distinct from new.status)
      execute function cases_count_change()`.execute(db);
  } else {
    await sql`create trigger cases_count_insert after insert on cases begin
      insert into case_counts (organization_id, status, n) values (new.organization_id, new.status, 1)
        on conflict (organization_id, status) do update set n = n + 1;
    end`.execute(db);
    await sql`create trigger cases_count_delete after delete on cases begin
      update case_counts set n = n - 1 where organization_id = old.organization_id and status = old.status;
    end`.execute(db);
    await sql`create trigger cases_count_update after update of organization_id, status on cases
      when old.organization_id is not new.organization_id or old.status is not new.status begin
      update case_counts set n = n - 1 where organization_id = old.organization_id and status = old.status;
      insert into case_counts (organization_id, status, n) values (new.organization_id, new.status, 1)
        on conflict (organization_id, status) do update set n = n + 1;
    end`.execute(db);
  }

  if (postgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index cases_patient_name_trgm_idx on cases using gin (lower(patient_name) gin_trgm_ops)`.execute(db);
    await sql`create index cases_case_type_trgm_idx on cases using gin (lower(case_type) gin_trgm_ops)`.execute(db);
  } else {
    await sql`create virtual table cases_search using fts5(patient_name, case_type, content='cases', content_rowid='rowid', tokenize='trigram')`.execute(db);
    await sql`insert into cases_search (cases_search) values ('rebuild')`.execute(db);
    await sql`create trigger cases_search_insert after insert on cases begin
      insert into cases_search (rowid, patient_name, case_type) values (new.rowid, new.patient_name, new.case_type);
    end`.execute(db);
    await sql`create trigger cases_search_delete after delete on cases begin
      insert into cases_search (cases_search, rowid, patient_name, case_type) values ('delete', old.rowid, old.patient_name, old.case_type);
    end`.execute(db);
    await sql`create trigger cases_search_update after update of patient_name, case_type on cases begin
      insert into cases_search (cases_search, rowid, patient_name, case_type) values ('delete', old.rowid, old.patient_name, old.case_type);
      insert into cases_search (rowid, patient_name, case_type) values (new.rowid, new.patient_name, new.case_type);
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger if exists cases_count_update on cases`.execute(db);
    await sql`drop trigger if exists cases_count_insert_delete on cases`.execute(db);
    await sql`drop function if exists cases_count_change()`.execute(db);
  } else {
    for (const trigger of ['cases_count_update', 'cases_count_delete', 'cases_count_insert']) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
  }
  await db.schema.dropTable('case_counts').ifExists().execute();
  if (postgres) {
    await sql`drop index if exists cases_case_type_trgm_idx`.execute(db);
    await sql`drop index if exists cases_patient_name_trgm_idx`.execute(db);
  } else {
    for (const trigger of ['cases_search_update', 'cases_search_delete', 'cases_search_insert']) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table if exists cases_search`.execute(db);
  }
  await db.schema.createIndex('cases_org_created_idx').on('cases').columns(['organization_id', 'created_at']).execute();
  await db.schema.dropIndex('cases_org_created_id_idx').execute();
}
