import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useTRPC } from '../../../trpc';

// Pick ICD-10 diagnoses by typing words ("diabetes type 2") or a code ("E11"): the organisation's
// list answers as you type (debounced); one of the picked codes may be marked primary.

export interface PickedDiagnosis {
  code: string;
  description: string;
  primary: boolean;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function Icd10Picker({
  value,
  onChange,
  fields,
  errorIdBase,
}: {
  value: PickedDiagnosis[];
  onChange: (next: PickedDiagnosis[]) => void;
  fields: Record<string, string>;
  errorIdBase: string;
}) {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 200);
  const results = useQuery({ ...trpc.icd10.search.queryOptions({ search }), enabled: search.length >= 2, staleTime: 60_000 });
  const inputId = useId();
  const listId = useId();
  const picked = new Set(value.map((d) => d.code));

  const add = (code: string, description: string) => {
    if (picked.has(code)) return;
    onChange([...value, { code, description, primary: value.length === 0 }]);
    setText('');
  };
  const remove = (code: string) => {
    const next = value.filter((d) => d.code !== code);
    if (next.length > 0 && !next.some((d) => d.primary) && value.find((d) => d.code === code)?.primary) next[0] = { ...next[0]!, primary: true };
    onChange(next);
  };
  const makePrimary = (code: string) => onChange(value.map((d) => ({ ...d, primary: d.code === code })));
  const listError = fields.diagnoses;

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Diagnoses (ICD-10)</legend>
      {value.length > 0 && (
        <ul className="grid gap-1.5" aria-label="Chosen diagnoses">
          {value.map((d, i) => (
            <li key={d.code} className="grid gap-1 rounded-md border px-3 py-2">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-mono font-medium">{d.code}</span>
                <span className="flex-1">{d.description}</span>
                {d.primary ? (
                  <Badge>Primary</Badge>
                ) : (
                  <Button type="button" size="sm" variant="ghost" onClick={() => makePrimary(d.code)}>
                    Mark primary
                  </Button>
                )}
                <Button type="button" size="icon" variant="ghost" aria-label={`Remove ${d.code}`} onClick={() => remove(d.code)}>
                  <X className="size-4" aria-hidden="true" />
                </Button>
              </div>
              {(fields[`diagnoses.${i}.code`] || fields[`diagnoses.${i}.primary`]) && (
                <p id={`${errorIdBase}-diagnoses.${i}`} className="text-sm text-destructive">
                  {fields[`diagnoses.${i}.code`] ?? fields[`diagnoses.${i}.primary`]}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {listError && <p className="text-sm text-destructive">{listError}</p>}
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>Find a diagnosis by words or code</Label>
        <Input
          id={inputId}
          value={text}
          placeholder="e.g. diabetes type 2, I10, E11.9"
          autoComplete="off"
          aria-controls={listId}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter picks the first result instead of submitting the whole encounter.
            if (e.key === 'Enter') {
              e.preventDefault();
              const first = results.data?.items.find((c) => !picked.has(c.code));
              if (first) add(first.code, first.description);
            }
          }}
        />
      </div>
      <div id={listId} aria-live="polite">
        {search.length >= 2 && results.isSuccess && results.data.items.length === 0 && (
          <p className="text-sm text-muted-foreground">No code on the organisation's list matches “{search}”.</p>
        )}
        {search.length >= 2 && results.isError && <p className="text-sm text-destructive">Could not search the code list.</p>}
        {search.length >= 2 && results.isSuccess && results.data.items.length > 0 && (
          <ul className="grid max-h-56 gap-0.5 overflow-y-auto rounded-md border p-1" aria-label="ICD-10 codes found">
            {results.data.items.map((c) => (
              <li key={c.code}>
                <button
                  type="button"
                  disabled={picked.has(c.code)}
                  aria-label={`${c.code} ${c.description}`}
                  onClick={() => add(c.code, c.description)}
                  className="flex w-full items-baseline gap-2 rounded px-2 py-1 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
                >
                  <span className="w-16 shrink-0 font-mono font-medium">{c.code}</span>
                  <span>{c.description}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
