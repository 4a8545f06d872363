import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Building2, Search, UserPlus, UserRound, X } from 'lucide-react';
import type { TPerson, TPersonKind } from '../../../shared/domain/people';
import { formatCalendarDay } from '../../../shared/format';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { fieldsFromTypedName } from './person-form';
import { PersonFormDialog } from './person-form-dialog';
import { identityDocumentOf } from './person-labels';

const SEARCH_DELAY_MS = 250;
const PICKER_RESULTS = 6;

function summaryOf(p: TPerson): string {
  return [identityDocumentOf(p), p.dateOfBirth ? `born ${formatCalendarDay(p.dateOfBirth)}` : null, p.phone].filter(Boolean).join(' · ');
}

export interface PersonPickerProps {
  label: string;
  value: TPerson | null;
  onChange: (person: TPerson | null) => void;
  /** The text typed while nobody is chosen (the case dialog opens a case for a brand-new name). */
  onTextChange?: (text: string) => void;
  /** Records that may not be chosen (the person itself, when merging). */
  excludeIds?: readonly string[];
  /** Offer "New person" (people.manage), with the duplicate check. */
  allowCreate?: boolean;
  /** Offer organisations as well as people when creating (parties). */
  allowOrganisation?: boolean;
  kind?: TPersonKind;
  placeholder?: string;
  required?: boolean;
  error?: string;
  description?: string;
  /** The search input, for a form that focuses the first field in error. */
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * Choose a person of the registry (issue 19): search by name or ID number, pick with the mouse or
 * the arrows and Enter, or add a new person (or organisation) — the new-person dialog runs the
 * duplicate check and its "Use this person" picks the existing record instead.
 */
export function PersonPicker({
  label,
  value,
  onChange,
  onTextChange,
  excludeIds = [],
  allowCreate = false,
  allowOrganisation = false,
  kind,
  placeholder = 'Search by name or ID number',
  required,
  error,
  description,
  inputRef,
}: PersonPickerProps) {
  const id = useId();
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState<TPersonKind | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const enabled = value === null && query.length >= 2;
  const people = useQuery({
    ...trpc.people.list.queryOptions({ search: query, kind, page: 1, pageSize: PICKER_RESULTS }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const options = enabled ? (people.data?.items ?? []).filter((p) => !excludeIds.includes(p.id) && !p.mergedIntoId) : [];

  const pick = (person: TPerson) => {
    onChange(person);
    setText('');
    setQuery('');
    onTextChange?.('');
  };

  const listId = `${id}-list`;
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

  if (value) {
    return (
      <div className="grid gap-1.5">
        <Label id={`${id}-label`}>{label}</Label>
        <div className="flex items-center justify-between gap-2 rounded-md border bg-muted/30 px-3 py-2" aria-labelledby={`${id}-label`} role="group" data-testid="picked-person">
          <div className="flex min-w-0 items-center gap-2">
            {value.kind === 'organization' ? (
              <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            ) : (
              <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            <div className="grid min-w-0">
              <span className="truncate text-sm font-medium">{value.fullName}</span>
              {summaryOf(value) && <span className="truncate text-xs text-muted-foreground">{summaryOf(value)}</span>}
            </div>
          </div>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={`Choose someone other than ${value.fullName}`}>
            <X aria-hidden="true" /> Change
          </Button>
        </div>
      </div>
    );
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i - 1 + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const option = options[Math.min(active, options.length - 1)];
      if (option) {
        event.preventDefault();
        pick(option);
      }
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} data-error={!!error} className="data-[error=true]:text-destructive">
        {label}
        {required && (
          <span aria-hidden="true" className="-ml-1 text-destructive">
            *
          </span>
        )}
      </Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options.length > 0 ? `${id}-option-${Math.min(active, options.length - 1)}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={!!error}
          aria-required={required || undefined}
          autoComplete="off"
          className="pl-8"
          placeholder={placeholder}
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            onTextChange?.(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {description && (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
      {enabled && (
        <div className="grid gap-1 rounded-md border bg-popover p-1">
          {people.isPending ? (
            <p role="status" className="px-2 py-1.5 text-xs text-muted-foreground">
              Searching the registry…
            </p>
          ) : people.isError ? (
            <p role="alert" className="px-2 py-1.5 text-xs text-destructive">
              Could not search the registry: {people.error.message}
            </p>
          ) : options.length === 0 ? (
            <p role="status" className="px-2 py-1.5 text-xs text-muted-foreground">
              No one in the registry matches “{query}”.
            </p>
          ) : (
            <ul id={listId} role="listbox" aria-label={`${label}: matches`} className="grid gap-0.5">
              {options.map((p, index) => (
                <li
                  key={p.id}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={cn('flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent', index === active && 'bg-accent')}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(p)}
                  onMouseEnter={() => setActive(index)}
                >
                  {p.kind === 'organization' ? (
                    <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  ) : (
                    <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <span className="grid min-w-0">
                    <span className="truncate font-medium">{p.fullName}</span>
                    {summaryOf(p) && <span className="truncate text-xs text-muted-foreground">{summaryOf(p)}</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {allowCreate && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setCreating('person')}>
            <UserPlus aria-hidden="true" /> {text.trim() && !/^\d/.test(text.trim()) ? `New person “${text.trim()}”` : 'New person'}
          </Button>
          {allowOrganisation && (
            <Button type="button" variant="outline" size="sm" onClick={() => setCreating('organization')}>
              <Building2 aria-hidden="true" /> New organisation
            </Button>
          )}
        </div>
      )}
      <PersonFormDialog
        open={creating !== null}
        onOpenChange={(open) => !open && setCreating(null)}
        initial={fieldsFromTypedName(text, creating ?? 'person')}
        allowOrganisation={allowOrganisation}
        onSaved={pick}
        onUseExisting={pick}
      />
    </div>
  );
}
