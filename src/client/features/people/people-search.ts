import type { TPersonKind, TPersonListInput } from '../../../shared/domain/people';

// /people?q=&kind=&page=: the registry list's search lives in the URL, so a link or Back keeps it.

export const PEOPLE_PER_PAGE = 25;

export interface PeopleSearch {
  q?: string;
  kind?: TPersonKind;
  page?: number;
}

export function validatePeopleSearch(raw: Record<string, unknown>): PeopleSearch {
  const q = typeof raw.q === 'string' && raw.q.trim() ? raw.q.trim().slice(0, 100) : undefined;
  const kind = raw.kind === 'person' || raw.kind === 'organization' ? raw.kind : undefined;
  const page = Number(raw.page);
  return { q, kind, page: Number.isInteger(page) && page > 1 ? page : undefined };
}

export function peopleListInput(search: PeopleSearch): TPersonListInput {
  return { search: search.q, kind: search.kind, page: search.page ?? 1, pageSize: PEOPLE_PER_PAGE };
}
