import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Play, Square } from 'lucide-react';
import { DEFAULT_TIME_ENTRY_DESCRIPTION, TIME_ENTRY_DESCRIPTION_MAX } from '../../../shared/domain/costs';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { errorMessage } from '../../components/shell/data-states';
import { formatDateTime } from '../../../shared/format';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { useCostRefresh } from './use-cost-refresh';

/** Costs come from recorded time: start your time on a case here and stop it when done. */
export function RecordTimePanel() {
  const trpc = useTRPC();
  const { caseTerminology } = useIdentity();
  const refresh = useCostRefresh();
  const cases = useQuery(trpc.cases.list.queryOptions({ pageSize: 200 }));
  const mine = useQuery(trpc.costs.listMyTimeEntries.queryOptions());
  const [caseId, setCaseId] = useState('');
  const [description, setDescription] = useState('');
  const ids = { kase: useId(), description: useId() };
  const onError = (error: unknown) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
  const start = useMutation(
    trpc.costs.startTimeEntry.mutationOptions({
      onSuccess: async () => {
        setDescription('');
        toast({ title: 'Success', description: 'Time entry started' });
        await refresh();
      },
      onError,
    }),
  );
  const stop = useMutation(
    trpc.costs.stopTimeEntry.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Success', description: 'Time entry stopped' });
        await refresh();
      },
      onError,
    }),
  );
  const running = (mine.data ?? []).filter((entry) => entry.endTime === null);
  const label = caseTerminology === 'patient' ? 'Patient case' : 'Client case';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (caseId) start.mutate({ caseId, description: description.trim() || null });
  };

  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="text-base">
          Record time
        </CardTitle>
        <CardDescription>Your time on a case, priced at your hourly rate, makes up its cost.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4">
        <form onSubmit={submit} className="grid items-end gap-3 md:grid-cols-[1fr_1fr_auto]">
          <div className="grid gap-2">
            <Label htmlFor={ids.kase}>{label}</Label>
            <Select value={caseId} onValueChange={setCaseId}>
              <SelectTrigger id={ids.kase} className="w-full">
                <SelectValue placeholder={cases.isPending ? 'Loading...' : 'Select a case'} />
              </SelectTrigger>
              <SelectContent>
                {cases.data?.items.map((kase) => (
                  <SelectItem key={kase.id} value={kase.id}>
                    {kase.patientName} · {kase.caseType}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.description}>Description</Label>
            <Input
              id={ids.description}
              value={description}
              maxLength={TIME_ENTRY_DESCRIPTION_MAX}
              onChange={(event) => setDescription(event.target.value)}
              placeholder={DEFAULT_TIME_ENTRY_DESCRIPTION}
            />
          </div>
          <Button type="submit" disabled={!caseId || start.isPending}>
            <Play aria-hidden="true" /> {start.isPending ? 'Starting...' : 'Start'}
          </Button>
        </form>
        {running.length > 0 && (
          <ul className="grid gap-2" aria-label="Running time entries">
            {running.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-accent/40 px-3 py-2 text-sm">
                <span>
                  <span className="font-medium">{entry.patientName}</span> · {entry.description} · since {formatDateTime(entry.startTime)}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={stop.isPending && stop.variables?.id === entry.id}
                  onClick={() => stop.mutate({ id: entry.id })}
                  aria-label={`Stop time on ${entry.patientName}`}
                >
                  <Square aria-hidden="true" /> Stop
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
