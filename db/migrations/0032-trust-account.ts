import { type Kysely, PostgresAdapter, sql } from 'kysely';

// The trust account (issue 34, decision 0065; LPA s86–s87, LPC rule 54). Every rand held for a client
// is an entry of the firm's trust ledger: a receipt, a payment, a transfer to business against a fee
// note, a move into or out of an investment, interest and the Fidelity Fund's share of it, or the
// reversal of an earlier entry. Entries are append-only (triggers refuse an update, and a delete
// within the seven years rule 54.9.2 keeps the books), and a matter's entries hold its case: a case
// with a trust ledger cannot be deleted. trust_balances keeps each matter's balance (trust bank and
// invested) so that a payment is one conditional update — never below zero, under concurrent
// requests too — and is held equal to the sum of the entries by a test. The monthly reconciliation
// records the bank statement's balance and the sign-off that closes the month to back-dated entries.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('trust_investments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    /** '86(3)' | '86(4)'. */
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('institution', 'text', (c) => c.notNull())
    .addColumn('opened_on', 'text', (c) => c.notNull())
    .addColumn('principal_cents', 'bigint', (c) => c.notNull())
    .addColumn('closed_on', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trust_investments_case_idx').on('trust_investments').columns(['organization_id', 'case_id']).execute();

  await db.schema
    .createTable('trust_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    /** The firm's trust series. */
    .addColumn('number', 'integer', (c) => c.notNull())
    /** 'bank' (the client's s86(2) trust bank ledger) | 'investment' (an investment's sub-ledger). */
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('investment_id', 'text', (c) => c.references('trust_investments.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    /** Signed: into this ledger (+), out of it (−). */
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    /** Who paid in, or who was paid. */
    .addColumn('counterparty', 'text')
    .addColumn('fee_note_id', 'text', (c) => c.references('fee_notes.id'))
    .addColumn('fee_receipt_id', 'text', (c) => c.references('fee_note_receipts.id'))
    .addColumn('reverses_id', 'text', (c) => c.references('trust_entries.id'))
    .addColumn('recorded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trust_entries_case_idx').on('trust_entries').columns(['organization_id', 'case_id', 'date']).execute();
  await db.schema.createIndex('trust_entries_org_date_idx').on('trust_entries').columns(['organization_id', 'date']).execute();
  await db.schema.createIndex('trust_entries_number_idx').on('trust_entries').columns(['organization_id', 'number']).unique().execute();
  await db.schema.createIndex('trust_entries_reverses_idx').on('trust_entries').columns(['reverses_id', 'account']).unique().execute();

  await db.schema
    .createTable('trust_balances')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    .addColumn('bank_cents', 'bigint', (c) => c.notNull())
    .addColumn('invested_cents', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trust_balances_pk', ['organization_id', 'case_id'])
    .execute();

  await db.schema
    .createTable('trust_reconciliations')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    /** 'YYYY-MM'. */
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('bank_balance_cents', 'bigint', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('signed_off_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('signed_off_at', 'text')
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trust_reconciliations_pk', ['organization_id', 'month'])
    .execute();

  // Append-only, and kept seven years from the entry (rule 54.9.2).
  if (postgres) {
    await sql`create function trust_entries_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and old.created_at < to_char(now() - interval '7 years', 'YYYY-MM-DD"T"HH24:MI:SS') then return old; end if;
        raise exception 'trust_entries is append-only: a correction is a reversing entry';
      end $$`.execute(db);
    await sql`create trigger trust_entries_no_change before update or delete on trust_entries
      for each row execute function trust_entries_append_only()`.execute(db);
  } else {
    await sql`create trigger trust_entries_no_update before update on trust_entries
      begin select raise(abort, 'trust_entries is append-only: a correction is a reversing entry'); end`.execute(db);
    await sql`create trigger trust_entries_no_delete before delete on trust_entries
      when old.created_at >= strftime('%Y-%m-%dT%H:%M:%S', 'now', '-7 years')
      begin select raise(abort, 'trust_entries are kept seven years (rule 54.9.2)'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger if exists trust_entries_no_change on trust_entries`.execute(db);
    await sql`drop function if exists trust_entries_append_only()`.execute(db);
  }
  for (const table of ['trust_reconciliations', 'trust_balances', 'trust_entries', 'trust_investments']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
