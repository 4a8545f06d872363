import { TriangleAlert } from 'lucide-react';
import type { TAppointmentConflict } from '../../../shared/domain/appointments';
import { formatSaTime } from '../../../shared/format';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';

// The double-booking warning (issue 21): before a booking or a move is saved the calendar asks the
// server what it would overlap; when something does, it says who or which room is taken, and the user
// chooses to go ahead anyway or not. Nothing is ever saved silently over a conflict.

/** "Dr Sipho Ndlovu already has 'Ward referrals' 14:00–15:00", or the room's line. */
export function conflictLine(conflict: TAppointmentConflict, nameOf: (userId: string) => string | undefined, room: string | null | undefined): string {
  const when = `${formatSaTime(conflict.startTime)}–${formatSaTime(conflict.endTime)}`;
  if (conflict.userId === null) return `${room?.trim() || 'The room'} is booked for '${conflict.title}' ${when}`;
  return `${nameOf(conflict.userId) ?? 'An attendee'} already has '${conflict.title}' ${when}`;
}

export function ConflictWarning({
  conflicts,
  nameOf,
  room,
  action,
  pending = false,
  onConfirm,
  onCancel,
}: {
  /** null: closed. */
  conflicts: readonly TAppointmentConflict[] | null;
  nameOf: (userId: string) => string | undefined;
  room: string | null | undefined;
  /** 'Move anyway' or 'Book anyway'. */
  action: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={conflicts !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent showCloseButton={false} aria-describedby="double-booking-description">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <TriangleAlert className="size-5 text-amber-600" aria-hidden="true" />
            Double booking
          </DialogTitle>
          <DialogDescription id="double-booking-description">This time overlaps with other appointments:</DialogDescription>
        </DialogHeader>
        <ul className="grid list-disc gap-1 pl-5 text-sm" aria-label="Conflicting appointments">
          {(conflicts ?? []).map((c) => (
            <li key={`${c.appointmentId}:${c.userId ?? 'room'}`}>{conflictLine(c, nameOf, room)}</li>
          ))}
        </ul>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="button" onClick={onConfirm} disabled={pending}>
            {action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
