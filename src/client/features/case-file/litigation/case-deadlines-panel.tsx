import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../../shared/domain/cases';
import type { TCaseDeadline } from '../../../../shared/domain/case-deadlines';
import { formatCalendarDay } from '../../../../shared/format';
import { DeadlineDueMark } from '../../../components/deadlines/deadline-due-mark';
import { ErrorState, ListSkeleton } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CaseLink } from '../../../components/cases/case-link';
import { useTRPC } from '../../../trpc';
import { caseDeadlinesQuery } from './expert-queries';

// The case's deadlines computed from South African rules (issue 20), on the Court tab: each with
// the rule, the due date and how it was counted, and the task it put on the case. They move when
// their trigger moves (a service date, the trial date) and go when it is cleared.

const TASK_STATUS: Record<string, string> = { open: 'Task open', done: 'Task done' };

export function CaseDeadlinesPanel({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const deadlines = useQuery(caseDeadlinesQuery(trpc, item.id));
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle className="text-base">Deadlines</CardTitle>
        <CardDescription>
          Counted from the court matter's dates and the trial date; each is a task on the case (<CaseLink caseId={item.id} tab="tasks">Tasks</CaseLink>) that moves with its trigger.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {deadlines.isPending ? (
          <ListSkeleton rows={3} label="Loading the deadlines" />
        ) : deadlines.isError ? (
          <ErrorState title="Could not load the deadlines" error={deadlines.error} onRetry={() => void deadlines.refetch()} />
        ) : deadlines.data.items.length === 0 ? (
          <p className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
            <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
            No deadlines yet: they appear when the court matter has a service, debt or knowledge date, or a trial is set for a case with experts of our side.
          </p>
        ) : (
          <ul className="divide-y" aria-label="Deadlines of this case">
            {deadlines.data.items.map((d) => (
              <DeadlineRow key={d.id} deadline={d} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DeadlineRow({ deadline: d }: { deadline: TCaseDeadline }) {
  return (
    <li className="grid gap-1 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">{d.title}</span>
        <span className="flex flex-wrap items-center gap-1.5">
          <span className="text-sm tabular-nums">{formatCalendarDay(d.due)}</span>
          <DeadlineDueMark due={d.due} met={d.taskStatus === 'done'} />
          <Badge variant="secondary">{d.taskStatus ? TASK_STATUS[d.taskStatus] : 'No task'}</Badge>
        </span>
      </div>
      <p className="text-xs text-muted-foreground">{d.explanation}</p>
    </li>
  );
}
