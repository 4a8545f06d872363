import { z } from 'zod';

// Search from anywhere (issue 19): the header box over people, cases, documents and notes. Each
// result links to its page; the server answers only what the caller's role and need to know allow.

export const SEARCH_KINDS = ['person', 'case', 'document', 'note'] as const;
export type TSearchKind = (typeof SEARCH_KINDS)[number];

/** Results per kind; the box shows the best few of each. */
export const SEARCH_RESULTS_PER_KIND = 5;
// Three: the trigram indexes answer from three characters; a shorter term would read every row of the
// organisation (265 ms at 40,000 cases on SQLite, 1.5 s on Postgres when measured).
export const SEARCH_MIN_LENGTH = 3;

export const ZSearchInput = z.object({
  q: z.string().trim().min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters`).max(100, 'Search must be at most 100 characters'),
});
export type TSearchInput = z.infer<typeof ZSearchInput>;

export const ZSearchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The page it opens: /people/{id}, /patients/{id} or /clients/{id} (with ?tab= for a document or note). */
  href: z.string(),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;
export const ZSearchResults = z.object({ items: z.array(ZSearchResult) });
export type TSearchResults = z.infer<typeof ZSearchResults>;
