import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely';

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
