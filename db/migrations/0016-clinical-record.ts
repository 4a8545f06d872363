import { type Kysely, sql } from 'kysely';

// The clinical record (issue 22): encounters with ICD-10 diagnoses, results and medications entered
// by clinical roles, admit / transfer / discharge, and the medicolegal hospital-records bundle.
// - icd10_codes: an organisation's imported code list (the South African ICD-10 Master Industry
//   Table); an organisation without one uses the starter list shipped in src/shared. icd10_imports
//   records the last import per organisation: its time is the version a search cache keys on.
// - encounters: append-only like notes; an amendment is a new row naming the one it amends. Vitals
//   are columns (plausible ranges are checked in the shared schema), diagnoses their own rows with
//   the description as it read when coded.
// - test_results / medications (0003) gain what a clinician enters: value, unit, flag and a report
//   document; route and who stopped a medication when.
// - admissions: a person's stay in a bed, linked to a case; bed_assignments rows carry the admission
//   so a transfer is a closed row and a new one, and the census and occupancy history read them.
// - documents gain the hospital-records fields of a medicolegal case: source facility, the dates the
//   records cover and their page count (record_type 'hospital_record' marks them for the bundle).
// Portable types (decision 0002): text ids, ISO-8601 text timestamps, 0/1 integers; 'real' for the
// two vitals with decimals (temperature, weight).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('icd10_codes')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    /** 1 when the MIT allows the code as a primary diagnosis. */
    .addColumn('valid_primary', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('icd10_codes_pk', ['organization_id', 'code'])
    .execute();
  await db.schema
    .createTable('icd10_imports')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('code_count', 'integer', (c) => c.notNull())
    .addColumn('imported_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('encounters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('clinician_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('subjective', 'text')
    .addColumn('objective', 'text')
    .addColumn('assessment', 'text')
    .addColumn('plan', 'text')
    .addColumn('pulse', 'integer')
    .addColumn('systolic', 'integer')
    .addColumn('diastolic', 'integer')
    .addColumn('temperature_c', 'real')
    .addColumn('respiratory_rate', 'integer')
    .addColumn('spo2', 'integer')
    .addColumn('weight_kg', 'real')
    /** The encounter this one amends; the amended one stays, shown as amended. */
    .addColumn('amends_id', 'text', (c) => c.references('encounters.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('encounters_org_case_idx').on('encounters').columns(['organization_id', 'case_id', 'occurred_at']).execute();
  // Unique: the amendment chain stays a line, so a second amendment of the same version loses (409), as for notes.
  await db.schema.createIndex('encounters_amends_idx').on('encounters').column('amends_id').unique().execute();

  await db.schema
    .createTable('encounter_diagnoses')
    .addColumn('encounter_id', 'text', (c) => c.notNull().references('encounters.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('encounter_diagnoses_pk', ['encounter_id', 'code'])
    .execute();
  await db.schema.createIndex('encounter_diagnoses_org_code_idx').on('encounter_diagnoses').columns(['organization_id', 'code']).execute();

  for (const column of ['value', 'unit', 'flag', 'report_document_id', 'entered_by']) {
    await db.schema.alterTable('test_results').addColumn(column, 'text').execute();
  }
  for (const column of ['route', 'stopped_by', 'stopped_at']) {
    await db.schema.alterTable('medications').addColumn(column, 'text').execute();
  }

  await db.schema
    .createTable('admissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    /** The bed the person is in now; null once discharged. */
    .addColumn('bed_id', 'text', (c) => c.references('beds.id').onDelete('set null'))
    .addColumn('admitted_at', 'text', (c) => c.notNull())
    .addColumn('admitted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('estimated_discharge', 'text')
    .addColumn('discharged_at', 'text')
    .addColumn('discharged_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('summary_document_id', 'text', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('admissions_org_open_idx').on('admissions').columns(['organization_id', 'discharged_at']).execute();
  await db.schema.createIndex('admissions_org_person_idx').on('admissions').columns(['organization_id', 'person_id']).execute();
  await db.schema.createIndex('admissions_org_case_idx').on('admissions').columns(['organization_id', 'case_id']).execute();
  // Part C (admissions): one open admission per person, whatever two admits race (a partial index works on both databases).
  await db.schema.createIndex('admissions_open_person_uq').on('admissions').column('person_id').unique().where(sql.ref('discharged_at'), 'is', null).execute();
  await db.schema.alterTable('bed_assignments').addColumn('admission_id', 'text').execute();
  await db.schema.createIndex('bed_assignments_org_assigned_idx').on('bed_assignments').columns(['organization_id', 'assigned_at']).execute();

  await db.schema.alterTable('documents').addColumn('record_type', 'text').execute();
  await db.schema.alterTable('documents').addColumn('source_facility', 'text').execute();
  await db.schema.alterTable('documents').addColumn('records_from', 'text').execute(); // YYYY-MM-DD
  await db.schema.alterTable('documents').addColumn('records_to', 'text').execute(); // YYYY-MM-DD
  await db.schema.alterTable('documents').addColumn('page_count', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['page_count', 'records_to', 'records_from', 'source_facility', 'record_type']) {
    await db.schema.alterTable('documents').dropColumn(column).execute();
  }
  await db.schema.dropIndex('bed_assignments_org_assigned_idx').execute();
  await db.schema.alterTable('bed_assignments').dropColumn('admission_id').execute();
  await db.schema.dropIndex('admissions_open_person_uq').execute();
  await db.schema.dropTable('admissions').execute();
  for (const column of ['stopped_at', 'stopped_by', 'route']) await db.schema.alterTable('medications').dropColumn(column).execute();
  for (const column of ['entered_by', 'report_document_id', 'flag', 'unit', 'value']) await db.schema.alterTable('test_results').dropColumn(column).execute();
  await db.schema.dropTable('encounter_diagnoses').execute();
  await db.schema.dropTable('encounters').execute();
  await db.schema.dropTable('icd10_imports').execute();
  await db.schema.dropTable('icd10_codes').execute();
}
