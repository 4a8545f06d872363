import { type Kysely } from 'kysely';

// Litigation (issue 20), on the legal and medicolegal platforms (the platform flags decide):
// - court_matters: one per case — court and division, case number, CaseLines reference, claim in
//   cents, stage, and the dates the deadline rules start from (summons served, debt due, knowledge).
// - hearings: trial, judicial case management, pre-trial, motion, mediation — when, where, before
//   whom, and the outcome; they show on the schedule beside appointments.
// - case_experts: an expert (a person of the registry) for our side or the other, with fee and the
//   Rule 36(9) milestones as dates.
// - settlement_events: the settlement log — offers, counter-offers, tenders, mediation outcomes and
//   court orders with amounts and heads of damages. A legal record: rows are added, and only their
//   status moves (with a version).
// - checklist_templates / checklist_items: compliance checklists per case type; an organisation's
//   own templates override the shipped ones (src/shared/domain/checklists.ts); each case gets its
//   items when its checklist is first opened, ticked by a named person with a date.
// - case_deadlines: due dates the deadline engine computed for a case, each with the task it created;
//   when the trigger moves (a trial date, a service date) the deadline and its task move with it.
// Portable types (decision 0002): text ids, ISO-8601 text timestamps, YYYY-MM-DD text days, 0/1
// integers, integer cents, JSON text.

export async function up(db: Kysely<any>): Promise<void> {
  const base = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'));

  await base('court_matters')
    .addColumn('court', 'text', (c) => c.notNull())
    .addColumn('division', 'text', (c) => c.notNull())
    .addColumn('case_number', 'text', (c) => c.notNull())
    .addColumn('caselines_reference', 'text')
    .addColumn('claim_amount_cents', 'bigint')
    .addColumn('stage', 'text', (c) => c.notNull())
    /** merits, quantum, or both: what the trial is to decide (Form 10's first question). */
    .addColumn('trial_scope', 'text')
    /** Rule 19(1) counts from here. */
    .addColumn('summons_served_on', 'text')
    /** Act 40 of 2002 s3: the notice is due within six months of this day. */
    .addColumn('debt_due_on', 'text')
    /** Prescription Act: three years from the day the claimant knew. */
    .addColumn('knowledge_on', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('court_matters_case_idx').on('court_matters').columns(['case_id']).unique().execute();
  await db.schema.createIndex('court_matters_org_number_idx').on('court_matters').columns(['organization_id', 'case_number']).execute();

  await base('hearings')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('venue', 'text')
    .addColumn('judge', 'text')
    .addColumn('outcome', 'text')
    .addColumn('notes', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hearings_org_start_idx').on('hearings').columns(['organization_id', 'starts_at']).execute();
  await db.schema.createIndex('hearings_case_start_idx').on('hearings').columns(['case_id', 'starts_at']).execute();

  await base('case_experts')
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id'))
    .addColumn('discipline', 'text', (c) => c.notNull())
    .addColumn('registration_number', 'text')
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('fee_cents', 'bigint')
    .addColumn('instructed_on', 'text')
    .addColumn('assessed_on', 'text')
    .addColumn('report_received_on', 'text')
    .addColumn('notice_369a_on', 'text')
    .addColumn('summary_369b_on', 'text')
    .addColumn('joint_minute_on', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_experts_case_idx').on('case_experts').columns(['case_id', 'created_at']).execute();
  await db.schema.createIndex('case_experts_person_idx').on('case_experts').columns(['organization_id', 'person_id']).execute();

  await base('settlement_events')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('occurred_on', 'text', (c) => c.notNull())
    .addColumn('from_side', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    /** JSON {pastMedical?, futureMedical?, lossOfEarnings?, generalDamages?} in cents. */
    .addColumn('heads', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recorded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('settlement_events_case_idx').on('settlement_events').columns(['case_id', 'occurred_on']).execute();
  await db.schema.createIndex('settlement_events_org_idx').on('settlement_events').columns(['organization_id', 'kind', 'status']).execute();

  await db.schema
    .createTable('checklist_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    /** The case types it applies to, matched without case (JSON list); empty = every case of the organisation. */
    .addColumn('case_types', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON list of item labels, in order. */
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checklist_templates_org_idx').on('checklist_templates').columns(['organization_id', 'name']).execute();

  await base('checklist_items')
    /** The template the item came from (an organisation's, or a shipped one's key). */
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('done_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checklist_items_case_idx').on('checklist_items').columns(['case_id', 'position']).execute();

  await base('case_deadlines')
    .addColumn('rule', 'text', (c) => c.notNull())
    /** What the trigger date comes from: 'court-matter', 'hearing' or 'expert', and that row's id. */
    .addColumn('source_kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('trigger_on', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.references('tasks.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_deadlines_source_idx').on('case_deadlines').columns(['case_id', 'source_kind', 'source_id', 'rule']).unique().execute();
  await db.schema.createIndex('case_deadlines_org_due_idx').on('case_deadlines').columns(['organization_id', 'due_on']).execute();

  // The header search's notes (issue 19), newest first within the organisation: a common word is
  // answered by walking this index until five notes match (0.4 ms at the benchmark's 200,000-case
  // organisation on Postgres) instead of reading every matching note of every organisation and
  // sorting them (71 ms p50); a rare word still goes through the trigram index.
  await db.schema.createIndex('case_notes_org_created_idx').on('case_notes').columns(['organization_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('case_notes_org_created_idx').execute();
  for (const table of ['case_deadlines', 'checklist_items', 'checklist_templates', 'settlement_events', 'case_experts', 'hearings', 'court_matters']) {
    await db.schema.dropTable(table).execute();
  }
}
