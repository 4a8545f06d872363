import { type Kysely, sql } from 'kysely';
import type { DB } from './schema';

// Postgres only (decision 0053). A LIKE of a long term — a whole file name, a phrase of a note —
// makes pg_trgm's GIN index read the posting list of every trigram in it, and in a long term most
// are common: "medical aid authorisation pillay bh0-2026-94286" reads 47 lists of 1,259 pages, 33 ms,
// to find one document. The rarest word of it alone ("94286": 3 trigrams, 8 pages) finds the same
// document in 0.3 ms. Postgres keeps no statistics of trigrams, so this module keeps a sample: the
// trigrams of a few thousand rows of the column, counted, refreshed every few minutes. The search
// then lets the index look up the word of the term with the rarest trigram, and checks the whole
// term on the rows it finds with strpos (which the index cannot serve, so the planner keeps it a
// filter): the same rows as the LIKE of the whole term.

/** Rows whose trigrams are counted; a trigram absent from them is rarer than 1 in this many. */
export const SAMPLE_ROWS = 3_000;
/** A sample older than this is taken again (in the background: the search uses the old one meanwhile). */
const SAMPLE_MAX_AGE_MS = 10 * 60_000;
/**
 * Above this many expected matches of its rarest trigram, a word drives no better than the whole
 * term: each match is a row to read and check, and the whole term's trigrams, together, may be rarer.
 */
export const MAX_DRIVER_MATCHES = 1_000;

export interface TrigramSample {
  /** How often each trigram occurs in the sampled rows (once per row at most). */
  counts: Map<string, number>;
  /** Rows sampled. */
  rows: number;
  /** Rows in the table (Postgres' estimate). */
  tableRows: number;
}

/** The words of a text as pg_trgm splits it (runs of letters and digits), lower case. */
export function trigramWords(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The trigrams inside a word, without pg_trgm's padding (a LIKE '%word%' looks up only these). */
export function innerTrigrams(word: string): string[] {
  const chars = [...word];
  const trigrams: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) trigrams.push(chars.slice(i, i + 3).join(''));
  return trigrams;
}

/**
 * The word of `term` the index should look up, or null to look up the whole term. Only for a term
 * of more than one word: a single word is what the index looks up anyway. The word whose rarest
 * trigram is rarest in the sample, the longer on a tie (more trigrams, fewer matches); none when
 * even that trigram is expected in more than MAX_DRIVER_MATCHES rows of the table.
 */
export function drivingWord(term: string, sample: TrigramSample): string | null {
  const all = trigramWords(term);
  if (all.length < 2) return null;
  let best: { word: string; count: number } | null = null;
  for (const word of all.filter((w) => [...w].length >= 3)) {
    const count = Math.min(...innerTrigrams(word).map((t) => sample.counts.get(t) ?? 0));
    if (!best || count < best.count || (count === best.count && word.length > best.word.length)) best = { word, count };
  }
  if (!best) return null; // no word long enough for a trigram
  // A trigram seen `count` times in the sample is expected in about count/rows of the table; one
  // never seen, in fewer than one sampled row's worth.
  const expected = (Math.max(best.count, 1) / Math.max(sample.rows, 1)) * sample.tableRows;
  return expected <= MAX_DRIVER_MATCHES ? best.word : null;
}

export type SampledColumn = 'documents.file_name' | 'case_notes.body';

const samples = new Map<SampledColumn, { sample: TrigramSample; takenAt: number }>();
const loading = new Map<SampledColumn, Promise<TrigramSample>>();

async function takeSample(db: Kysely<DB>, column: SampledColumn): Promise<TrigramSample> {
  const [table, field] = column.split('.') as [string, string];
  const { reltuples } = (await sql<{ reltuples: number }>`select reltuples from pg_class where oid = ${table}::regclass`.execute(db)).rows[0] ?? { reltuples: -1 };
  const tableRows = Math.max(Number(reltuples), 0);
  // TABLESAMPLE SYSTEM reads whole pages at random: a few hundred pages, not the table. A table
  // small (or not yet analysed) is read whole, up to the sample's size.
  const percent = tableRows > SAMPLE_ROWS * 2 ? Math.min(100, ((SAMPLE_ROWS * 2) / tableRows) * 100) : 100;
  const rows = (
    await sql<{ text: string }>`select lower(${sql.ref(field)}) as text from ${sql.table(table)} tablesample system (${sql.lit(Number(percent.toFixed(4)))}) limit ${SAMPLE_ROWS}`.execute(db)
  ).rows;
  const counts = new Map<string, number>();
  for (const { text } of rows) {
    for (const trigram of new Set(trigramWords(text).flatMap(innerTrigrams))) counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
  }
  return { counts, rows: rows.length, tableRows: Math.max(tableRows, rows.length) };
}

/** The column's trigram sample: taken on first use (awaited), then refreshed in the background. */
export async function trigramSample(db: Kysely<DB>, column: SampledColumn): Promise<TrigramSample> {
  const held = samples.get(column);
  const stale = !held || Date.now() - held.takenAt > SAMPLE_MAX_AGE_MS;
  if (stale && !loading.has(column)) {
    const load = takeSample(db, column)
      .then((sample) => {
        samples.set(column, { sample, takenAt: Date.now() });
        return sample;
      })
      .finally(() => loading.delete(column));
    loading.set(column, load);
    // A refresh failing (a pool closing at shutdown) keeps the sample held; a first load's error is the caller's.
    if (held) load.catch(() => undefined);
  }
  return held ? held.sample : loading.get(column)!;
}

/** Forget the samples (tests that load new rows and want them counted). */
export function forgetTrigramSamples(): void {
  samples.clear();
}
