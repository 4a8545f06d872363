import { SEARCH_KINDS, type TSearchKind, type TSearchResult } from '../../../shared/domain/search';

// The header search's answer grouped by kind, in a fixed order, with one running index over all
// groups so the arrow keys walk through People, then Cases, Documents and Notes.

export const SEARCH_GROUP_LABELS: Record<TSearchKind, string> = { person: 'People', case: 'Cases', document: 'Documents', note: 'Notes' };

export interface SearchGroup {
  kind: TSearchKind;
  label: string;
  items: { result: TSearchResult; index: number }[];
}

export function groupSearchResults(items: readonly TSearchResult[]): { groups: SearchGroup[]; flat: TSearchResult[] } {
  const groups: SearchGroup[] = [];
  const flat: TSearchResult[] = [];
  for (const kind of SEARCH_KINDS) {
    const ofKind = items.filter((r) => r.kind === kind);
    if (ofKind.length === 0) continue;
    groups.push({ kind, label: SEARCH_GROUP_LABELS[kind], items: ofKind.map((result) => ({ result, index: flat.push(result) - 1 })) });
  }
  return { groups, flat };
}

/** '/' opens the search unless the person is typing somewhere; Ctrl+K / Cmd+K opens it from anywhere. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, target: EventTarget | null): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  const el = target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = el?.tagName?.toUpperCase();
  return !(tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el?.isContentEditable);
}
