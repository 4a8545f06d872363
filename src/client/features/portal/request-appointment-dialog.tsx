import { useMutation } from '@tanstack/react-query';
import { addDays, dayKey } from '../../../shared/calendar';
import { REQUEST_REASON_MAX, type TPortalCase, ZRequestAppointmentInput } from '../../../shared/domain/portal';
import { TextField, TextareaField } from '../../components/forms/form-rows';
import { useTRPC } from '../../trpc';
import { CaseField } from './case-field';
import { PortalFormDialog } from './portal-form-dialog';
import { portalSubmit, usePortalForm } from './portal-form';
import { useRefreshMessages } from './use-portal-send';

/** Book Appointment: a request to the care team, who confirm a time by message. */
export default function RequestAppointmentDialog({ cases, onClose }: { cases: readonly TPortalCase[]; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshMessages();
  const form = usePortalForm(ZRequestAppointmentInput, { caseId: cases[0]?.id ?? '', preferredDate: '', reason: '' });
  const request = useMutation(trpc.portal.requestAppointment.mutationOptions());

  const onSubmit = portalSubmit(form, ['caseId', 'preferredDate', 'reason'], onClose, async (values) => {
    await request.mutateAsync(values);
    refresh();
    return 'Appointment request sent. Your care team will confirm a time.';
  });

  return (
    <PortalFormDialog
      title="Book Appointment"
      description="Choose a day that suits you; your care team will confirm the time by message."
      legend="Appointment request" submitLabel="Send Request" pendingLabel="Sending..."
      form={form} pending={request.isPending} onClose={onClose} onSubmit={onSubmit}
    >
      <CaseField control={form.control} name="caseId" cases={cases} />
      <TextField control={form.control} name="preferredDate" label="Preferred date" required type="date" min={dayKey(addDays(new Date(), 1))} />
      <TextareaField control={form.control} name="reason" label="Reason for the visit" required rows={4} maxLength={REQUEST_REASON_MAX} />
    </PortalFormDialog>
  );
}
