import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REJECTION_REASON_MAX, TRIAL_DAYS, TRIAL_MAX_USERS, type TTrialRequest } from '../../../shared/domain/trial-review';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// Approve and reject, each confirmed first: both e-mail the applicant and cannot be undone.

function useInvalidateReview() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.platform.trialRequests.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.platform.outbox.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.platform.systemOverview.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.organizations.list.queryKey() });
  };
}

const mailOutcome = (status: string) =>
  status === 'sent' ? 'The e-mail was sent.' : status === 'failed' ? 'The e-mail could not be sent; see the outbox in System Settings.' : 'The e-mail is waiting in the outbox in System Settings.';

export function ApproveTrialDialog({ request, onClose }: { request: TTrialRequest | null; onClose: () => void }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateReview();
  const approve = useMutation(
    trpc.platform.approveTrial.mutationOptions({
      onSuccess: (result) => {
        toast({ title: 'Trial approved', description: `${result.organization.name} was created and ${result.invitation.email} invited. ${mailOutcome(result.mail.status)}` });
        invalidate();
        onClose();
      },
      onError: (error) => {
        toast({ title: 'Could not approve the trial', description: errorMessage(error), variant: 'destructive' });
        invalidate();
      },
    }),
  );
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Approve trial for {request?.organizationName}?</DialogTitle>
          <DialogDescription>This creates the organization and e-mails the applicant. It cannot be undone here.</DialogDescription>
        </DialogHeader>
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          <li>
            A new healthcare organization, <span className="font-medium">{request?.organizationName}</span> ({request?.organizationType}).
          </li>
          <li>
            A {TRIAL_DAYS}-day trial for at most {TRIAL_MAX_USERS} users.
          </li>
          <li>
            An invitation to <span className="font-medium">{request?.email}</span> to join as Administrator.
          </li>
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={approve.isPending} onClick={() => request && approve.mutate({ id: request.id })}>
            {approve.isPending ? 'Approving...' : 'Approve trial'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function RejectTrialDialog({ request, onClose }: { request: TTrialRequest | null; onClose: () => void }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateReview();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  useEffect(() => {
    setReason('');
    setProblem(null);
  }, [request?.id]);
  const reject = useMutation(
    trpc.platform.rejectTrial.mutationOptions({
      onSuccess: (result) => {
        toast({ title: 'Trial rejected', description: `${result.request.organizationName} was told why. ${mailOutcome(result.mail.status)}` });
        invalidate();
        onClose();
      },
      onError: (error) => {
        toast({ title: 'Could not reject the trial', description: errorMessage(error), variant: 'destructive' });
        invalidate();
      },
    }),
  );
  const submit = () => {
    const trimmed = reason.trim();
    if (!trimmed) return setProblem('A reason is required');
    if (trimmed.length > REJECTION_REASON_MAX) return setProblem(`Keep the reason under ${REJECTION_REASON_MAX} characters`);
    setProblem(null);
    if (request) reject.mutate({ id: request.id, reason: trimmed });
  };
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Reject trial for {request?.organizationName}?</DialogTitle>
            <DialogDescription>{request?.contactPersonName} will receive a polite e-mail at {request?.email} with your reason.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>Reason (required)</Label>
            <Textarea
              id={fieldId}
              value={reason}
              maxLength={REJECTION_REASON_MAX}
              rows={4}
              required
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${fieldId}-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            {problem && (
              <p id={`${fieldId}-error`} className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? 'Rejecting...' : 'Reject trial'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
