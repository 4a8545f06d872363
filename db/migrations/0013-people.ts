import { type Kysely, PostgresAdapter, sql } from 'kysely';

// People, parties and search (issue 19).
// - people: the person registry of an organisation (a person, or an organisation as a party), with
//   the SA ID number or passport, date of birth, sex, contacts, medical aid and the portal account
//   (user_id) linked to it. A merged record keeps its row and names the survivor (merged_into_id).
// - cases.person_id: every case belongs to a person. Existing cases are migrated as one person per
//   distinct name in an organisation (set-based: a large install has a million cases); a portal
//   Patient's profile fields (date of birth, phone, address, medical aid) move to their person.
// - case_parties: people of the registry in a role on a case (next of kin, opposing attorney …).
// - case_conflict_checks: a law firm's recorded conflict check per case (append-only history).
// - Trigram search indexes for the header search, as 0007 did for cases: FTS5 (trigram tokenizer,
//   external content, triggers) on SQLite; pg_trgm GIN indexes on Postgres — people's names,
//   documents' file names and notes' text.
// Portable types (decision 0002): text ids, ISO-8601 text timestamps, 0/1 integers.

/** An external-content FTS5 trigram table over one column, kept in step by triggers (SQLite). */
async function sqliteTrigramIndex(db: Kysely<any>, table: string, column: string): Promise<void> {
  const fts = `${table}_search`;
  await sql`create virtual table ${sql.raw(fts)} using fts5(${sql.raw(column)}, content='${sql.raw(table)}', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`insert into ${sql.raw(fts)} (${sql.raw(fts)}) values ('rebuild')`.execute(db);
  await sql.raw(`create trigger ${fts}_insert after insert on ${table} begin
    insert into ${fts} (rowid, ${column}) values (new.rowid, new.${column});
  end`).execute(db);
  await sql.raw(`create trigger ${fts}_delete after delete on ${table} begin
    insert into ${fts} (${fts}, rowid, ${column}) values ('delete', old.rowid, old.${column});
  end`).execute(db);
  await sql.raw(`create trigger ${fts}_update after update of ${column} on ${table} begin
    insert into ${fts} (${fts}, rowid, ${column}) values ('delete', old.rowid, old.${column});
    insert into ${fts} (rowid, ${column}) values (new.rowid, new.${column});
  end`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('person'))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text', (c) => c.notNull())
    /** "first last", or the organisation's name: what lists show and search reads. */
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text')
    .addColumn('passport_number', 'text')
    .addColumn('passport_country', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('sex', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('address', 'text')
    .addColumn('preferred_language', 'text')
    .addColumn('medical_aid_scheme', 'text')
    .addColumn('medical_aid_number', 'text')
    .addColumn('medical_aid_main_member', 'text')
    .addColumn('notes', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('merged_into_id', 'text', (c) => c.references('people.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('people_org_name_idx').on('people').columns(['organization_id', 'full_name']).execute();
  await db.schema.createIndex('people_org_last_first_idx').on('people').columns(['organization_id', 'last_name', 'first_name', 'id']).execute();
  await db.schema.createIndex('people_org_id_number_idx').on('people').columns(['organization_id', 'id_number']).execute();
  await db.schema.createIndex('people_org_birth_idx').on('people').columns(['organization_id', 'date_of_birth']).execute();
  await db.schema.createIndex('people_org_user_idx').on('people').columns(['organization_id', 'user_id']).execute();

  await db.schema.alterTable('cases').addColumn('person_id', 'text', (c) => c.references('people.id')).execute();

  // One person per distinct name per organisation, named as the case was: "Thabo Mokoena" →
  // first "Thabo", last "Mokoena" (a name of one word is a surname). De-identified cases carry a
  // name unique to the case, so they stay one person each.
  const newId = postgres ? sql`gen_random_uuid()::text` : sql`lower(hex(randomblob(16)))`;
  const space = postgres ? sql`strpos(patient_name, ' ')` : sql`instr(patient_name, ' ')`;
  await sql`
    insert into people (id, organization_id, kind, first_name, last_name, full_name, version, created_at, updated_at)
    select ${newId}, organization_id, 'person',
           case when ${space} > 0 then substr(patient_name, 1, ${space} - 1) else null end,
           case when ${space} > 0 then substr(patient_name, ${space} + 1) else patient_name end,
           patient_name, 1, min(created_at), min(created_at)
    from cases group by organization_id, patient_name
  `.execute(db);
  await sql`update cases set person_id = (
    select people.id from people where people.organization_id = cases.organization_id and people.full_name = cases.patient_name
  )`.execute(db);
  await db.schema.createIndex('cases_person_idx').on('cases').columns(['person_id', 'created_at']).execute();

  // The portal account of a person: the Patient linked to their cases (the first, if several).
  await sql`update people set user_id = (
    select min(cases.patient_user_id) from cases where cases.person_id = people.id and cases.patient_user_id is not null
  )`.execute(db);
  // The profile fields a Patient kept in the portal move to their person.
  await sql`update people set
      date_of_birth = (select date_of_birth from patient_profiles where patient_profiles.user_id = people.user_id),
      phone = (select phone from patient_profiles where patient_profiles.user_id = people.user_id),
      address = (select address from patient_profiles where patient_profiles.user_id = people.user_id),
      medical_aid_scheme = (select medical_aid_scheme from patient_profiles where patient_profiles.user_id = people.user_id),
      medical_aid_number = (select medical_aid_number from patient_profiles where patient_profiles.user_id = people.user_id),
      medical_aid_main_member = (select medical_aid_main_member from patient_profiles where patient_profiles.user_id = people.user_id)
    where user_id is not null and exists (select 1 from patient_profiles where patient_profiles.user_id = people.user_id)`.execute(db);

  await db.schema
    .createTable('case_parties')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('added_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_parties_case_idx').on('case_parties').columns(['case_id', 'added_at']).execute();
  await db.schema.createIndex('case_parties_person_idx').on('case_parties').columns(['person_id']).execute();
  await db.schema.createIndex('case_parties_unique_idx').on('case_parties').columns(['case_id', 'person_id', 'role']).unique().execute();

  await db.schema
    .createTable('case_conflict_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    /** The hits shown when the result was recorded (JSON), so the record says what was weighed. */
    .addColumn('hits', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('checked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_conflict_checks_case_idx').on('case_conflict_checks').columns(['case_id', 'checked_at']).execute();

  if (postgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index people_full_name_trgm_idx on people using gin (lower(full_name) gin_trgm_ops)`.execute(db);
    await sql`create index documents_file_name_trgm_idx on documents using gin (lower(file_name) gin_trgm_ops)`.execute(db);
    await sql`create index case_notes_body_trgm_idx on case_notes using gin (lower(body) gin_trgm_ops)`.execute(db);
  } else {
    await sqliteTrigramIndex(db, 'people', 'full_name');
    await sqliteTrigramIndex(db, 'documents', 'file_name');
    await sqliteTrigramIndex(db, 'case_notes', 'body');
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    for (const index of ['case_notes_body_trgm_idx', 'documents_file_name_trgm_idx', 'people_full_name_trgm_idx']) await sql`drop index if exists ${sql.raw(index)}`.execute(db);
  } else {
    for (const table of ['case_notes', 'documents', 'people']) {
      for (const op of ['update', 'delete', 'insert']) await sql.raw(`drop trigger if exists ${table}_search_${op}`).execute(db);
      await sql.raw(`drop table if exists ${table}_search`).execute(db);
    }
  }
  await db.schema.dropTable('case_conflict_checks').execute();
  await db.schema.dropTable('case_parties').execute();
  await db.schema.dropIndex('cases_person_idx').execute();
  await db.schema.alterTable('cases').dropColumn('person_id').execute();
  await db.schema.dropTable('people').execute();
}
