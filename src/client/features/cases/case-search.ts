import { CASE_STATUSES, type TCaseStatus } from '../../../shared/domain/case-statuses';
import { pluralise } from '../../../shared/format';

// The Cases screen keeps its search, status filter and page in the URL, so a filtered list can be
// reloaded, shared and stepped through with the browser's back button.

export interface CaseSearch {
  q?: string;
  status?: TCaseStatus;
  page?: number;
}

/** Cases per page on the screen; more than this shows the pager. */
export const CASES_PER_PAGE = 20;

const isStatus = (value: unknown): value is TCaseStatus => (CASE_STATUSES as readonly unknown[]).includes(value);

/** The cases.list input of a search: the route loader and the screen ask with the same key. */
export function casesListInput(search: CaseSearch) {
  return { search: search.q, status: search.status, page: search.page ?? 1, pageSize: CASES_PER_PAGE };
}

/** Lenient: a hand-edited URL with a wrong value just drops that filter instead of failing the page. */
export function validateCaseSearch(raw: Record<string, unknown>): CaseSearch {
  const q = typeof raw.q === 'string' && raw.q.trim() !== '' ? raw.q.slice(0, 100) : undefined;
  const status = isStatus(raw.status) ? raw.status : undefined;
  const page = Number(raw.page);
  return { q, status, page: Number.isInteger(page) && page > 1 ? page : undefined };
}

export interface CaseListCount {
  total: number;
  /** The server stopped counting a search: more than `total` cases match (decision 0019). */
  totalIsLowerBound: boolean;
}

/** "1 case", "37 cases", "80+ cases": a lower bound reads as "more than", never as the count. */
export function casesMatching({ total, totalIsLowerBound }: CaseListCount): string {
  if (totalIsLowerBound) return `${total.toLocaleString('en-ZA')}+ cases`;
  return pluralise(total, 'case');
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
