import { type ExpressionBuilder, type Expression, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import { CASE_REFERENCE_PATTERN } from '../src/shared/domain/case-reference';
import type { DB } from './schema';
import { type SampledColumn, drivingWord, trigramSample, trigramWords } from './trigram-driver';

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

const CASE_SEARCH_COLUMNS = ['cases.patient_name', 'cases.case_type'];

/** An FTS5 phrase: the term's characters literally, double quotes doubled. */
function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/**
 * containsAny for the cases list, through the trigram index of migration 0007 (decision 0017).
 * SQLite: the FTS5 trigram table narrows the rows to those holding the term's trigrams, and the LIKE
 * stays as the exact check, so the result is the same as containsAny's. Postgres: the pg_trgm GIN
 * indexes on lower(patient_name) and lower(case_type) serve containsAny's own LIKE, so it is unchanged.
 */
export function caseSearchMatches(
  eb: ExpressionBuilder<DB, 'cases'>,
  term: string,
  postgres: boolean,
): Expression<SqlBool> {
  const exact = containsAny(eb, CASE_SEARCH_COLUMNS, term);
  if (postgres || term.length < TRIGRAM_MIN_LENGTH) return exact;
  return eb.and([sql<SqlBool>`cases.rowid in (select rowid from cases_search where cases_search match ${ftsPhrase(term)})`, exact]);
}

/**
 * FTS matches, over all organisations, from which a term counts as common on SQLite. The probe
 * stops here, so it reads at most this many entries of the index (decision 0019).
 */
export const FTS_COMMON_MATCHES = 4000;

export interface CaseSearch {
  /**
   * Which query plan the condition leads SQLite to; Postgres is 'trigram-index' (pg_trgm) for names.
   * 'reference': a term shaped like a case reference, read from the (organization_id, reference) index.
   */
  plan: 'trigram-index' | 'list-order-walk' | 'reference';
  /** The search condition: the same rows as containsAny on patient name and case type, on every plan. */
  matches: (eb: ExpressionBuilder<DB, 'cases'>) => Expression<SqlBool>;
  /**
   * Whether a capped count should read the matches newest first (ORDER BY created_at DESC): then
   * SQLite counts them along the organisation's (organization_id, created_at, id) index, or
   * (organization_id, status, created_at) with a status filter, in the table's insertion order, and
   * stops at the cap. Without the order it picks (organization_id, patient_name, id) and fetches the
   * rows in name order, ~20 times slower. No id tie-break: it would rule out the status index.
   * Never with SQLite's trigram index: there the order would make SQLite walk the organisation too.
   * Always on Postgres, whose planner weighs the order against pg_trgm for the term at hand (the
   * statement is planned for its values: postgres-statements.ts). Without the order it chose a
   * sequential scan stopping at the cap, which is fast only while the organisation's rows lie where
   * the scan begins: Postgres starts a new scan where a running one is (synchronised scans), and
   * now and then one read from the middle of the table, 65–240 ms instead of 3 (decision 0052).
   */
  countInListOrder: boolean;
}

/**
 * How to search the cases list for `term` (decision 0019). Every plan answers the same rows as
 * containsAny; only the speed differs.
 *
 * SQLite has two ways to answer `organisation AND term ORDER BY created_at DESC LIMIT n`:
 * - Through the trigram index: only the FTS matches of the term are read, in ALL organisations
 *   (the FTS table has no organisation column), then the organisation, the exact LIKE and the sort
 *   apply. Under 1 ms for a rare term, but the work grows with the matches: "naidoo" has 62,800 on
 *   the bench database, ~13 ms for the page and as much again for the count, whatever the limit.
 * - Plain LIKE (containsAny) along the organisation's created_at index, newest first, stopping after
 *   the page (or the count's cap). ~1 ms for a common term; a term that matches nothing reads the
 *   whole organisation (~400 ms for 200,000 cases).
 * A probe of the FTS table, capped at FTS_COMMON_MATCHES entries, tells which: fewer matches than
 * the cap → selective → the trigram index; otherwise common → plain LIKE along the index. The probe
 * keeps the rowids it found, and the page and the count filter on those rather than asking FTS5
 * again: a term of many common trigrams (a full name) costs FTS5 ~10 ms per query however few
 * rows it matches. A case written between the probe and the page is missed as if the list had been
 * read a moment earlier; the LIKE and organisation checks still apply to every row.
 *
 * Known worst case: the probe counts over all organisations, so a term common in other
 * organisations but rare or absent in the caller's takes the plain LIKE and reads the whole
 * organisation (~400 ms for the page at 200,000 cases; the service then skips the count, as a short
 * page is its own exact total). Terms shorter than TRIGRAM_MIN_LENGTH have no FTS answer and always
 * take the plain LIKE. Postgres keeps pg_trgm: its planner has the statistics to choose by itself.
 */
/** The probe: the term's FTS matches over all organisations, at most FTS_COMMON_MATCHES, and their rowids. */
export function caseSearchProbe(term: string) {
  return sql<{ n: number; rowids: string }>`select count(*) as n, json_group_array(rowid) as rowids
    from (select rowid from cases_search where cases_search match ${ftsPhrase(term)} limit ${FTS_COMMON_MATCHES}) as probe`;
}

/** A common term on SQLite: the plain LIKE, read along the organisation's created_at index. */
export function commonTermSearch(term: string): CaseSearch {
  return { plan: 'list-order-walk', matches: (eb) => containsAny(eb, CASE_SEARCH_COLUMNS, term), countInListOrder: true };
}

/** A selective term on SQLite: the rowids the probe found, each checked by the exact LIKE. */
export function selectiveTermSearch(term: string, rowids: string): CaseSearch {
  return {
    plan: 'trigram-index',
    matches: (eb) => eb.and([sql<SqlBool>`cases.rowid in (select value from json_each(${rowids}))`, containsAny(eb, CASE_SEARCH_COLUMNS, term)]),
    countInListOrder: false,
  };
}

/**
 * A reference or its start, ignoring case (issue 18). References are stored in capitals and are all
 * one shape (PREFIX-YYYY-NNNNN), so a prefix is a range of the unique (organization_id, reference)
 * index: from the term padded with zeros to the term padded with nines. The bounds have the stored
 * shape, so the range holds under any collation (Postgres' en_US ignores the hyphens, consistently
 * on both ends); the LIKE is the exact check. Fast at 200,000 cases on both databases.
 */
export function referenceTermSearch(term: string): CaseSearch {
  const upper = term.toUpperCase();
  const [prefix, year = '', number] = upper.split('-');
  const low = `${prefix}-${year.padEnd(4, '0')}-${(number ?? '').padEnd(5, '0')}`;
  const high = `${prefix}-${year.padEnd(4, '9')}-${(number ?? '').padEnd(5, '9')}`;
  const pattern = `${upper.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return {
    plan: 'reference',
    matches: (eb) => eb.and([eb('cases.reference', '>=', low), eb('cases.reference', '<=', high), sql<SqlBool>`cases.reference like ${pattern} escape '\\'`]),
    countInListOrder: false,
  };
}

export async function planCaseSearch(db: Kysely<DB>, term: string): Promise<CaseSearch> {
  if (CASE_REFERENCE_PATTERN.test(term)) return referenceTermSearch(term);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) return { plan: 'trigram-index', matches: (eb) => caseSearchMatches(eb, term, true), countInListOrder: true };
  if (term.length < TRIGRAM_MIN_LENGTH) return commonTermSearch(term);
  const { n, rowids } = (await caseSearchProbe(term).execute(db)).rows[0] ?? { n: 0, rowids: '[]' };
  return Number(n) >= FTS_COMMON_MATCHES ? commonTermSearch(term) : selectiveTermSearch(term, rowids);
}

// The header search and the conflict check (issue 19) read three more trigram indexes of migration
// 0013: people's names, documents' file names and notes' text. The same probe as the cases' tells a
// selective term (answer from the rowids it found) from a common one (walk the organisation instead).

export type TrigramTable = 'people_search' | 'documents_search' | 'case_notes_search';

export interface TrigramProbe {
  /** At least FTS_COMMON_MATCHES matches over all organisations: the rowids are only the first of them. */
  common: boolean;
  /** JSON array of the rowids found (at most FTS_COMMON_MATCHES), for `rowid in (select value from json_each(?))`. */
  rowids: string;
}

/** SQLite only: the term's FTS matches in `table` over all organisations, capped; null for a term too short for trigrams. */
export async function trigramProbe(db: Kysely<DB>, table: TrigramTable, term: string, cap = FTS_COMMON_MATCHES): Promise<TrigramProbe | null> {
  if (term.length < TRIGRAM_MIN_LENGTH) return null;
  const { n, rowids } = (
    await sql<{ n: number; rowids: string }>`select count(*) as n, json_group_array(rowid) as rowids
      from (select rowid from ${sql.table(table)} where ${sql.table(table)} match ${ftsPhrase(term)} limit ${cap}) as probe`.execute(db)
  ).rows[0] ?? { n: 0, rowids: '[]' };
  return { common: Number(n) >= cap, rowids };
}

/**
 * containsAny of one column whose trigrams are sampled (db/trigram-driver.ts, decision 0053): on
 * Postgres, a term of several words is looked up in the trigram index by its rarest word, and the
 * whole term checked with strpos on the rows found — the same rows as containsAny's, without
 * reading the posting list of every common trigram of a long term.
 */
export async function sampledContains(db: Kysely<DB>, column: SampledColumn, ref: string, term: string) {
  // Without a sample (it could not be taken) the whole term is looked up, as before: slower, never wrong.
  const sample = isPostgres(db) && trigramWords(term).length > 1 ? await trigramSample(db, column).catch(() => null) : null;
  const word = sample ? drivingWord(term, sample) : null;
  return <D, T extends keyof D>(eb: ExpressionBuilder<D, T>): Expression<SqlBool> =>
    word
      ? sql<SqlBool>`(lower(${sql.ref(ref)}) like ${`%${word}%`} and strpos(lower(${sql.ref(ref)}), ${term.toLowerCase()}) > 0)`
      : containsAny(eb, [ref], term);
}

export function isPostgres(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The words of a name the trigram index can look up (three letters or more), lower case. */
export function nameWords(name: string): string[] {
  return [...new Set(name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= TRIGRAM_MIN_LENGTH))];
}

/** Most candidates a similar-name look-up weighs; the caller scores them with nameSimilarity. */
export const NAME_CANDIDATES_LIMIT = 200;

/**
 * People of the organisation (not merged away) whose names may be similar to `name`, for the
 * duplicate and conflict checks to score with nameSimilarity. Postgres: pg_trgm's similarity operator
 * (threshold 0.3, below the product's 0.45) on the GIN index. SQLite: the FTS trigram table, rows
 * holding any word of the name (so "Thabo Mokwena" finds "Thabo Mokoena" through "thabo"); a word
 * common over all organisations is looked up along the organisation's name index instead.
 */
export async function similarNameCandidates(db: Kysely<DB>, organizationId: string, name: string, limit = NAME_CANDIDATES_LIMIT): Promise<string[]> {
  const base = db.selectFrom('people').select('people.id').where('people.organization_id', '=', organizationId).where('people.merged_into_id', 'is', null);
  if (isPostgres(db)) {
    const rows = await base.where(sql<SqlBool>`lower(people.full_name) % ${name.toLowerCase()}`).limit(limit).execute();
    return rows.map((r) => r.id);
  }
  const words = nameWords(name);
  if (words.length === 0) return [];
  const query = words.map(ftsPhrase).join(' OR ');
  const probe = (
    await sql<{ n: number; rowids: string }>`select count(*) as n, json_group_array(rowid) as rowids
      from (select rowid from people_search where people_search match ${query} limit ${FTS_COMMON_MATCHES}) as probe`.execute(db)
  ).rows[0] ?? { n: 0, rowids: '[]' };
  const matches = Number(probe.n) >= FTS_COMMON_MATCHES
    ? base.where((eb) => eb.or(words.map((word) => containsAny(eb, ['people.full_name'], word))))
    : base.where(sql<SqlBool>`people.rowid in (select value from json_each(${probe.rowids}))`);
  return (await matches.limit(limit).execute()).map((r) => r.id);
}
