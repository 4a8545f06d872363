import type { TIcd10Code } from './domain/icd10';
import { ICD10_STARTER_CODES } from './icd10-starter';

// An in-memory search index over one code list. The full MIT is ~41,000 codes: a query must answer
// in well under 10 ms, which a database LIKE over descriptions does not, so the list is held sorted by
// code (a code prefix is a binary search) with a sorted vocabulary of description words (a word
// prefix is a binary search too) pointing at the codes that contain them. Isomorphic: the server keeps
// one per organisation; demo mode searches the starter list with the same code.

export interface Icd10Entry extends TIcd10Code {
  validPrimary: boolean;
}

export interface Icd10Index {
  /** Sorted by code. */
  entries: Icd10Entry[];
  byCode: Map<string, Icd10Entry>;
  /** Sorted distinct lower-case words of the descriptions, and per word the positions in `entries`. */
  words: string[];
  postings: Uint32Array[];
  /** Words per description, to rank shorter (more general) descriptions first. */
  wordCounts: Uint16Array;
  /** Each description's words as ' word word', so "has a word starting with w" is includes(' ' + w). */
  wordText: string[];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

export function buildIcd10Index(codes: Iterable<Icd10Entry>): Icd10Index {
  const entries = [...codes].sort((a, b) => compare(a.code, b.code));
  const byCode = new Map(entries.map((e) => [e.code, e]));
  const lists = new Map<string, number[]>();
  const wordCounts = new Uint16Array(entries.length);
  const wordText: string[] = [];
  entries.forEach((entry, position) => {
    const all = wordsOf(entry.description);
    wordCounts[position] = Math.min(all.length, 65_535);
    wordText.push(` ${all.join(' ')}`);
    for (const word of new Set(all)) {
      let list = lists.get(word);
      if (!list) lists.set(word, (list = []));
      list.push(position);
    }
  });
  const words = [...lists.keys()].sort(compare);
  return { entries, byCode, words, postings: words.map((w) => Uint32Array.from(lists.get(w)!)), wordCounts, wordText };
}

/** The first index in a sorted array whose value is >= key. */
function lowerBound(length: number, key: string, read: (i: number) => string): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (read(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The range of vocabulary words starting with `prefix`, and how many codes they point at in all. */
function wordRange(index: Icd10Index, prefix: string): { from: number; to: number; count: number } {
  const from = lowerBound(index.words.length, prefix, (j) => index.words[j]!);
  let to = from;
  let count = 0;
  while (to < index.words.length && index.words[to]!.startsWith(prefix)) count += index.postings[to++]!.length;
  return { from, to, count };
}

/** Matches past this many are not ranked: a one-letter query matches thousands of codes. */
const RANKED_MAX = 1_000;

/**
 * Codes starting with the query first (in code order), then codes whose description has every query
 * word as the start of one of its words, fewest words first ("hypertension" ranks "Essential
 * (primary) hypertension" above a long compound description). The candidates come from the rarest
 * query word's postings only; the other words are checked on each candidate's text, so a common word
 * ("type", "unspecified") costs nothing beyond its own candidates.
 */
export function searchIcd10Index(index: Icd10Index, query: string, limit: number): TIcd10Code[] {
  const q = query.trim();
  const shown = (i: number): TIcd10Code => ({ code: index.entries[i]!.code, description: index.entries[i]!.description });
  if (!q) return index.entries.slice(0, limit).map((_, i) => shown(i));
  const out: TIcd10Code[] = [];
  const taken = new Set<number>();

  const codePrefix = q.toUpperCase().replace(/\s+/g, '');
  if (/^[A-Z][0-9]/.test(codePrefix)) {
    const from = lowerBound(index.entries.length, codePrefix, (i) => index.entries[i]!.code);
    for (let i = from; i < index.entries.length && out.length < limit && index.entries[i]!.code.startsWith(codePrefix); i++) {
      out.push(shown(i));
      taken.add(i);
    }
  }
  if (out.length >= limit) return out;

  const queryWords = [...new Set(wordsOf(q))];
  if (queryWords.length === 0) return out;
  const ranges = queryWords.map((word) => ({ word, ...wordRange(index, word) })).sort((a, b) => a.count - b.count);
  const [rarest, ...others] = ranges;
  if (!rarest || rarest.count === 0) return out;
  const needles = others.map((o) => ` ${o.word}`);
  const matches: number[] = [];
  const seen = new Set<number>();
  for (let w = rarest.from; w < rarest.to && matches.length < RANKED_MAX; w++) {
    for (const i of index.postings[w]!) {
      if (seen.has(i) || taken.has(i)) continue;
      seen.add(i);
      const text = index.wordText[i]!;
      if (needles.every((needle) => text.includes(needle))) matches.push(i);
      if (matches.length >= RANKED_MAX) break;
    }
  }
  matches
    .sort((a, b) => index.wordCounts[a]! - index.wordCounts[b]! || a - b)
    .slice(0, limit - out.length)
    .forEach((i) => out.push(shown(i)));
  return out;
}

let starter: Icd10Index | undefined;
/** The starter list's index. External causes (V01–Y98) are never a primary diagnosis in the MIT; the starter list follows it. */
export function starterIcd10Index(): Icd10Index {
  starter ??= buildIcd10Index(ICD10_STARTER_CODES.map((c) => ({ ...c, validPrimary: !/^[V-Y]/.test(c.code) })));
  return starter;
}
