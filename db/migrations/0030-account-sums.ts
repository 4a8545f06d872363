import { type Kysely, sql } from 'kysely';
import { refreshAllAccountSums } from '../account-sums';

// Issue 33 at scale: each medical account's sums stored beside it (db/account-sums.ts), so the account
// list's stage tabs and the aged-debtors report read one row per account instead of adding up every
// account's lines per request. The row is recomputed from the ledgers by every write that changes the
// account (never adjusted by a delta); this migration computes it for the accounts already there.
// number, case, holder, payer and date are copied from the account (they never change) so the stage
// tab is one index range: (organisation, stage, number).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_sums')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('holder_id', 'text')
    .addColumn('payer', 'text', (c) => c.notNull())
    .addColumn('account_date', 'text', (c) => c.notNull())
    .addColumn('live_cents', 'bigint', (c) => c.notNull())
    .addColumn('scheme_paid_cents', 'bigint', (c) => c.notNull())
    .addColumn('written_off_cents', 'bigint', (c) => c.notNull())
    .addColumn('to_patient_cents', 'bigint', (c) => c.notNull())
    .addColumn('patient_paid_cents', 'bigint', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('draft_lines', 'integer', (c) => c.notNull())
    .addColumn('awaiting_decision', 'integer', (c) => c.notNull())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull())
    /** 'draft' | 'open' | 'settled' (money/account-sums.ts stageOf). */
    .addColumn('stage', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_sums_stage_idx').on('account_sums').columns(['organization_id', 'stage', 'number']).execute();
  // The aged-debtors report reads the accounts that owe something (or are in credit).
  await db.schema.createIndex('account_sums_owing_idx').on('account_sums').columns(['organization_id', 'account_date']).where(sql.ref('balance_cents'), '<>', sql.lit(0)).execute();
  // +1 on every refresh of an organisation's sums, in the same transaction: the aged-debtors report
  // keeps its figures while the version stands (statements/aged-debtors-cache.ts).
  await db.schema
    .createTable('account_sums_versions')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  const organizations = await db.selectFrom('accounts').select('organization_id').distinct().execute();
  for (const { organization_id } of organizations) await refreshAllAccountSums(db, organization_id as string);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_sums_versions').execute();
  await db.schema.dropTable('account_sums').execute();
}
