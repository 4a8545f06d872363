import { useQuery } from '@tanstack/react-query';
import type { TAppointmentConflict } from '../../../shared/domain/appointments';
import { can } from '../../../shared/roles';
import { useIdentity } from '../../lib/identity';
import { useTRPC, useTRPCClient } from '../../trpc';

// Before a booking or a move is saved: what would it double-book? (GET /api/appointments/conflicts.)
// With no attendee and no room there is nothing to clash with, and no request.

export function useConflictCheck() {
  const client = useTRPCClient();
  return async (query: { startTime: string; endTime: string; attendeeIds: readonly string[]; location?: string | null; excludeId?: string }): Promise<TAppointmentConflict[]> => {
    if (query.attendeeIds.length === 0 && !query.location?.trim()) return [];
    const { conflicts } = await client.appointments.conflicts.query({
      startTime: query.startTime,
      endTime: query.endTime,
      attendeeIds: [...query.attendeeIds],
      location: query.location ?? undefined,
      excludeId: query.excludeId,
    });
    return conflicts;
  };
}

/** The staff a member may put on an appointment (GET /api/staff), and their names by id. */
export function useStaffDirectory() {
  const trpc = useTRPC();
  const identity = useIdentity();
  const directory = useQuery({ ...trpc.users.directory.queryOptions(), enabled: can(identity, 'messages.use'), staleTime: 60_000 });
  const staff = directory.data?.items ?? [];
  const byId = new Map(staff.map((s) => [s.userId, s.name]));
  return { directory, staff, nameOf: (userId: string) => byId.get(userId) };
}
