import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../../../db/schema';

// Issue 32: the Audit screen was flooded with "List User" rows — every visit to a screen records each
// list it loads. The view folds them: successful list reads by one person, of one kind of record, in
// one organisation and one window of AUDIT_FOLD_WINDOW_MINUTES (10) minutes of the clock are one row with a count. Every other entry
// is a row of its own. The trail itself is untouched (append-only, hash-chained): folding happens in
// the list query, so the REST list folds too when asked, and the CSV export stays entry by entry.
//
// The window is the ISO timestamp's first 15 characters ('2026-11-28T08:3'), the same text in SQLite
// and PostgreSQL (timestamps are ISO-8601 UTC text everywhere, db/time.ts).

type AuditQuery = SelectQueryBuilder<DB, 'audit_events', object>;

/** 'YYYY-MM-DDTHH:M': AUDIT_FOLD_WINDOW_MINUTES (ten) minutes of the clock. */
const WINDOW_PREFIX = 15;

/** Entries that share this key are one row of the folded view. */
function foldKey() {
  return sql<string>`case
    when audit_events.action = 'list' and audit_events.outcome = 'success' and audit_events.user_id is not null
      then 'list|' || audit_events.user_id || '|' || coalesce(audit_events.entity_type, '') || '|' || coalesce(audit_events.organization_id, '') || '|' || substr(audit_events.occurred_at, 1, ${sql.lit(WINDOW_PREFIX)})
    else cast(audit_events.seq as varchar(20))
  end`;
}

export interface FoldedRow {
  /** The newest entry of the row: the one shown. */
  seq: number;
  firstSeq: number;
  count: number;
  firstAt: string;
}

/** One page of the folded view of `base` (already scoped and filtered), newest first, and how many rows it has in all. */
export async function foldedPage(db: Kysely<DB>, base: AuditQuery, page: number, pageSize: number): Promise<{ rows: FoldedRow[]; total: number }> {
  const key = foldKey();
  const [counted, rows] = await Promise.all([
    db
      .selectFrom(base.select(key.as('fold_key')).groupBy(key).as('folds'))
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    base
      .select((eb) => [
        eb.fn.max('audit_events.seq').as('last_seq'),
        eb.fn.min('audit_events.seq').as('first_seq'),
        eb.fn.countAll<number | string>().as('entries'),
        eb.fn.min('audit_events.occurred_at').as('first_at'),
      ])
      .groupBy(key)
      .orderBy('last_seq', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    total: Number(counted.total),
    rows: rows.map((r) => ({ seq: Number(r.last_seq), firstSeq: Number(r.first_seq), count: Number(r.entries), firstAt: String(r.first_at) })),
  };
}
