import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPOINTMENT_STATUSES, type TAppointment } from '../../../shared/domain/appointments';
import { StatusSelect } from '../../components/data/status-select';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

/** SPEC §4: an appointment's status changes freely among the four. */
export function AppointmentStatusSelect({ item }: { item: TAppointment }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.appointments.update.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', description: 'Appointment status updated successfully' });
        // 'Upcoming' leaves out cancelled and completed ones, and the dashboards count today's: refresh all.
        void queryClient.invalidateQueries({ queryKey: trpc.appointments.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() });
      },
      onError: () => toast({ title: 'Error', description: 'Failed to update appointment status', variant: 'destructive' }),
    }),
  );
  return (
    <StatusSelect
      current={item.status}
      pending={update.isPending ? update.variables?.status : undefined}
      statuses={APPOINTMENT_STATUSES}
      label={`Status of ${item.title}`}
      onChange={(status) => update.mutate({ id: item.id, status })}
    />
  );
}
