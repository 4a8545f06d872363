import { useQuery } from '@tanstack/react-query';
import { Timer } from 'lucide-react';
import type { TTimeEntry } from '../../../shared/domain/costs';
import { RunningTimers, TimerForm } from '../../components/time/timer-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useTRPC } from '../../trpc';
import { CASE_PICKER_INPUT } from './my-time-queries';

/** The running timer: start on a case the person may see, stop it when done. No money here. */
export function TimerCard({ running, caseLabel, onChange }: { running: readonly TTimeEntry[]; caseLabel: string; onChange: () => Promise<void> }) {
  const trpc = useTRPC();
  const cases = useQuery(trpc.cases.list.queryOptions(CASE_PICKER_INPUT));
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="flex items-center gap-2 text-base">
          <Timer className="size-4" aria-hidden="true" /> Timer
        </CardTitle>
        <CardDescription>Start the timer when you begin work on a case and stop it when you are done.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4">
        <RunningTimers running={running} onChange={onChange} />
        <TimerForm
          caseLabel={caseLabel}
          cases={cases.data?.items.map((kase) => ({ id: kase.id, label: `${kase.patientName} · ${kase.caseType}` }))}
          casesPending={cases.isPending}
          casesError={cases.error}
          onChange={onChange}
        />
      </CardContent>
    </Card>
  );
}
