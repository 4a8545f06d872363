import type { Kysely } from 'kysely';

// Getting paid on the healthcare platform (issue 33, decision 0061): the practice's identity, a
// person's medical-aid cover, the practice's tariff and NAPPI lists, charges on a case, accounts
// (invoices) and their lines, claim batches, remittances, patient payments and the shortfall
// decisions. Money is integer cents in bigint columns (ARCHITECTURE "Money"); ledgers (remittance
// lines, payments, shortfalls, line events) are append-only: a correction is a reversing row.
// Portable types (decision 0002): text ids and ISO text timestamps, integer 0/1 booleans, JSON text.

export async function up(db: Kysely<any>): Promise<void> {
  // Per-organisation number series (accounts, receipts, claims; fee notes later): the next number is
  // taken by `update … set last_number = last_number + 1 … returning` inside the writing
  // transaction, never max()+1, so a number is never issued twice nor reused.
  await db.schema
    .createTable('number_series')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('number_series_pk', ['organization_id', 'series'])
    .execute();

  await db.schema
    .createTable('billing_settings')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('practice_number', 'text', (c) => c.notNull())
    .addColumn('vat_number', 'text')
    /** JSON {bankName, accountName, accountNumber, branchCode, accountType} or null. */
    .addColumn('bank_details', 'text')
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The treating clinician's own BHF practice number (a claim names the billing and the treating practice).
  await db.schema.alterTable('memberships').addColumn('practitioner_number', 'text').execute();

  await db.schema
    .createTable('person_cover')
    .addColumn('person_id', 'text', (c) => c.primaryKey().references('people.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('scheme', 'text')
    .addColumn('plan', 'text')
    .addColumn('option', 'text')
    .addColumn('membership_number', 'text')
    .addColumn('dependant_code', 'text')
    /** The account holder; null when the person is the main member (or pays cash). */
    .addColumn('main_member_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('person_cover_main_member_idx').on('person_cover').columns(['organization_id', 'main_member_id']).execute();

  // An organisation's imported tariff or NAPPI list; without one, the starter list in src/shared.
  await db.schema
    .createTable('billing_codes')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('needs_authorisation', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('billing_codes_pk', ['organization_id', 'list', 'code'])
    .execute();
  await db.schema
    .createTable('billing_code_imports')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('code_count', 'integer', (c) => c.notNull())
    .addColumn('imported_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_code_imports_pk', ['organization_id', 'list'])
    .execute();

  await db.schema
    .createTable('charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    /** The patient the service was for (the case's person), so statements group without the case. */
    .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('encounter_id', 'text', (c) => c.references('encounters.id').onDelete('set null'))
    .addColumn('service_date', 'text', (c) => c.notNull())
    /** 'tariff' | 'nappi'. */
    .addColumn('code_list', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'bigint', (c) => c.notNull())
    /** quantity × unit price, before VAT. */
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    /** JSON array of ICD-10 codes, the primary first; at least one. */
    .addColumn('icd10_codes', 'text', (c) => c.notNull())
    .addColumn('modifier', 'text')
    .addColumn('authorisation_number', 'text')
    .addColumn('needs_authorisation', 'integer', (c) => c.notNull().defaultTo(0))
    /** A diagnosis of the line is a Chronic Disease List condition (a prescribed minimum benefit). */
    .addColumn('pmb', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('treating_practitioner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** A charge not yet on an account can be voided (with the reason); nothing is deleted. */
    .addColumn('voided_at', 'text')
    .addColumn('voided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('void_reason', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('charges_case_idx').on('charges').columns(['organization_id', 'case_id', 'service_date']).execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    /** The patient (a dependant, or the main member themself). */
    .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    /** The account holder the statement goes to: the main member, or the patient. */
    .addColumn('holder_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    /** 'scheme' | 'patient'. */
    .addColumn('payer', 'text', (c) => c.notNull())
    .addColumn('account_date', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_org_number_idx').on('accounts').columns(['organization_id', 'number']).unique().execute();
  await db.schema.createIndex('accounts_holder_idx').on('accounts').columns(['organization_id', 'holder_id']).execute();

  await db.schema
    .createTable('claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('scheme', 'text', (c) => c.notNull())
    /** 'submitted' | 'accepted' | 'partly-rejected' | 'rejected' | 'failed'. */
    .addColumn('status', 'text', (c) => c.notNull())
    /** The batch exactly as it was sent (the documented JSON format), frozen at submission. */
    .addColumn('export', 'text', (c) => c.notNull())
    /** 'file' | 'http'. */
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('switch_reference', 'text')
    .addColumn('submitted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('claims_org_number_idx').on('claims').columns(['organization_id', 'number']).unique().execute();

  await db.schema
    .createTable('account_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('charge_id', 'text', (c) => c.notNull().references('charges.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    /** The line's amount including VAT (the charge's amount + VAT). */
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull())
    /** draft | submitted | accepted | rejected | paid | short-paid | written-off | reversed. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('claim_id', 'text', (c) => c.references('claims.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // A charge is billed once: a second account naming it is refused by this index (409).
  await db.schema.createIndex('account_lines_charge_idx').on('account_lines').column('charge_id').unique().execute();
  await db.schema.createIndex('account_lines_account_idx').on('account_lines').columns(['account_id', 'position']).execute();
  await db.schema.createIndex('account_lines_claim_idx').on('account_lines').column('claim_id').execute();

  // What happened to a line, in order (submitted, accepted, rejected with the reason, reversed …).
  await db.schema
    .createTable('account_line_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('line_id', 'text', (c) => c.notNull().references('account_lines.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_line_events_line_idx').on('account_line_events').columns(['line_id', 'at']).execute();

  await db.schema
    .createTable('remittances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('scheme', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('captured_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('captured_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remittances_reference_idx').on('remittances').columns(['organization_id', 'scheme', 'reference']).unique().execute();

  await db.schema
    .createTable('remittance_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('remittance_id', 'text', (c) => c.notNull().references('remittances.id').onDelete('cascade'))
    .addColumn('account_line_id', 'text', (c) => c.notNull().references('account_lines.id').onDelete('cascade'))
    .addColumn('paid_cents', 'bigint', (c) => c.notNull())
    .addColumn('reason_code', 'text')
    .addColumn('reason', 'text')
    .execute();
  // A line is settled by a scheme once (paid, short-paid or rejected): the second remittance naming it is 409.
  await db.schema.createIndex('remittance_lines_line_idx').on('remittance_lines').column('account_line_id').unique().execute();

  // The remainder of a short-paid or rejected line: to the patient, or written off.
  await db.schema
    .createTable('line_shortfalls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('account_line_id', 'text', (c) => c.notNull().references('account_lines.id').onDelete('cascade'))
    /** 'patient' | 'write-off'. */
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('line_shortfalls_line_idx').on('line_shortfalls').column('account_line_id').unique().execute();

  await db.schema
    .createTable('account_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('receipt_number', 'integer', (c) => c.notNull())
    /** Positive; a reversal is a row of the negative amount naming the payment it reverses. */
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    /** 'cash' | 'card' | 'eft'. */
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('reverses_id', 'text', (c) => c.references('account_payments.id').onDelete('set null'))
    .addColumn('received_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_payments_account_idx').on('account_payments').columns(['account_id', 'date']).execute();
  await db.schema.createIndex('account_payments_receipt_idx').on('account_payments').columns(['organization_id', 'receipt_number']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'account_payments', 'line_shortfalls', 'remittance_lines', 'remittances', 'account_line_events', 'account_lines', 'claims',
    'accounts', 'charges', 'billing_code_imports', 'billing_codes', 'person_cover', 'billing_settings', 'number_series',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('memberships').dropColumn('practitioner_number').execute();
}
