import { type Kysely } from 'kysely';

// The working week (issue 21): a real calendar, messages to people, notifications for everyone.
// - appointments.version: an appointment is edited by several people (front desk, the doctor); a
//   write names the version it saw and a stale one is refused (409), as cases do.
// - appointment_attendees: the staff (and the case's portal person) who attend an appointment; the
//   double-booking check and the multi-person day view read it by user and time.
// - calendar_feeds: one private iCalendar address per user; only the token's SHA-256 is stored, and
//   deleting the row revokes the address (it then answers 404).
// - messages.thread_id / parent_id and audience: a reply threads under the message it answers (the
//   thread is named by its first message); audience says whom a message was sent to (everybody, the
//   named people, a role, the case team) so the list can show "To: …" without re-deriving it.
// - notifications: per person, with a kind (what happened), the §3.4 type (assignment, system,
//   urgent), a link, read state, and a dedupe key so a sweep that runs again adds nothing twice;
//   email_state says whether the notification is still to be e-mailed through the outbox.
// - notification_email_kinds: the kinds a person also wants by e-mail (a row per kind chosen).
// Portable types (decision 0002): text ids, ISO-8601 text timestamps, 0/1 integers.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();

  await db.schema
    .createTable('appointment_attendees')
    .addColumn('appointment_id', 'text', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('appointment_attendees_pk', ['appointment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('appointment_attendees_user_idx').on('appointment_attendees').columns(['organization_id', 'user_id']).execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_feeds_pk', ['user_id', 'organization_id'])
    .execute();

  await db.schema.alterTable('messages').addColumn('thread_id', 'text').execute();
  await db.schema.alterTable('messages').addColumn('parent_id', 'text').execute();
  await db.schema.alterTable('messages').addColumn('audience', 'text', (c) => c.notNull().defaultTo('broadcast')).execute();
  /** "Nurse", or the case reference, for the "To:" line; null for everybody and named people. */
  await db.schema.alterTable('messages').addColumn('audience_label', 'text').execute();
  await db.schema.createIndex('messages_thread_idx').on('messages').columns(['organization_id', 'thread_id']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('href', 'text')
    .addColumn('dedupe_key', 'text')
    .addColumn('read_at', 'text')
    /** 'none' (not wanted by e-mail), 'due' (to be written to the outbox), 'queued' (written). */
    .addColumn('email_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['organization_id', 'user_id', 'created_at']).execute();
  await db.schema.createIndex('notifications_dedupe_idx').on('notifications').columns(['user_id', 'dedupe_key']).unique().execute();
  // The deadline sweep skips deadlines someone was already told about, whoever it was.
  await db.schema.createIndex('notifications_dedupe_key_idx').on('notifications').columns(['dedupe_key']).execute();
  await db.schema.createIndex('notifications_email_idx').on('notifications').columns(['email_state']).execute();

  await db.schema
    .createTable('notification_email_kinds')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_email_kinds_pk', ['user_id', 'organization_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_email_kinds').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropIndex('messages_thread_idx').execute();
  for (const column of ['audience_label', 'audience', 'parent_id', 'thread_id']) {
    await db.schema.alterTable('messages').dropColumn(column).execute();
  }
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropTable('appointment_attendees').execute();
  await db.schema.alterTable('appointments').dropColumn('version').execute();
}
