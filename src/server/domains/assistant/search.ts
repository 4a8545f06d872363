import MiniSearch from 'minisearch';
import { PASSAGES, type Passage } from './knowledge';

// Full-text search over the help knowledge base with MiniSearch (docs/decisions/0010): fuzzy and
// prefix matching so typos and partial words still find a screen, title and tags weighted above
// the body text, and a score threshold so a question about something else finds nothing rather
// than the least bad passage. The index is built once, from fixed text, at first use.

/** Below this score a hit is noise (calibrated on the questions in assistant.test.ts). */
export const MIN_SCORE = 6;

// Words that say nothing about which screen is meant; dropping them keeps "how do I ..." from
// matching every passage that happens to contain "how".
const STOP_WORDS = new Set(
  ('a an the and or but if then so of to in on at by for with from into about as is are was were be been am do does did ' +
    'i me my mine we us our you your it its this that these those there here what which who whom whose where when why how ' +
    'can could would should will shall may might must please tell show find see get go want need know let thanks thank hi hello ' +
    'some any all one just also up out off very not no yes casebridge app system').split(/\s+/),
);

/** Lower-case, strip punctuation and simple plurals, drop stop words. */
function processTerm(term: string): string | null {
  const word = term.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (word.length < 2 || STOP_WORDS.has(word)) return null;
  // "beds" finds "bed", "appointments" finds "appointment"; short words ("is", "cps") stay as typed.
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The searchable form of a passage: placeholders spelled out for both terminologies. */
function searchable(text: string): string {
  return text
    .replaceAll('{Cases}', 'Patient Cases Client Cases Matters')
    .replaceAll('{cases}', 'patient cases client cases matters')
    .replaceAll('{case}', 'patient case client case matter')
    .replaceAll('{client}', 'patient client');
}

let index: MiniSearch<Passage> | null = null;

function buildIndex(): MiniSearch<Passage> {
  const search = new MiniSearch<Passage>({
    fields: ['title', 'tags', 'text'],
    extractField: (doc, field) => {
      const value = doc[field as keyof Passage];
      return searchable(Array.isArray(value) ? value.join(' ') : String(value ?? ''));
    },
    processTerm,
    searchOptions: {
      boost: { title: 3, tags: 2, text: 1 },
      // Typos only on longer words, so short ones do not drift into other words ("bed" → "red").
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      prefix: (term) => term.length >= 4,
      combineWith: 'OR',
    },
  });
  search.addAll([...PASSAGES]);
  return search;
}

export interface Hit {
  passage: Passage;
  score: number;
}

const byId = new Map(PASSAGES.map((p) => [p.id, p]));

/** The passages that answer a question, best first; empty when nothing matches well enough. */
export function searchKnowledge(question: string, options: { limit?: number; minScore?: number } = {}): Hit[] {
  index ??= buildIndex();
  const minScore = options.minScore ?? MIN_SCORE;
  return index
    .search(question)
    .filter((r) => r.score >= minScore)
    .slice(0, options.limit ?? 3)
    .map((r) => ({ passage: byId.get(r.id as string)!, score: r.score }));
}
