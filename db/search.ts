import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely';
import type { DB } from './schema';

// Case-insensitive substring search (SPEC §5) that means the same on SQLite and Postgres:
// lower(col) LIKE lower(pattern) with % and _ escaped, instead of Postgres-only ILIKE.

export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True when any of the columns contains the term, ignoring case. */
export function containsAny<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: string[],
  term: string,
): Expression<SqlBool> {
  const pattern = likePattern(term);
  return eb.or(columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`));
}

/** Shortest term the SQLite trigram index (migration 0007) can answer; shorter ones read every row. */
export const TRIGRAM_MIN_LENGTH = 3;

/**
 * containsAny for the cases list, through the trigram index of migration 0007 (decision 0016).
 * SQLite: the FTS5 trigram table narrows the rows to those holding the term's trigrams, and the LIKE
 * stays as the exact check, so the result is the same as containsAny's. Postgres: the pg_trgm GIN
 * indexes on lower(patient_name) and lower(case_type) serve containsAny's own LIKE, so it is unchanged.
 */
export function caseSearchMatches(
  eb: ExpressionBuilder<DB, 'cases'>,
  term: string,
  postgres: boolean,
): Expression<SqlBool> {
  const exact = containsAny(eb, ['cases.patient_name', 'cases.case_type'], term);
  if (postgres || term.length < TRIGRAM_MIN_LENGTH) return exact;
  // An FTS5 phrase: the term's characters literally, double quotes doubled.
  const phrase = `"${term.replace(/"/g, '""')}"`;
  return eb.and([sql<SqlBool>`cases.rowid in (select rowid from cases_search where cases_search match ${phrase})`, exact]);
}
