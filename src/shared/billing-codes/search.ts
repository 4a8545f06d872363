import type { TBillingCode } from '../domain/medical-accounts';
import { STARTER_NAPPI } from './starter-nappi';
import { STARTER_TARIFFS } from './starter-tariffs';

// Search of a tariff or NAPPI list (issue 33): codes starting with the query first, then entries
// whose description holds every word of the query (case-insensitive). Used on the starter lists by
// the server and by demo mode; an imported list is searched the same way in SQL.

export function starterCodes(list: 'tariff' | 'nappi'): readonly TBillingCode[] {
  return list === 'tariff' ? STARTER_TARIFFS : STARTER_NAPPI;
}

export function queryWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter((w) => w.length > 0).slice(0, 8);
}

export function searchBillingCodes(entries: readonly TBillingCode[], q: string | undefined, limit: number): TBillingCode[] {
  const query = (q ?? '').trim();
  if (query === '') return entries.slice(0, limit);
  const upper = query.toUpperCase();
  const words = queryWords(query);
  const byCode = entries.filter((e) => e.code.toUpperCase().startsWith(upper));
  const byWords = entries.filter((e) => !byCode.includes(e) && words.every((w) => e.description.toLowerCase().includes(w)));
  return [...byCode, ...byWords].slice(0, limit);
}
