import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Onboarding and administration (issue 7): the e-mail outbox, invitations to join an organisation,
// and documents attached to cases. Same portable column types as 0001, except document content:
// bytes are a BLOB on SQLite and BYTEA on Postgres, kept in their own table so listing documents
// never reads file contents. Documents live in the database rather than on disk so a backup of the
// database holds them too and several app processes on one Postgres see the same files.

const ts = 'text';

export async function up(db: Kysely<any>): Promise<void> {
  // Every e-mail the product sends is written here first. With SMTP configured the row records the
  // delivery (sent / failed with the error); without SMTP it stays 'stored' for the Super Admin to read
  // at /system-settings, so a single-box install loses no invitation.
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // e.g. 'invitation', 'trial-approved', 'trial-rejected'
    .addColumn('status', 'text', (c) => c.notNull()) // 'stored' (no SMTP) | 'queued' | 'sent' | 'failed'
    .addColumn('error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('sent_at', ts)
    .execute();
  await db.schema.createIndex('email_outbox_created_idx').on('email_outbox').column('created_at').execute();

  // Only the SHA-256 of an invitation token is stored, as for sessions.
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull()) // lower-cased
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull()) // 'pending' | 'accepted' | 'revoked'
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('accepted_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitations_org_status_idx').on('invitations').columns(['organization_id', 'status']).execute();
  await db.schema.createIndex('invitations_email_idx').on('invitations').column('email').execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_org_created_idx').on('documents').columns(['organization_id', 'created_at']).execute();
  await db.schema.createIndex('documents_org_case_idx').on('documents').columns(['organization_id', 'case_id']).execute();

  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('document_contents')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('content', bytes, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['document_contents', 'documents', 'invitations', 'email_outbox']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
