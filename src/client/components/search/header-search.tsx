import { useEffect, useId, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FileText, FolderOpen, type LucideIcon, NotebookText, Search, UserRound, X } from 'lucide-react';
import { SEARCH_MIN_LENGTH, type TSearchKind, type TSearchResult } from '../../../shared/domain/search';
import { Button } from '../ui/button';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { groupSearchResults, isSearchShortcut } from './search-results';

const SEARCH_DELAY_MS = 200;
const KIND_ICONS: Record<TSearchKind, LucideIcon> = { person: UserRound, case: FolderOpen, document: FileText, note: NotebookText };

/**
 * Search from anywhere (issue 19): the header box over people, cases, documents and notes. `/`
 * (outside a field) or Ctrl+K / Cmd+K focuses it; arrows and Enter pick a result, which opens its
 * page. On a phone it is an icon that opens a full-width bar over the header.
 */
export function HeaderSearch() {
  const id = useId();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(0);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event, event.target)) return;
      event.preventDefault();
      clearTimeout(closing.current);
      setExpanded(true);
      setOpen(true);
      // The phone's bar mounts its input on this render: focus after it.
      requestAnimationFrame(() => input.current?.focus());
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const enabled = query.length >= SEARCH_MIN_LENGTH;
  const search = useQuery({ ...trpc.search.search.queryOptions({ q: query }), enabled, placeholderData: keepPreviousData, staleTime: 15_000 });
  const { groups, flat } = groupSearchResults(enabled ? (search.data?.items ?? []) : []);
  const showPanel = open && text.trim().length >= SEARCH_MIN_LENGTH;
  // The results shown are still those of an earlier text: the pause before searching, or the request in flight.
  const outdated = search.isFetching || search.isPlaceholderData || query !== text.trim();
  const activeIndex = Math.min(active, Math.max(0, flat.length - 1));

  const close = () => {
    setOpen(false);
    setExpanded(false);
  };
  const go = (result: TSearchResult) => {
    close();
    setText('');
    setQuery('');
    input.current?.blur();
    void navigate({ href: result.href });
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (text) setText('');
      else {
        close();
        input.current?.blur();
      }
      return;
    }
    if (flat.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (Math.min(i, flat.length - 1) + 1) % flat.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (Math.min(i, flat.length - 1) - 1 + flat.length) % flat.length);
    } else if (event.key === 'Enter') {
      const result = flat[activeIndex];
      if (result) {
        event.preventDefault();
        go(result);
      }
    }
  };

  const listId = `${id}-results`;
  const waiting = enabled && search.isPending;
  const stale = text.trim() !== query;

  // Named "Quick find", not "Search" or "Find a person …": a screen's own fields (Search, Person,
  // Notes …) keep their labels unique on the page, for screen readers and for lookups by label.
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-8 sm:hidden', expanded && 'hidden')}
        aria-label="Quick find (/ or Ctrl+K)"
        onClick={() => {
          setExpanded(true);
          requestAnimationFrame(() => input.current?.focus());
        }}
      >
        <Search aria-hidden="true" />
      </Button>
      <div
        role="search"
        className={cn(
          'relative min-w-0',
          expanded ? 'fixed inset-x-0 top-0 z-40 flex h-14 items-center gap-2 border-b bg-background px-3' : 'hidden',
          'sm:static sm:z-auto sm:flex sm:h-auto sm:w-full sm:max-w-sm sm:flex-1 sm:border-0 sm:bg-transparent sm:px-0 lg:max-w-md',
        )}
      >
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <input
            ref={input}
            id={id}
            type="search"
            role="combobox"
            aria-label="Quick find"
            aria-expanded={showPanel}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showPanel && flat.length > 0 ? `${id}-option-${activeIndex}` : undefined}
            aria-keyshortcuts="/ Control+K Meta+K"
            autoComplete="off"
            maxLength={100}
            placeholder="Search…"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => {
              clearTimeout(closing.current);
              setOpen(true);
            }}
            // Closed a moment after focus leaves, so a click on a result lands first; focus coming
            // back within that moment (/ right after opening a result) keeps it open.
            onBlur={() => {
              closing.current = setTimeout(() => setOpen(false), 150);
            }}
            onKeyDown={onKeyDown}
            className="h-8 w-full min-w-0 rounded-md border border-input bg-muted/40 pr-14 pl-8 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-search-cancel-button]:hidden"
          />
          <kbd className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border bg-background px-1.5 font-mono text-[10px] text-muted-foreground sm:inline-block" aria-hidden="true">
            Ctrl K
          </kbd>
          {showPanel && (
            <div className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg sm:min-w-[22rem]">
              {waiting || (stale && flat.length === 0 && !search.isError) ? (
                <p role="status" className="px-2 py-3 text-center text-sm text-muted-foreground">
                  Searching…
                </p>
              ) : search.isError ? (
                <p role="alert" className="px-2 py-3 text-center text-sm text-destructive">
                  Search failed: {search.error.message}
                </p>
              ) : flat.length === 0 ? (
                <p role="status" className="px-2 py-3 text-center text-sm text-muted-foreground">
                  No matches
                </p>
              ) : (
                // Busy, and dimmed, while outdated: a click then may open the wrong record.
                <ul id={listId} role="listbox" aria-label="Search results" aria-busy={outdated} className={outdated ? 'opacity-60' : undefined}>
                  {groups.map((group) => (
                    <li key={group.kind} role="presentation" className="py-1">
                      <p className="px-2 pb-1 text-xs font-medium text-muted-foreground" role="presentation">
                        {group.label}
                      </p>
                      <ul role="group" aria-label={group.label}>
                        {group.items.map(({ result, index }) => {
                          const Icon = KIND_ICONS[result.kind];
                          return (
                            <li
                              key={`${result.kind}-${result.id}`}
                              id={`${id}-option-${index}`}
                              role="option"
                              aria-selected={index === activeIndex}
                              className={cn('flex cursor-pointer items-start gap-2 rounded px-2 py-1.5 text-sm', index === activeIndex && 'bg-accent text-accent-foreground')}
                              onMouseDown={(event) => event.preventDefault()}
                              onMouseEnter={() => setActive(index)}
                              onClick={() => go(result)}
                            >
                              <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                              <span className="grid min-w-0">
                                <span className="truncate font-medium">{result.title}</span>
                                {result.subtitle && <span className="truncate text-xs text-muted-foreground">{result.subtitle}</span>}
                              </span>
                            </li>
                          );
                        })}
                      </ul>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
        {expanded && (
          <Button variant="ghost" size="icon" className="size-8 sm:hidden" aria-label="Close search" onClick={close}>
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
    </>
  );
}
