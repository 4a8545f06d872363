import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Play, Square } from 'lucide-react';
import { useWords } from '../../lib/words';
import { TIME_ENTRY_DESCRIPTION_MAX, type TTimeEntry } from '../../../shared/domain/costs';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { errorMessage } from '../shell/data-states';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { CasePicker, type TimerCaseOption } from './case-picker';

// Start a timer on a case and stop it: one form for "My time", Cost Management's "Record time" and
// the case page's "Time & costs" (issue 18), which preselects its own case. No money here.

export function TimerForm({
  caseLabel,
  fixedCase,
  cases,
  casesPending = false,
  casesError,
  onChange,
}: {
  caseLabel: string;
  /** The case page: the timer runs on this case and no picker shows. */
  fixedCase?: { id: string; name: string };
  cases?: readonly TimerCaseOption[];
  casesPending?: boolean;
  casesError?: unknown;
  onChange: () => Promise<unknown> | void;
}) {
  const words = useWords();
  const trpc = useTRPC();
  const [picked, setPicked] = useState('');
  const [description, setDescription] = useState('');
  const ids = { kase: useId(), description: useId() };
  const caseId = fixedCase?.id ?? picked;
  const start = useMutation(
    trpc.costs.startTimeEntry.mutationOptions({
      onSuccess: async (entry) => {
        setDescription('');
        setPicked('');
        toast({
          title: 'Timer started',
          description: `On ${entry.patientName}`,
        });
        await onChange();
      },
      onError: (error) =>
        toast({
          title: 'Could not record time',
          description: errorMessage(error),
          variant: 'destructive',
        }),
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (caseId) start.mutate({ caseId, description: description.trim() || null });
  };
  return (
    <form
      onSubmit={submit}
      className={fixedCase ? 'grid items-end gap-3 md:grid-cols-[1fr_auto]' : 'grid items-end gap-3 md:grid-cols-[1fr_1fr_auto]'}
    >
      {!fixedCase && (
        <CasePicker
          id={ids.kase}
          label={caseLabel}
          value={picked}
          onValueChange={setPicked}
          cases={cases}
          pending={casesPending}
          loadError={casesError}
        />
      )}
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={ids.description}>What are you working on?</Label>
        <Input
          id={ids.description}
          value={description}
          maxLength={TIME_ENTRY_DESCRIPTION_MAX}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={words.defaultWork}
        />
      </div>
      <Button type="submit" disabled={!caseId || start.isPending}>
        <Play aria-hidden="true" /> {start.isPending ? 'Starting...' : 'Start timer'}
      </Button>
    </form>
  );
}

/** The caller's running timers, each with its Stop button. */
export function RunningTimers({ running, onChange }: { running: readonly TTimeEntry[]; onChange: () => Promise<unknown> | void }) {
  const trpc = useTRPC();
  const stop = useMutation(
    trpc.costs.stopTimeEntry.mutationOptions({
      onSuccess: async (entry) => {
        toast({
          title: 'Timer stopped',
          description: `${entry.durationMinutes ?? 0} min on ${entry.patientName}`,
        });
        await onChange();
      },
      onError: (error) =>
        toast({
          title: 'Could not record time',
          description: errorMessage(error),
          variant: 'destructive',
        }),
    }),
  );
  if (running.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="Running timers">
      {running.map((entry) => (
        <li
          key={entry.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-accent/40 px-3 py-2 text-sm"
          data-testid="running-timer"
        >
          <span className="min-w-0 break-words">
            <span className="font-medium">{entry.patientName}</span> · {entry.description} · since {formatDateTime(entry.startTime)}
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={stop.isPending && stop.variables?.id === entry.id}
            onClick={() => stop.mutate({ id: entry.id })}
            aria-label={`Stop the timer on ${entry.patientName}`}
          >
            <Square aria-hidden="true" /> Stop
          </Button>
        </li>
      ))}
    </ul>
  );
}
