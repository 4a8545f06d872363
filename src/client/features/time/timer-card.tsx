import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Play, Square, Timer } from 'lucide-react';
import type { TTimeEntry } from '../../../shared/domain/costs';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { errorMessage } from '../../components/shell/data-states';
import { formatDateTime } from '../../../shared/format';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { CASE_PICKER_INPUT, DESCRIPTION_MAX, DESCRIPTION_PLACEHOLDER } from './my-time-queries';

/** The running timer: start on a case the person may see, stop it when done. No money here. */
export function TimerCard({ running, caseLabel, onChange }: { running: readonly TTimeEntry[]; caseLabel: string; onChange: () => Promise<void> }) {
  const trpc = useTRPC();
  const cases = useQuery(trpc.cases.list.queryOptions(CASE_PICKER_INPUT));
  const [caseId, setCaseId] = useState('');
  const [description, setDescription] = useState('');
  const ids = { kase: useId(), description: useId() };
  const onError = (error: unknown) => toast({ title: 'Could not record time', description: errorMessage(error), variant: 'destructive' });
  const start = useMutation(
    trpc.costs.startTimeEntry.mutationOptions({
      onSuccess: async (entry) => {
        setDescription('');
        setCaseId('');
        toast({ title: 'Timer started', description: `On ${entry.patientName}` });
        await onChange();
      },
      onError,
    }),
  );
  const stop = useMutation(
    trpc.costs.stopTimeEntry.mutationOptions({
      onSuccess: async (entry) => {
        toast({ title: 'Timer stopped', description: `${entry.durationMinutes ?? 0} min on ${entry.patientName}` });
        await onChange();
      },
      onError,
    }),
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (caseId) start.mutate({ caseId, description: description.trim() || null });
  };

  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="flex items-center gap-2 text-base">
          <Timer className="size-4" aria-hidden="true" /> Timer
        </CardTitle>
        <CardDescription>Start the timer when you begin work on a case and stop it when you are done.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4">
        {running.length > 0 && (
          <ul className="grid gap-2" aria-label="Running timers">
            {running.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-accent/40 px-3 py-2 text-sm" data-testid="running-timer">
                <span className="min-w-0">
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
        )}
        <form onSubmit={submit} className="grid items-end gap-3 md:grid-cols-[1fr_1fr_auto]">
          <div className="grid min-w-0 gap-2">
            <Label htmlFor={ids.kase}>{caseLabel}</Label>
            <Select value={caseId} onValueChange={setCaseId}>
              <SelectTrigger id={ids.kase} className="w-full">
                <SelectValue placeholder={cases.isPending ? 'Loading...' : cases.data?.items.length === 0 ? 'No cases to pick' : 'Select a case'} />
              </SelectTrigger>
              <SelectContent>
                {cases.data?.items.map((kase) => (
                  <SelectItem key={kase.id} value={kase.id}>
                    {kase.patientName} · {kase.caseType}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {cases.isError && <p className="text-sm text-destructive">{errorMessage(cases.error)}</p>}
          </div>
          <div className="grid min-w-0 gap-2">
            <Label htmlFor={ids.description}>What are you working on?</Label>
            <Input
              id={ids.description}
              value={description}
              maxLength={DESCRIPTION_MAX}
              onChange={(event) => setDescription(event.target.value)}
              placeholder={DESCRIPTION_PLACEHOLDER}
            />
          </div>
          <Button type="submit" disabled={!caseId || start.isPending}>
            <Play aria-hidden="true" /> {start.isPending ? 'Starting...' : 'Start timer'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
