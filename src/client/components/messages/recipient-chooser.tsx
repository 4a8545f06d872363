import { useId, useState } from 'react';
import type { TStaffMember } from '../../../shared/domain/staff-directory';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { cn } from '../../lib/utils';

// The "To" of a new message (issue 21): everybody (SPEC §5's broadcast), people picked from the
// staff directory, one role of the platform, or the team of the case the message is about.

export type TRecipientMode = 'broadcast' | 'people' | 'role' | 'team';

export interface RecipientChoice {
  mode: TRecipientMode;
  people: string[];
  role: string;
}

export const EVERYBODY: RecipientChoice = { mode: 'broadcast', people: [], role: '' };

/** The send input's audience fields for a choice. */
export function audienceInput(choice: RecipientChoice): { recipientIds?: string[]; recipientRole?: string; toCaseTeam?: boolean } {
  if (choice.mode === 'people') return { recipientIds: choice.people };
  if (choice.mode === 'role') return { recipientRole: choice.role };
  if (choice.mode === 'team') return { toCaseTeam: true };
  return {};
}

/**
 * The choice once the message's case is known (issues 28 and 32): a message about a case never goes
 * to everybody — "Everybody" becomes the case's team (the sender may pick people or a role instead,
 * and starts with nobody chosen); without a case there is no team, and the choice falls back to
 * everybody. People and a role are kept as chosen.
 */
export function choiceForCase(choice: RecipientChoice, hasCase: boolean): RecipientChoice {
  if (hasCase && choice.mode === 'broadcast') return { ...choice, mode: 'team' };
  if (!hasCase && choice.mode === 'team') return { ...choice, mode: 'broadcast' };
  return choice;
}

/** What is missing before the choice can be sent, or null. */
export function choiceProblem(choice: RecipientChoice): string | null {
  if (choice.mode === 'people' && choice.people.length === 0) return 'Choose at least one person';
  if (choice.mode === 'role' && !choice.role) return 'Choose a role';
  return null;
}

const MODES: { value: TRecipientMode; label: string }[] = [
  { value: 'broadcast', label: 'Everybody' },
  { value: 'people', label: 'People' },
  { value: 'role', label: 'A role' },
  { value: 'team', label: 'The case team' },
];

export function RecipientChooser({
  value,
  onChange,
  staff,
  staffPending,
  roles,
  teamOffered,
  error,
  disabled,
}: {
  value: RecipientChoice;
  onChange: (next: RecipientChoice) => void;
  /** The directory, the caller left out. */
  staff: readonly TStaffMember[] | undefined;
  staffPending: boolean;
  roles: readonly string[];
  /** Only when the message is about a case — and then "Everybody" is not offered. */
  teamOffered: boolean;
  error?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const errorId = `${id}-error`;
  const term = filter.trim().toLowerCase();
  const shown = (staff ?? []).filter((s) => !term || s.name.toLowerCase().includes(term) || s.role.toLowerCase().includes(term));
  const togglePerson = (userId: string, on: boolean) =>
    onChange({ ...value, people: on ? [...value.people, userId] : value.people.filter((p) => p !== userId) });
  const names = new Map((staff ?? []).map((s) => [s.userId, s.name]));

  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">To</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2" role="radiogroup" aria-label="Send to">
        {/* About a case: its team, people or a role who may read it — never everybody (issue 28). */}
        {MODES.filter((m) => (m.value === 'team' ? teamOffered : m.value === 'broadcast' ? !teamOffered : true)).map((m) => (
          <label key={m.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-mode`}
              value={m.value}
              checked={value.mode === m.value}
              onChange={() => onChange({ ...value, mode: m.value })}
              className="size-4 accent-primary"
            />
            {m.label}
          </label>
        ))}
      </div>

      {value.mode === 'broadcast' && <p className="text-sm text-muted-foreground">Everyone on the staff of your organisation.</p>}
      {value.mode === 'team' && <p className="text-sm text-muted-foreground">Everyone on this case&apos;s team.</p>}

      {value.mode === 'people' && (
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-find`}>Find people</Label>
          <Input id={`${id}-find`} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name or role" />
          {value.people.length > 0 && (
            <p className="text-sm break-words" aria-live="polite">
              <span className="text-muted-foreground">Chosen: </span>
              {value.people.map((p) => names.get(p) ?? p).join(', ')}
            </p>
          )}
          <ul className="max-h-44 overflow-y-auto rounded-md border" aria-label="People">
            {staffPending ? (
              <li className="px-3 py-2 text-sm text-muted-foreground">Loading...</li>
            ) : shown.length === 0 ? (
              <li className="px-3 py-2 text-sm text-muted-foreground">Nobody matches.</li>
            ) : (
              shown.map((s) => (
                <li key={s.userId}>
                  <label className={cn('flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm hover:bg-accent/50')}>
                    <input
                      type="checkbox"
                      checked={value.people.includes(s.userId)}
                      onChange={(e) => togglePerson(s.userId, e.target.checked)}
                      className="size-4 accent-primary"
                    />
                    <span className="min-w-0 flex-1 truncate">{s.name}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">{s.role}</span>
                  </label>
                </li>
              ))
            )}
          </ul>
        </div>
      )}

      {value.mode === 'role' && (
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <Select value={value.role} onValueChange={(role) => onChange({ ...value, role })}>
            <SelectTrigger id={`${id}-role`} className="w-full">
              <SelectValue placeholder="Select a role" />
            </SelectTrigger>
            <SelectContent>
              {roles.map((role) => (
                <SelectItem key={role} value={role}>
                  {role}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}

      {error && (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
