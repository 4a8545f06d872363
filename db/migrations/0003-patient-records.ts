import type { Kysely } from 'kysely';

// The patient portal's own records (SPEC §2.13): test results and medications of a case, and the
// Patient's personal details. Same portable column types as 0001: ISO-8601 UTC text timestamps,
// 'YYYY-MM-DD' text for calendar days. Every row carries organization_id so each query is scoped
// by tenant first; the indexes follow the portal's and the dashboard's reads.

const ts = 'text';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('test_results')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('test_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('result_summary', 'text', (c) => c.notNull())
    .addColumn('reference_range', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending'))
    .addColumn('ordered_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ordered_at', ts, (c) => c.notNull())
    .addColumn('resulted_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('test_results_org_case_idx').on('test_results').columns(['organization_id', 'case_id', 'ordered_at']).execute();
  await db.schema.createIndex('test_results_org_ordered_idx').on('test_results').columns(['organization_id', 'ordered_at']).execute();

  await db.schema
    .createTable('medications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dosage', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text')
    .addColumn('prescribed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('start_date', 'text', (c) => c.notNull()) // YYYY-MM-DD
    .addColumn('end_date', 'text') // YYYY-MM-DD
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('medications_org_case_idx').on('medications').columns(['organization_id', 'case_id']).execute();

  await db.schema
    .createTable('patient_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('date_of_birth', 'text') // YYYY-MM-DD
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('emergency_contact_name', 'text')
    .addColumn('emergency_contact_relationship', 'text')
    .addColumn('emergency_contact_phone', 'text')
    .addColumn('medical_aid_scheme', 'text')
    .addColumn('medical_aid_number', 'text')
    .addColumn('medical_aid_main_member', 'text')
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('patient_profiles_org_idx').on('patient_profiles').column('organization_id').execute();

  // The portal lists a patient's direct messages; without this it would scan the organisation's.
  await db.schema.createIndex('messages_org_recipient_idx').on('messages').columns(['organization_id', 'recipient_id', 'created_at']).execute();
  await db.schema.createIndex('messages_org_sender_idx').on('messages').columns(['organization_id', 'sender_id', 'created_at']).execute();
  await db.schema.createIndex('appointments_org_case_idx').on('appointments').columns(['organization_id', 'case_id', 'start_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('appointments_org_case_idx').ifExists().execute();
  await db.schema.dropIndex('messages_org_sender_idx').ifExists().execute();
  await db.schema.dropIndex('messages_org_recipient_idx').ifExists().execute();
  await db.schema.dropTable('patient_profiles').ifExists().execute();
  await db.schema.dropTable('medications').ifExists().execute();
  await db.schema.dropTable('test_results').ifExists().execute();
}
