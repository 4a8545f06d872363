import type { Kysely } from 'kysely';

// Onboarding for all three platforms (issue 17).
// - A trial request names its platform. Every request stored before this asked only for the
//   healthcare types of SPEC §3.7 (Hospital, Clinic …), so 'healthcare' is what each of them meant.
// - A contact-us request (registration_requests) gets a status the Super Admin works it through:
//   new → in_progress → closed, with who changed it last and when. Stored requests start as 'new':
//   nobody has seen them yet.
// Portable types (decision 0002): text, ISO-8601 text timestamps.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trial_requests').addColumn('platform', 'text', (c) => c.notNull().defaultTo('healthcare')).execute();

  await db.schema.alterTable('registration_requests').addColumn('status', 'text', (c) => c.notNull().defaultTo('new')).execute();
  await db.schema.alterTable('registration_requests').addColumn('status_changed_at', 'text').execute();
  await db.schema
    .alterTable('registration_requests')
    .addColumn('status_changed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('registration_requests_status_idx').on('registration_requests').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('registration_requests_status_idx').execute();
  for (const column of ['status_changed_by', 'status_changed_at', 'status']) {
    await db.schema.alterTable('registration_requests').dropColumn(column).execute();
  }
  await db.schema.alterTable('trial_requests').dropColumn('platform').execute();
}
