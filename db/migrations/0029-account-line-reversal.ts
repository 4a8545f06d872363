import { type Kysely, sql } from 'kysely';

// Issue 33: a submitted claim line sent in error (wrong patient, wrong code) is reversed at the
// switch and billed again, corrected, on a new account. The charge stays billed once — but a reversed
// line no longer holds it: the unique index on account_lines.charge_id becomes partial, over the lines
// that are not reversed. (SQLite and Postgres both know partial indexes.)
// A claim batch the switch did not take records why (claims.failure), and its lines go back to draft.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('account_lines_charge_idx').execute();
  await db.schema
    .createIndex('account_lines_charge_idx')
    .on('account_lines')
    .column('charge_id')
    .unique()
    .where(sql.ref('status'), '<>', sql.lit('reversed'))
    .execute();
  await db.schema.alterTable('claims').addColumn('failure', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('claims').dropColumn('failure').execute();
  await db.schema.dropIndex('account_lines_charge_idx').execute();
  await db.schema.createIndex('account_lines_charge_idx').on('account_lines').column('charge_id').unique().execute();
}
