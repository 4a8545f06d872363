import { type Kysely, sql } from 'kysely';

// Getting paid on the legal platforms, part one (issue 34, decision 0063): disbursements on a matter,
// fee notes (pro-forma, then a numbered tax invoice) built from unbilled time and disbursements,
// credit notes that reverse a fee note, business receipts against it, and the firm's billing details.
// Money is integer cents in bigint columns; receipts and credit notes are append-only (a receipt is
// reversed by a negative row). A time entry or a disbursement is billed once: the partial unique
// indexes on the live fee-note lines refuse a second fee note naming it (409), under concurrent
// requests too; a credit note releases its lines so the work can be billed again, corrected.

export async function up(db: Kysely<any>): Promise<void> {
  // The firm's details for its fee notes and statements; on the medicolegal platform, whether the
  // organisation acts for claimants at all (a State Litigation Unit bills nobody).
  await db.schema
    .createTable('fee_settings')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('vat_number', 'text')
    /** JSON TBankDetails of the business account, or null. */
    .addColumn('bank_details', 'text')
    .addColumn('acts_for_claimants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // A client that is a VAT vendor is named with its VAT number on a tax invoice (VAT Act s20(4)).
  await db.schema.alterTable('people').addColumn('vat_number', 'text').execute();

  await db.schema
    .createTable('disbursements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    /** Exclusive of VAT. */
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('vatable', 'integer', (c) => c.notNull())
    .addColumn('recorded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('disbursements_case_idx').on('disbursements').columns(['organization_id', 'case_id', 'date']).execute();

  await db.schema
    .createTable('fee_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    /** The tax invoice number, from the firm's series when the fee note is issued; null on a pro-forma. */
    .addColumn('number', 'integer')
    /** 'pro-forma' | 'issued' | 'credited'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('client_person_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('client_address', 'text')
    .addColumn('client_vat_number', 'text')
    /** The firm's VAT number when the fee note was made (null: not a vendor, no VAT charged). */
    .addColumn('firm_vat_number', 'text')
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** The tax invoice's date (YYYY-MM-DD). */
    .addColumn('issued_on', 'text')
    .addColumn('issued_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('issued_at', 'text')
    .execute();
  await db.schema.createIndex('fee_notes_org_number_idx').on('fee_notes').columns(['organization_id', 'number']).unique().execute();
  await db.schema.createIndex('fee_notes_case_idx').on('fee_notes').columns(['organization_id', 'case_id']).execute();

  await db.schema
    .createTable('fee_note_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('fee_note_id', 'text', (c) => c.notNull().references('fee_notes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    /** 'fee' (time) | 'fixed-fee' | 'disbursement'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('time_entry_id', 'text', (c) => c.references('time_entries.id').onDelete('set null'))
    .addColumn('disbursement_id', 'text', (c) => c.references('disbursements.id').onDelete('set null'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('fee_earner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('fee_earner_name', 'text')
    .addColumn('minutes', 'integer')
    .addColumn('rate_cents', 'bigint')
    /** Exclusive of VAT. */
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull())
    /** 1 while the fee note stands; 0 once a credit note reversed it (the work may be billed again). */
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('fee_note_lines_note_idx').on('fee_note_lines').columns(['fee_note_id', 'position']).execute();
  await db.schema.createIndex('fee_note_lines_time_idx').on('fee_note_lines').column('time_entry_id').unique().where(sql.ref('live'), '=', sql.lit(1)).execute();
  await db.schema.createIndex('fee_note_lines_disbursement_idx').on('fee_note_lines').column('disbursement_id').unique().where(sql.ref('live'), '=', sql.lit(1)).execute();

  await db.schema
    .createTable('credit_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('fee_note_id', 'text', (c) => c.notNull().references('fee_notes.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_notes_fee_note_idx').on('credit_notes').column('fee_note_id').unique().execute();
  await db.schema.createIndex('credit_notes_org_number_idx').on('credit_notes').columns(['organization_id', 'number']).unique().execute();

  // Money the firm's business account received against a fee note (cash, card, EFT, or a transfer
  // from trust). A reversal is a row of the negative amount naming the receipt it reverses.
  await db.schema
    .createTable('fee_note_receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('fee_note_id', 'text', (c) => c.notNull().references('fee_notes.id').onDelete('cascade'))
    .addColumn('receipt_number', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    /** 'cash' | 'card' | 'eft' | 'trust'. */
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('reverses_id', 'text', (c) => c.references('fee_note_receipts.id').onDelete('set null'))
    .addColumn('received_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fee_note_receipts_note_idx').on('fee_note_receipts').columns(['fee_note_id', 'date']).execute();
  await db.schema.createIndex('fee_note_receipts_number_idx').on('fee_note_receipts').columns(['organization_id', 'receipt_number']).unique().execute();
  await db.schema.createIndex('fee_note_receipts_reverses_idx').on('fee_note_receipts').column('reverses_id').unique().execute();

  // What each fee earner should bill in a month ("fees billed against target").
  await db.schema
    .createTable('fee_targets')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('monthly_target_cents', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fee_targets_pk', ['organization_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['fee_targets', 'fee_note_receipts', 'credit_notes', 'fee_note_lines', 'fee_notes', 'disbursements', 'fee_settings']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('people').dropColumn('vat_number').execute();
}
