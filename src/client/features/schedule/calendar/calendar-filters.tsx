import { useId, useState } from 'react';
import { Users } from 'lucide-react';
import type { TStaffMember } from '../../../../shared/domain/staff-directory';
import { CaseSearchPicker, type PickedCase } from '../../../components/cases/case-search-picker';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { PersonColumn } from './calendar-events';

// The calendar's filters (issue 21): a person (what they attend), a room or location, a case; and on
// the "By person" view, whose columns stand side by side.

const EVERYONE = '__everyone__';

export function CalendarFilters({
  staff,
  person,
  onPerson,
  room,
  onRoom,
  rooms,
  caseId,
  onCase,
  canSearchCases,
}: {
  staff: readonly TStaffMember[];
  person: string | undefined;
  onPerson: (userId: string | undefined) => void;
  room: string | undefined;
  onRoom: (room: string | undefined) => void;
  rooms: readonly string[];
  caseId: string | undefined;
  onCase: (picked: PickedCase | null) => void;
  canSearchCases: boolean;
}) {
  const id = useId();
  const [roomText, setRoomText] = useState(room ?? '');
  const [caseLabel, setCaseLabel] = useState<string | null>(null);
  const commitRoom = () => onRoom(roomText.trim() || undefined);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-person`}>Person</Label>
        <Select value={person ?? EVERYONE} onValueChange={(v) => onPerson(v === EVERYONE ? undefined : v)}>
          <SelectTrigger id={`${id}-person`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={EVERYONE}>Everyone</SelectItem>
            {staff.map((s) => (
              <SelectItem key={s.userId} value={s.userId}>
                {s.name} · {s.role}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-room`}>Room or location</Label>
        <Input
          id={`${id}-room`}
          list={`${id}-rooms`}
          value={roomText}
          placeholder="Any room"
          autoComplete="off"
          onChange={(e) => {
            setRoomText(e.target.value);
            if (e.target.value === '') onRoom(undefined);
            else if (rooms.includes(e.target.value)) onRoom(e.target.value);
          }}
          onBlur={commitRoom}
          onKeyDown={(e) => e.key === 'Enter' && commitRoom()}
        />
        <datalist id={`${id}-rooms`}>
          {rooms.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
      </div>
      {canSearchCases && (
        <CaseSearchPicker
          label="Case"
          value={caseId ? { id: caseId, label: caseLabel ?? 'The chosen case' } : null}
          onChange={(picked) => {
            setCaseLabel(picked?.label ?? null);
            onCase(picked);
          }}
        />
      )}
    </div>
  );
}

/** Whose columns the "By person" view shows; none picked = those of the day (see personColumns). */
export function ColumnsPicker({
  staff,
  shown,
  picked,
  onChange,
}: {
  staff: readonly TStaffMember[];
  shown: readonly PersonColumn[];
  picked: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const shownIds = shown.map((c) => c.id);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Users aria-hidden="true" /> People ({shown.length})
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>Side by side</DropdownMenuLabel>
        {picked.length > 0 && (
          <>
            <DropdownMenuItem onSelect={() => onChange([])}>Those with appointments that day</DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        )}
        {staff.map((s) => (
          <DropdownMenuCheckboxItem
            key={s.userId}
            checked={shownIds.includes(s.userId)}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(on) => onChange(on ? [...shownIds, s.userId] : shownIds.filter((v) => v !== s.userId))}
          >
            {s.name} <span className="ml-auto pl-2 text-xs text-muted-foreground">{s.role}</span>
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
