import { useId, useState } from 'react';
import type { TStaffMember } from '../../../shared/domain/staff-directory';
import { Input } from '../ui/input';

// Who attends (issue 21): the organisation's staff as a filterable list of checkboxes, chosen ones
// first. A fieldset with a legend, so a screen reader hears "Attendees" on every box.

export function AttendeePicker({
  staff,
  value,
  onChange,
  disabled = false,
  error,
}: {
  staff: readonly TStaffMember[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  error?: string;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const chosen = new Set(value);
  const needle = filter.trim().toLowerCase();
  const shown = staff
    .filter((s) => chosen.has(s.userId) || needle === '' || s.name.toLowerCase().includes(needle) || s.role.toLowerCase().includes(needle))
    .sort((a, b) => Number(chosen.has(b.userId)) - Number(chosen.has(a.userId)) || a.name.localeCompare(b.name));
  const toggle = (userId: string, on: boolean) => onChange(on ? [...value, userId] : value.filter((v) => v !== userId));
  return (
    <fieldset className="grid min-w-0 gap-2" disabled={disabled} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">
        Attendees {value.length > 0 && <span className="text-muted-foreground">({value.length})</span>}
      </legend>
      <Input value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Find a colleague" aria-label="Find an attendee" autoComplete="off" />
      <div className="max-h-40 overflow-y-auto rounded-md border p-2">
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No one matches.</p>
        ) : (
          <ul className="grid gap-1">
            {shown.map((s) => (
              <li key={s.userId}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-muted">
                  <input type="checkbox" className="size-4 accent-primary" checked={chosen.has(s.userId)} onChange={(e) => toggle(s.userId, e.target.checked)} />
                  <span className="min-w-0 truncate">{s.name}</span>
                  <span className="ml-auto shrink-0 text-xs text-muted-foreground">{s.role}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
