import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { can } from '../../../shared/roles';
import { BREAK_GLASS_HOURS, BREAK_GLASS_REASON_MIN, ZBreakGlassInput } from '../../../shared/domain/cases';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// Need to know (issue 18): a restricted case is read by its team, Administrators and the Super Admin.
// Anyone else with the case file may "break the glass": give a reason, read it for an hour, and the
// read is recorded in the case's access report.

export function RestrictedCase({ caseId, message }: { caseId: string; message: string }) {
  const identity = useIdentity();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-12 text-center" data-testid="restricted-case">
      <span className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-800">
        <Lock className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-base font-semibold">Restricted case</h2>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      {can(identity, 'caseFile.view') ? (
        <BreakGlassDialog caseId={caseId} />
      ) : (
        <p className="text-sm text-muted-foreground">Ask a member of the case's team if you need it.</p>
      )}
    </div>
  );
}

function BreakGlassDialog({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { reason: useId(), error: useId(), hint: useId() };
  const breakGlass = useMutation(
    trpc.cases.breakGlass.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        toast({
          title: 'Access recorded',
          description: `You can read this case for ${BREAK_GLASS_HOURS === 1 ? 'one hour' : `${BREAK_GLASS_HOURS} hours`}.`,
        });
        // Every part of the case was refused a moment ago: ask again.
        void queryClient.invalidateQueries({
          queryKey: trpc.cases.get.queryKey({ id: caseId }),
        });
      },
      onError: (e) => setError((e.data as { fields?: Record<string, string> } | undefined)?.fields?.reason ?? errorMessage(e)),
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The server's own schema: "x" or invisible characters are refused here with the server's words.
    const checked = ZBreakGlassInput.shape.reason.safeParse(reason);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Give the reason you need to read this case');
    breakGlass.mutate({ id: caseId, reason });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">Break the glass</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Break the glass</DialogTitle>
          <DialogDescription>
            You are not on this case's team. Say why you need to read it: you get access for{' '}
            {BREAK_GLASS_HOURS === 1 ? 'one hour' : `${BREAK_GLASS_HOURS} hours`}, and your name, the time and the reason are recorded in
            the case's access report.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.reason}>Reason</Label>
            <Textarea
              id={ids.reason}
              rows={3}
              maxLength={500}
              value={reason}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
              onChange={(event) => setReason(event.target.value)}
            />
            <p id={ids.hint} className="text-xs text-muted-foreground">
              At least {BREAK_GLASS_REASON_MIN} characters; the team reads it on the case's timeline.
            </p>
            {error && (
              <p id={ids.error} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={breakGlass.isPending}>
              {breakGlass.isPending ? 'Recording...' : 'Open the case'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
