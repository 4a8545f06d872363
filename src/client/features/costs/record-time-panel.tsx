import { useQuery } from '@tanstack/react-query';
import { RunningTimers, TimerForm } from '../../components/time/timer-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useWords } from '../../lib/words';
import { useTRPC } from '../../trpc';
import { useCostRefresh } from './use-cost-refresh';

/** Costs come from recorded time: start your time on a case here and stop it when done. */
export function RecordTimePanel() {
  const trpc = useTRPC();
  const words = useWords();
  const refresh = useCostRefresh();
  const cases = useQuery(trpc.cases.list.queryOptions({ pageSize: 200 }));
  const mine = useQuery(trpc.costs.listMyTimeEntries.queryOptions());
  const running = (mine.data ?? []).filter((entry) => entry.endTime === null);
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="text-base">
          Record time
        </CardTitle>
        <CardDescription>Your time on a {words.case}, priced at your hourly rate, makes up its cost.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4">
        <TimerForm
          caseLabel={words.case === 'case' ? 'Patient case' : words.Case}
          cases={cases.data?.items.map((kase) => ({ id: kase.id, label: `${kase.patientName} · ${kase.caseType}` }))}
          casesPending={cases.isPending}
          casesError={cases.error}
          onChange={refresh}
        />
        <RunningTimers running={running} onChange={refresh} />
      </CardContent>
    </Card>
  );
}
