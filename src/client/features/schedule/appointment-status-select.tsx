import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPOINTMENT_STATUSES, type TAppointment, type TAppointmentStatus } from '../../../shared/domain/appointments';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

/** SPEC §4: an appointment's status changes freely among the four. */
export function AppointmentStatusSelect({ item }: { item: TAppointment }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.appointments.updateStatus.mutationOptions({
      onSuccess: () => {
        toast({
          title: 'Success',
          description: 'Appointment status updated successfully',
        });
        // 'Upcoming' leaves out cancelled and completed ones: both lists change.
        void queryClient.invalidateQueries({
          queryKey: trpc.appointments.pathKey(),
        });
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to update appointment status',
          variant: 'destructive',
        }),
    }),
  );
  // While the change is on its way the dropdown already shows the chosen status.
  const value = update.isPending && update.variables ? update.variables.status : item.status;

  return (
    <Select
      value={value}
      disabled={update.isPending}
      onValueChange={(status) => {
        if (status !== item.status) update.mutate({ id: item.id, status: status as TAppointmentStatus });
      }}
    >
      <SelectTrigger className="h-8 w-36" aria-label={`Status of ${item.title}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {APPOINTMENT_STATUSES.map((status) => (
          <SelectItem key={status} value={status}>
            {status}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
