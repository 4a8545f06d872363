import type { Kysely } from 'kysely';

// An organisation's own case types (issue 32): the new-case dialog offers the platform's shipped list
// (src/shared/domain/case-types.ts) and these, which an Administrator adds and removes at /settings.
// name_key is the name lowercased and trimmed: one spelling per organisation. Portable types
// (decision 0002).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('case_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_types_org_name_idx').on('case_types').columns(['organization_id', 'name_key']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('case_types').execute();
}
