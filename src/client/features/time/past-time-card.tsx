import { useQuery } from '@tanstack/react-query';
import { ClockPlus } from 'lucide-react';
import { PastTimeForm } from '../../components/time/past-time-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useTRPC } from '../../trpc';
import { CASE_PICKER_INPUT } from './my-time-queries';

/** Time worked without the timer, added afterwards on a case the person may see (issue 18). */
export function PastTimeCard({ onChange }: { onChange: () => Promise<void> }) {
  const trpc = useTRPC();
  // The timer's query: one request and one cache entry feed both pickers.
  const cases = useQuery(trpc.cases.list.queryOptions(CASE_PICKER_INPUT));
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="flex items-center gap-2 text-base">
          <ClockPlus className="size-4" aria-hidden="true" /> Add past time
        </CardTitle>
        <CardDescription>Worked without the timer? Add it here in South African time.</CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        <PastTimeForm
          cases={cases.data?.items.map((kase) => ({ id: kase.id, label: `${kase.patientName} · ${kase.caseType}` }))}
          casesPending={cases.isPending}
          casesError={cases.error}
          onChange={onChange}
        />
      </CardContent>
    </Card>
  );
}
