import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dayKey } from '../../../../shared/calendar';
import { DEADLINE_REASON_MAX, type TCaseDeadline } from '../../../../shared/domain/case-deadlines';
import { formatCalendarDay } from '../../../../shared/format';
import { errorMessage } from '../../../components/shell/data-states';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';

// "Mark met…" (the day it was met, today unless changed, never in the future) and "Not
// applicable…" (a reason) of a deadline (issue 32). Sent with the mark version the person saw: a
// mark someone else made meanwhile is 409, shown, and the list reloads. A second mark amends the first.

export type DeadlineMarkMode = 'met' | 'not-applicable';

export function MarkDeadlineDialogContent({ deadline, mode, onDone }: { deadline: TCaseDeadline; mode: DeadlineMarkMode; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mark = useMutation(trpc.deadlines.mark.mutationOptions());
  const [on, setOn] = useState(() => dayKey());
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ on?: string; reason?: string; form?: string }>({});
  const met = mode === 'met';

  const refresh = () => {
    for (const key of [trpc.deadlines.pathKey(), trpc.tasks.pathKey(), trpc.timeline.pathKey(), trpc.readiness.pathKey()]) void queryClient.invalidateQueries({ queryKey: key });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (met && !on) return setErrors({ on: 'Give the day it was met' });
    if (met && on > dayKey()) return setErrors({ on: 'The day it was met cannot be in the future' });
    if (!met && !reason.trim()) return setErrors({ reason: 'Give the reason this deadline does not apply' });
    try {
      const saved = await mark.mutateAsync({
        id: deadline.id,
        status: mode,
        ...(met ? { on } : { reason: reason.trim() }),
        expectedVersion: deadline.outcome?.version ?? 0,
      });
      refresh();
      toast({ title: met ? 'Deadline marked met' : 'Deadline marked not applicable', description: `${saved.title}${met ? `, ${formatCalendarDay(on)}` : ''}` });
      onDone();
    } catch (error) {
      const data = (error as { data?: { code?: string; fields?: Record<string, string> } }).data;
      if (data?.fields && Object.keys(data.fields).length > 0) return setErrors({ on: data.fields.on, reason: data.fields.reason, form: data.fields.status });
      if (data?.code === 'CONFLICT') refresh();
      setErrors({ form: errorMessage(error) });
    }
  };

  return (
    <DialogContent className="sm:max-w-md">
      <DialogHeader>
        <DialogTitle>{met ? 'Mark deadline met' : 'Mark deadline not applicable'}</DialogTitle>
        <DialogDescription>
          {deadline.title}, due {formatCalendarDay(deadline.due)}. {deadline.outcome ? 'This amends the earlier mark, which stays on the record.' : 'It shows on the timeline with your name.'}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        <fieldset disabled={mark.isPending} className="grid gap-4">
          <legend className="sr-only">{met ? 'The day it was met' : 'Why it does not apply'}</legend>
          {met ? (
            <div className="grid gap-1.5">
              <Label htmlFor="deadline-met-on" data-error={!!errors.on} className="data-[error=true]:text-destructive">
                Met on
              </Label>
              <Input id="deadline-met-on" type="date" value={on} max={dayKey()} onChange={(e) => setOn(e.target.value)} aria-invalid={!!errors.on} aria-describedby={errors.on ? 'deadline-met-on-error' : undefined} />
              {errors.on && (
                <p id="deadline-met-on-error" className="text-sm text-destructive">
                  {errors.on}
                </p>
              )}
            </div>
          ) : (
            <div className="grid gap-1.5">
              <Label htmlFor="deadline-reason" data-error={!!errors.reason} className="data-[error=true]:text-destructive">
                Reason
              </Label>
              <Textarea
                id="deadline-reason"
                rows={3}
                maxLength={DEADLINE_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                placeholder="e.g. the defendant is a private hospital, not an organ of state"
                aria-invalid={!!errors.reason}
                aria-describedby={errors.reason ? 'deadline-reason-error' : undefined}
              />
              {errors.reason && (
                <p id="deadline-reason-error" className="text-sm text-destructive">
                  {errors.reason}
                </p>
              )}
            </div>
          )}
          {errors.form && (
            <Alert variant="destructive">
              <AlertDescription>{errors.form}</AlertDescription>
            </Alert>
          )}
        </fieldset>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={mark.isPending}>
            {met ? 'Mark met' : 'Mark not applicable'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
