import { describe, expect, it } from 'vitest';
import { groupSearchResults, isSearchShortcut } from './search-results';

const r = (kind: 'person' | 'case' | 'document' | 'note', id: string) => ({ kind, id, title: id, subtitle: '', href: `/x/${id}` });

describe('the header search', () => {
  it('groups results as People, Cases, Documents, Notes and numbers them across the groups', () => {
    const { groups, flat } = groupSearchResults([r('note', 'n1'), r('case', 'c1'), r('person', 'p1'), r('case', 'c2')]);
    expect(groups.map((g) => g.label)).toEqual(['People', 'Cases', 'Notes']);
    expect(flat.map((x) => x.id)).toEqual(['p1', 'c1', 'c2', 'n1']);
    expect(groups[1]?.items.map((i) => i.index)).toEqual([1, 2]);
  });

  it('opens on / only outside a field, and on Ctrl+K or Cmd+K anywhere', () => {
    const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(isSearchShortcut(key('/'), { tagName: 'BODY' } as never)).toBe(true);
    expect(isSearchShortcut(key('/'), { tagName: 'INPUT' } as never)).toBe(false);
    expect(isSearchShortcut(key('/'), { tagName: 'DIV', isContentEditable: true } as never)).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true }), { tagName: 'TEXTAREA' } as never)).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }), null)).toBe(true);
    expect(isSearchShortcut(key('k'), null)).toBe(false);
  });
});
