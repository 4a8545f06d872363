import type { Kysely } from 'kysely';

// Deadlines that know what happened (issue 32, decision 0056).
// - deadline_outcomes: a person's mark of a deadline of a case — met on a day, or not applicable with
//   a reason — by whom and when. Append-only: a second mark is an amendment, the next version; the
//   latest version is how the deadline stands. Keyed by the deadline's stable key (case, source kind,
//   source id, rule), not only by the case_deadlines row: a deadline whose trigger is cleared and set
//   again is a new row, and its mark is still its mark. deadline_id names the row that was marked.
// Portable types (decision 0002): text ids, ISO-8601 text timestamps, YYYY-MM-DD text days.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deadline_outcomes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('deadline_id', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('source_kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    /** 'met' or 'not-applicable'. */
    .addColumn('status', 'text', (c) => c.notNull())
    /** The day it was met (met only). */
    .addColumn('met_on', 'text')
    .addColumn('reason', 'text')
    .addColumn('recorded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  // One version once: two marks racing for the same next version, one is refused (409).
  await db.schema
    .createIndex('deadline_outcomes_key_version_idx')
    .on('deadline_outcomes')
    .columns(['case_id', 'source_kind', 'source_id', 'rule', 'version'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deadline_outcomes').execute();
}
