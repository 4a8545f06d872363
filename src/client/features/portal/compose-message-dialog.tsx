import { useMutation } from '@tanstack/react-query';
import { type TPortalCase, ZPortalSendMessageInput } from '../../../shared/domain/portal';
import { TextField, TextareaField } from '../../components/forms/form-rows';
import { useTRPC } from '../../trpc';
import { CaseField } from './case-field';
import { PortalFormDialog } from './portal-form-dialog';
import { portalSubmit, usePortalForm } from './portal-form';
import { useRefreshMessages } from './use-portal-send';

/** Message Doctor: goes to the case's doctor (else nurse, else case manager) as a direct message. */
export default function ComposeMessageDialog({ cases, onClose }: { cases: readonly TPortalCase[]; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshMessages();
  const form = usePortalForm(ZPortalSendMessageInput, { caseId: cases[0]?.id ?? '', subject: '', content: '' });
  const send = useMutation(trpc.portal.sendMessage.mutationOptions());
  const doctor = cases.find((c) => c.id === form.watch('caseId'))?.assignedDoctor;

  const onSubmit = portalSubmit(form, ['caseId', 'subject', 'content'], onClose, async (values) => {
    const sent = await send.mutateAsync(values);
    refresh();
    return `Message sent to ${sent.otherPartyName ?? 'your care team'}`;
  });

  return (
    <PortalFormDialog
      title="Message Doctor"
      description={<>{doctor ? `Your message goes to ${doctor}.` : 'Your message goes to your care team.'} For emergencies, call 10177.</>}
      legend="New message" submitLabel="Send Message" pendingLabel="Sending..."
      form={form} pending={send.isPending} onClose={onClose} onSubmit={onSubmit}
    >
      <CaseField control={form.control} name="caseId" cases={cases} />
      <TextField control={form.control} name="subject" label="Subject" required maxLength={200} autoComplete="off" />
      <TextareaField control={form.control} name="content" label="Message" required rows={5} maxLength={10_000} />
    </PortalFormDialog>
  );
}
