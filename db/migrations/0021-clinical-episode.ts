import { type Kysely, sql } from 'kysely';

// The clinical episode (issue 31, decision 0054).
// - allergies: on the person, not the case — an allergy recorded during one stay protects every
//   later one. Never deleted: a wrong entry is marked entered-in-error (who, when, why).
// - people.no_known_allergies_at/_by: "no known allergies" as someone recorded it; NULL is "not
//   recorded", which a banner must not show as safe. people.folder_number: the hospital's number.
// - medication_administrations: a dose given (or not given, with the reason) against a prescription,
//   append-only; the medication administration record of a day reads them.
// - observations: a set of vital signs on its own (no SOAP encounter), with the NEWS2 total and band
//   computed when recorded (the chart of that day is what the score means; rescoring later would
//   rewrite what the nurse saw).
// - medications.prescriber_role: the prescriber's role when prescribing; discharge_action: continue /
//   stop, chosen in the discharge medication review.
// - test_results.released_at/_by: a result is held from the portal until a clinician releases it.
//   Results already entered were visible to their patients; they are backfilled as released when
//   they were resulted, so nothing a patient has seen disappears.
// - admissions.disposition: home / transfer-out / death / absconded; NULL for a bed freed by a quick
//   release, which records no clinical discharge.
// Portable types (decision 0002).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('allergies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('substance', 'text', (c) => c.notNull())
    .addColumn('reaction', 'text')
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('entered_in_error_at', 'text')
    .addColumn('entered_in_error_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('entered_in_error_reason', 'text')
    .execute();
  await db.schema.createIndex('allergies_org_person_idx').on('allergies').columns(['organization_id', 'person_id']).execute();

  await db.schema.alterTable('people').addColumn('no_known_allergies_at', 'text').execute();
  await db.schema.alterTable('people').addColumn('no_known_allergies_by', 'text').execute();
  await db.schema.alterTable('people').addColumn('folder_number', 'text').execute();
  await db.schema.createIndex('people_org_folder_idx').on('people').columns(['organization_id', 'folder_number']).execute();

  await db.schema
    .createTable('medication_administrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('medication_id', 'text', (c) => c.notNull().references('medications.id').onDelete('cascade'))
    .addColumn('given_at', 'text', (c) => c.notNull())
    .addColumn('dose', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('given_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    /** Set when the dose was not given: the reason is the record. */
    .addColumn('not_given_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('medication_administrations_org_case_idx')
    .on('medication_administrations')
    .columns(['organization_id', 'case_id', 'given_at'])
    .execute();
  await db.schema.createIndex('medication_administrations_medication_idx').on('medication_administrations').column('medication_id').execute();

  await db.schema
    .createTable('observations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('respiratory_rate', 'integer', (c) => c.notNull())
    .addColumn('spo2', 'integer', (c) => c.notNull())
    .addColumn('on_oxygen', 'integer', (c) => c.notNull())
    .addColumn('systolic', 'integer', (c) => c.notNull())
    .addColumn('pulse', 'integer', (c) => c.notNull())
    .addColumn('consciousness', 'text', (c) => c.notNull())
    .addColumn('temperature_c', 'real', (c) => c.notNull())
    .addColumn('news2', 'integer', (c) => c.notNull())
    .addColumn('band', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('observations_org_case_idx').on('observations').columns(['organization_id', 'case_id', 'recorded_at']).execute();
  await db.schema.createIndex('observations_org_recorded_idx').on('observations').columns(['organization_id', 'recorded_at']).execute();

  await db.schema.alterTable('medications').addColumn('prescriber_role', 'text').execute();
  await db.schema.alterTable('medications').addColumn('discharge_action', 'text').execute();

  await db.schema.alterTable('test_results').addColumn('released_at', 'text').execute();
  await db.schema.alterTable('test_results').addColumn('released_by', 'text').execute();
  await db
    .updateTable('test_results')
    .set({ released_at: sql`coalesce(resulted_at, created_at)` })
    .execute();

  await db.schema.alterTable('admissions').addColumn('disposition', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admissions').dropColumn('disposition').execute();
  await db.schema.alterTable('test_results').dropColumn('released_by').execute();
  await db.schema.alterTable('test_results').dropColumn('released_at').execute();
  await db.schema.alterTable('medications').dropColumn('discharge_action').execute();
  await db.schema.alterTable('medications').dropColumn('prescriber_role').execute();
  await db.schema.dropTable('observations').execute();
  await db.schema.dropTable('medication_administrations').execute();
  await db.schema.dropIndex('people_org_folder_idx').execute();
  await db.schema.alterTable('people').dropColumn('folder_number').execute();
  await db.schema.alterTable('people').dropColumn('no_known_allergies_by').execute();
  await db.schema.alterTable('people').dropColumn('no_known_allergies_at').execute();
  await db.schema.dropTable('allergies').execute();
}
