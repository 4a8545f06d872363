import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isTRPCClientError } from '@trpc/client';
import type { TAppointmentConflict, TScheduleItem } from '../../../../shared/domain/appointments';
import { formatSaDateTime } from '../../../../shared/format';
import { ConflictWarning } from '../../../components/appointments/conflict-warning';
import { useConflictCheck } from '../../../components/appointments/use-conflict-check';
import { errorMessage } from '../../../components/shell/data-states';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';

// Dragging or resizing an appointment on the day and week views (issue 21): ask what the new time
// would double-book, warn by name ("Move anyway" / Cancel), then save with the version the calendar
// showed (409: someone else changed it — the calendar reloads). Until the server answers, the
// appointment stays where it was dropped.

interface Move {
  item: TScheduleItem;
  startTime: string;
  endTime: string;
}

export const isStale = (error: unknown) => isTRPCClientError(error) && (error.data as { code?: string } | undefined)?.code === 'CONFLICT';

export function useMoveAppointment(nameOf: (userId: string) => string | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.appointments.update.mutationOptions());
  const checkConflicts = useConflictCheck();
  const [warning, setWarning] = useState<{ move: Move; conflicts: TAppointmentConflict[] } | null>(null);
  /** Where a move was dropped, shown until the calendar's read catches up. */
  const [moved, setMoved] = useState<Record<string, { startTime: string; endTime: string }>>({});

  const forget = (id: string) =>
    setMoved((all) => {
      const { [id]: _dropped, ...rest } = all;
      return rest;
    });

  const save = async ({ item, startTime, endTime }: Move) => {
    setWarning(null);
    setMoved((all) => ({ ...all, [item.id]: { startTime, endTime } }));
    try {
      await update.mutateAsync({ id: item.id, startTime, endTime, expectedVersion: item.version });
      toast({ title: 'Appointment moved', description: `${item.title}: ${formatSaDateTime(startTime)}` });
    } catch (error) {
      toast({
        title: isStale(error) ? 'Changed by someone else' : 'Could not move the appointment',
        description: isStale(error) ? 'This appointment was changed while you were looking. The calendar now shows it as it is.' : errorMessage(error),
        variant: 'destructive',
      });
    }
    await queryClient.invalidateQueries({ queryKey: trpc.appointments.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() });
    forget(item.id);
  };

  const move = async (item: TScheduleItem, startTime: string, endTime: string) => {
    if (startTime === item.startTime && endTime === item.endTime) return;
    const attempt = { item, startTime, endTime };
    let conflicts: TAppointmentConflict[] = [];
    try {
      conflicts = await checkConflicts({ startTime, endTime, attendeeIds: item.attendees.map((a) => a.userId), location: item.location, excludeId: item.id });
    } catch (error) {
      return toast({ title: 'Could not check the new time', description: errorMessage(error), variant: 'destructive' });
    }
    if (conflicts.length > 0) return setWarning({ move: attempt, conflicts });
    await save(attempt);
  };

  const warningDialog = (
    <ConflictWarning
      conflicts={warning?.conflicts ?? null}
      nameOf={(userId) => nameOf(userId) ?? warning?.move.item.attendees.find((a) => a.userId === userId)?.name}
      room={warning?.move.item.location}
      action="Move anyway"
      pending={update.isPending}
      onConfirm={() => warning && void save(warning.move)}
      onCancel={() => setWarning(null)}
    />
  );
  return { move, moved, warningDialog };
}
