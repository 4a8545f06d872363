import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Trust (issue 8): the audit trail becomes tamper-evident and append-only, sign-in gains a second
// factor (TOTP with recovery codes), and closed cases can be de-identified after their retention.
//
// audit_events already exists (0001). Here it gains the case an entry concerns (the POPIA s23 access
// report is "every entry about this case"), and a one-row chain head: appending locks that row, so
// concurrent writers (several processes on one Postgres) take consecutive seq numbers and each hash
// covers the one before it. Triggers refuse UPDATE and DELETE on the trail in both dialects.

const ts = 'text';
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.alterTable('audit_events').addColumn('case_id', 'text').execute();
  await db.schema.createIndex('audit_case_idx').on('audit_events').columns(['case_id', 'seq']).execute();
  await db.schema.createIndex('audit_org_seq_idx').on('audit_events').columns(['organization_id', 'seq']).execute();
  await db.schema.createIndex('audit_user_seq_idx').on('audit_events').columns(['user_id', 'seq']).execute();

  await db.schema
    .createTable('audit_chain_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('audit_chain_head').values({ id: 1, seq: 0, hash: AUDIT_GENESIS_HASH }).execute();

  if (postgres) {
    await sql`create function audit_events_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_events is append-only'; end $$`.execute(db);
    await sql`create trigger audit_events_no_update before update or delete on audit_events
      for each row execute function audit_events_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_events_no_update before update on audit_events
      begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
    await sql`create trigger audit_events_no_delete before delete on audit_events
      begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
  }

  // Two-factor sign-in (TOTP, RFC 6238). The secret is needed to check codes, so it is kept; the
  // recovery codes are shown once and only their SHA-256 is stored. totp_last_step refuses a code
  // that was already used (replay within its 30-second window).
  await db.schema
    .alterTable('users')
    .addColumn('totp_secret', 'text')
    .execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', ts).execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('require_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  // The step between the password and the session: a short-lived token (only its SHA-256 stored)
  // that proves the password was right. purpose 'verify' asks for a code; 'enrol' lets a user whose
  // organisation (or Super Admin role) requires two-factor set it up before any session exists.
  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('pending_secret', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_challenges_user_idx').on('login_challenges').column('user_id').execute();

  // Retention: a closed case can be de-identified once its retention period has passed; this marks
  // when, so it is never done twice and the screens can say so.
  await db.schema.alterTable('cases').addColumn('deidentified_at', ts).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('cases').dropColumn('deidentified_at').execute();
  await db.schema.dropTable('login_challenges').ifExists().execute();
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  await db.schema.alterTable('organizations').dropColumn('require_two_factor').execute();
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_secret']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  if (postgres) {
    await sql`drop trigger if exists audit_events_no_update on audit_events`.execute(db);
    await sql`drop function if exists audit_events_append_only()`.execute(db);
  } else {
    await sql`drop trigger if exists audit_events_no_update`.execute(db);
    await sql`drop trigger if exists audit_events_no_delete`.execute(db);
  }
  await db.schema.dropTable('audit_chain_head').ifExists().execute();
  for (const index of ['audit_user_seq_idx', 'audit_org_seq_idx', 'audit_case_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('audit_events').dropColumn('case_id').execute();
}
