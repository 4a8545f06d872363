import { CASE_STATUSES, type TCaseStatus } from '../../../shared/domain/case-statuses';

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
