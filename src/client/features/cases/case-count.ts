import { pluralise } from '../../../shared/format';

// The Cases screen's count and pages. Apart from case-search.ts, which the route files (loaded with
// the first page) import: the formatters need not load with every first visit (decision 0048).

export interface CaseListCount {
  total: number;
  /** The server stopped counting a search: more than `total` cases match (decision 0019). */
  totalIsLowerBound: boolean;
}

/** "1 case", "37 cases", "80+ matters": a lower bound reads as "more than", never as the count. */
export function casesMatching({ total, totalIsLowerBound }: CaseListCount, noun = 'case'): string {
  if (totalIsLowerBound) return `${total.toLocaleString('en-ZA')}+ ${noun}s`;
  return pluralise(total, noun);
}

/**
 * Pages of the list. With a lower bound there is at least one more case than `total`, so at least
 * the page holding it (`pagesAtLeast`): the pager offers Next up to there, and each page the server
 * answers counts a few pages further.
 */
export function casePages({ total, totalIsLowerBound }: CaseListCount, pageSize: number): { pages: number; pagesAtLeast: boolean } {
  if (totalIsLowerBound) return { pages: Math.ceil((total + 1) / pageSize), pagesAtLeast: true };
  return { pages: Math.max(1, Math.ceil(total / pageSize)), pagesAtLeast: false };
}
