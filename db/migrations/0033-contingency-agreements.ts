import type { Kysely } from 'kysely';

// Contingency-fee agreements (issue 34, decision 0066; Contingency Fees Act 66 of 1997): the agreement's
// terms on a matter — uplift above normal fees, the normal-fee basis, the date signed, the s3 items
// confirmed. A legal record, so append-only: an amendment is a new row with the next version, and the
// unique (case_id, version) refuses a second writer of the same version (409), also when two race.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contingency_agreements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    /** 0–100: how far above normal fees the success fee may go (s2(2)). */
    .addColumn('uplift_percent', 'integer', (c) => c.notNull())
    .addColumn('normal_fee_basis', 'text', (c) => c.notNull())
    /** YYYY-MM-DD. */
    .addColumn('signed_on', 'text', (c) => c.notNull())
    /** JSON array of the s3 checklist ids confirmed. */
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contingency_agreements_case_version_idx').on('contingency_agreements').columns(['case_id', 'version']).unique().execute();
  await db.schema.createIndex('contingency_agreements_org_case_idx').on('contingency_agreements').columns(['organization_id', 'case_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contingency_agreements').execute();
}
