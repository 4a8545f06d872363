import { useMutation } from '@tanstack/react-query';
import { addDays, dayKey } from '../../../shared/calendar';
import { REQUEST_REASON_MAX, type TPortalAppointment, ZRequestRescheduleInput } from '../../../shared/domain/portal';
import { formatSaDateTime } from '../../../shared/format';
import { TextField, TextareaField } from '../../components/forms/form-rows';
import { useTRPC } from '../../trpc';
import { PortalFormDialog } from './portal-form-dialog';
import { portalSubmit, usePortalForm } from './portal-form';
import { useRefreshMessages } from './use-portal-send';

/** Reschedule: asks the care team to move one appointment; the booking stays until they do. */
export default function RescheduleDialog({ appointment, onClose }: { appointment: TPortalAppointment; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshMessages();
  const form = usePortalForm(ZRequestRescheduleInput, { appointmentId: appointment.id, preferredDate: '', reason: '' });
  const request = useMutation(trpc.portal.requestReschedule.mutationOptions());

  const onSubmit = portalSubmit(form, ['preferredDate', 'reason'], onClose, async (values) => {
    await request.mutateAsync(values);
    refresh();
    return 'Reschedule request sent. Your current booking stands until your care team confirms.';
  });

  return (
    <PortalFormDialog
      title="Reschedule Appointment"
      description={`${appointment.title}, ${formatSaDateTime(appointment.startTime)}`}
      legend="Reschedule request" submitLabel="Send Request" pendingLabel="Sending..."
      form={form} pending={request.isPending} onClose={onClose} onSubmit={onSubmit}
    >
      <TextField control={form.control} name="preferredDate" label="Preferred new date" required type="date" min={dayKey(addDays(new Date(), 1))} />
      <TextareaField control={form.control} name="reason" label="Reason" required rows={4} maxLength={REQUEST_REASON_MAX} />
    </PortalFormDialog>
  );
}
