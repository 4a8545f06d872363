import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { SEARCH_MIN_LENGTH } from '../../../shared/domain/search';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { useTRPC } from '../../trpc';

// Pick a case by searching for it (issue 21: the calendar's case filter and an appointment's case),
// through the header search's case results (search.use; need to know applies on the server).

export interface PickedCase {
  id: string;
  label: string;
}

export function CaseSearchPicker({
  label,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  value: PickedCase | null;
  onChange: (picked: PickedCase | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const enabled = query.length >= SEARCH_MIN_LENGTH;
  const search = useQuery({ ...trpc.search.search.queryOptions({ q: query }), enabled, placeholderData: keepPreviousData, staleTime: 15_000 });
  const cases = enabled ? (search.data?.items ?? []).filter((r) => r.kind === 'case') : [];

  if (value) {
    return (
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex min-w-0 items-center gap-2">
          <Input id={id} value={value.label} readOnly className="min-w-0 flex-1" />
          <Button type="button" variant="outline" size="icon" aria-label={`Clear ${label.toLowerCase()}`} onClick={() => onChange(null)} disabled={disabled}>
            <X aria-hidden="true" />
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="relative grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search by name or reference"
        autoComplete="off"
        disabled={disabled}
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className="sr-only">
        Type at least {SEARCH_MIN_LENGTH} characters, then choose a case from the list below.
      </span>
      {enabled && (
        <ul aria-label={`${label}: matches`} className="grid max-h-48 gap-0.5 overflow-y-auto rounded-md border bg-popover p-1 text-sm shadow-sm">
          {search.isPending ? (
            <li className="px-2 py-1 text-muted-foreground">Searching…</li>
          ) : cases.length === 0 ? (
            <li className="px-2 py-1 text-muted-foreground">No case matches.</li>
          ) : (
            cases.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="grid w-full rounded px-2 py-1 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                  onClick={() => {
                    onChange({ id: c.id, label: c.title });
                    setText('');
                  }}
                >
                  <span className="truncate font-medium">{c.title}</span>
                  <span className="truncate text-xs text-muted-foreground">{c.subtitle}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
