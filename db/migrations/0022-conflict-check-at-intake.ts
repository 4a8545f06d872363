import type { Kysely } from 'kysely';

// The conflict check at intake (issue 32, decision 0055).
// - conflict_checks: one search run before a matter exists — the parties searched for (JSON: name,
//   ID or registration number, role), who ran it and when, and the matter it was attached to when
//   opened (case_id NULL until then; a check is attached once).
// - conflict_check_hits: what it found, as found then (the matched record, the matter, its reference
//   and the role there, adverse 0/1), and an adverse hit's resolution (a reason, a note, who, when).
//   The matter found is matched_case_id: the hit is the check's, not that matter's.
// - checklist_items.item_key: a stable key for the items a record ticks ('conflict-check',
//   'hospital-records-received'), so rewording a template's label keeps the tick working. Items
//   copied before this migration get their key from the label they were copied with.
// Portable types (decision 0002): text ids and timestamps, 0/1 integers.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('conflict_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('parties', 'text', (c) => c.notNull())
    .addColumn('run_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('attached_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('attached_at', 'text')
    .execute();
  await db.schema.createIndex('conflict_checks_org_run_idx').on('conflict_checks').columns(['organization_id', 'run_at']).execute();
  await db.schema.createIndex('conflict_checks_case_idx').on('conflict_checks').columns(['case_id']).execute();

  await db.schema
    .createTable('conflict_check_hits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('check_id', 'text', (c) => c.notNull().references('conflict_checks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('party_name', 'text', (c) => c.notNull())
    .addColumn('party_role', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('matched_case_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('case_status', 'text', (c) => c.notNull())
    .addColumn('role_there', 'text', (c) => c.notNull())
    .addColumn('adverse', 'integer', (c) => c.notNull())
    .addColumn('resolution', 'text')
    .addColumn('resolution_note', 'text')
    .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema.createIndex('conflict_check_hits_check_idx').on('conflict_check_hits').columns(['check_id', 'position']).execute();

  await db.schema.alterTable('checklist_items').addColumn('item_key', 'text').execute();
  await db.updateTable('checklist_items').set({ item_key: 'conflict-check' }).where('label', '=', 'Conflict check run and recorded').execute();
  await db.updateTable('checklist_items').set({ item_key: 'hospital-records-received' }).where('label', '=', 'Hospital records received').execute();
  await db.schema.createIndex('checklist_items_case_key_idx').on('checklist_items').columns(['case_id', 'item_key']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('checklist_items_case_key_idx').execute();
  await db.schema.alterTable('checklist_items').dropColumn('item_key').execute();
  await db.schema.dropTable('conflict_check_hits').execute();
  await db.schema.dropTable('conflict_checks').execute();
}
