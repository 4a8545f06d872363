import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Ban, CalendarCheck, CalendarClock, CheckCircle2, Clock, Landmark, MoreHorizontal, Plus, TriangleAlert } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../../shared/domain/cases';
import type { TCaseDeadline } from '../../../../shared/domain/case-deadlines';
import { DEADLINE_STATUS_LABELS, type TDeadlineStatus } from '../../../../shared/deadlines/deadline-status';
import { formatCalendarDay } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { daysUntil } from '../../../components/deadlines/deadline-due-mark';
import { ErrorState, ListSkeleton } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { CaseLink } from '../../../components/cases/case-link';
import { useIdentity } from '../../../lib/identity';
import { cn } from '../../../lib/utils';
import { useTRPC } from '../../../trpc';
import { CourtMatterDialogContent } from './court-matter-dialog';
import { courtMatterQuery } from './court-queries';
import { deadlineStatusLine } from './deadline-status-words';
import { caseDeadlinesQuery } from './expert-queries';
import { type DeadlineMarkMode, MarkDeadlineDialogContent } from './mark-deadline-dialog';

// The case's deadlines computed from South African rules (issue 20), on the Court tab: each with
// the rule, the due date and how it was counted, and the task it put on the case. They move when
// their trigger moves (a service date, the trial date) and go when it is cleared.
// Issue 32: each shows how it stands — open, met, not applicable, overdue — and what decided it (a
// person's mark, the service of summons); a person who may write marks one met (a day) or not
// applicable (a reason). A case without a court matter says so and offers to record one.

const TASK_STATUS: Record<string, string> = { open: 'Task open', done: 'Task done' };

const STATUS_ICON: Record<TDeadlineStatus, typeof Clock> = { open: Clock, met: CheckCircle2, 'not-applicable': Ban, overdue: TriangleAlert };

/** The status badge: open with the days left (amber within a week), met green, overdue red, not applicable muted. */
export function DeadlineStatusBadge({ deadline: d }: { deadline: Pick<TCaseDeadline, 'status' | 'due'> }) {
  const Icon = STATUS_ICON[d.status];
  const days = daysUntil(d.due);
  const label =
    d.status === 'open' ? (days === 0 ? 'Open · due today' : `Open · ${days} ${days === 1 ? 'day' : 'days'} left`) : d.status === 'overdue' && days < 0 ? `Overdue · ${-days} ${days === -1 ? 'day' : 'days'}` : DEADLINE_STATUS_LABELS[d.status];
  return (
    <Badge
      variant={d.status === 'overdue' ? 'destructive' : d.status === 'not-applicable' ? 'secondary' : 'outline'}
      className={cn(
        d.status === 'met' && 'border-emerald-600/40 text-emerald-700 dark:text-emerald-400',
        d.status === 'open' && days <= 7 && 'border-amber-500/50 text-amber-700 dark:text-amber-400',
      )}
      data-status={d.status}
    >
      <Icon aria-hidden="true" /> {label}
    </Badge>
  );
}

export function CaseDeadlinesPanel({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const mayWrite = can(identity, 'caseFile.write');
  const deadlines = useQuery(caseDeadlinesQuery(trpc, item.id));
  const matter = useQuery(courtMatterQuery(trpc, item.id));
  const [recording, setRecording] = useState(false);
  const [marking, setMarking] = useState<{ deadline: TCaseDeadline; mode: DeadlineMarkMode } | null>(null);
  const noCourtMatter = matter.isSuccess && matter.data.courtMatter === null;

  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle className="text-base">Deadlines</CardTitle>
        <CardDescription>
          Counted from the court matter's dates and the trial date; each is a task on the case (<CaseLink caseId={item.id} tab="tasks">Tasks</CaseLink>) that moves with its trigger. Service of summons meets
          prescription.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {deadlines.isPending || matter.isPending ? (
          <ListSkeleton rows={3} label="Loading the deadlines" />
        ) : deadlines.isError ? (
          <ErrorState title="Could not load the deadlines" error={deadlines.error} onRetry={() => void deadlines.refetch()} />
        ) : (
          <>
            {noCourtMatter && (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-dashed px-3 py-3" role="note" aria-label="No court matter">
                <p className="flex items-start gap-2 text-sm text-muted-foreground">
                  <Landmark className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>
                    No court matter is recorded for this matter yet, so no Act 40 s3, prescription or Rule 19 deadline can be counted. Record it with the date the debt became due, the date of knowledge
                    and, once served, the date of service.
                  </span>
                </p>
                {mayWrite && (
                  <Button size="sm" onClick={() => setRecording(true)}>
                    <Plus aria-hidden="true" /> Record the court matter
                  </Button>
                )}
              </div>
            )}
            {deadlines.data.items.length === 0 ? (
              !noCourtMatter && (
                <p className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
                  <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
                  No deadlines yet: they appear when the court matter has a service, debt or knowledge date, or a trial is set for a case with experts of our side.
                </p>
              )
            ) : (
              <ul className="divide-y" aria-label="Deadlines of this case">
                {deadlines.data.items.map((d) => (
                  <DeadlineRow key={d.id} deadline={d} mayWrite={mayWrite} onMark={(mode) => setMarking({ deadline: d, mode })} />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
      <Dialog open={recording} onOpenChange={setRecording}>
        {recording && <CourtMatterDialogContent caseId={item.id} matter={null} onDone={() => setRecording(false)} />}
      </Dialog>
      <Dialog open={marking !== null} onOpenChange={(open) => !open && setMarking(null)}>
        {marking && <MarkDeadlineDialogContent deadline={marking.deadline} mode={marking.mode} onDone={() => setMarking(null)} />}
      </Dialog>
    </Card>
  );
}

function DeadlineRow({ deadline: d, mayWrite, onMark }: { deadline: TCaseDeadline; mayWrite: boolean; onMark: (mode: DeadlineMarkMode) => void }) {
  const line = deadlineStatusLine(d);
  return (
    <li className="grid gap-1 py-3" aria-label={d.title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">{d.title}</span>
        <span className="flex flex-wrap items-center gap-1.5">
          <span className="text-sm tabular-nums">{formatCalendarDay(d.due)}</span>
          <DeadlineStatusBadge deadline={d} />
          <Badge variant="secondary">{d.taskStatus ? TASK_STATUS[d.taskStatus] : 'No task'}</Badge>
          {mayWrite && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button size="icon" variant="ghost" className="size-8" aria-label={`Mark ${d.title}`}>
                  <MoreHorizontal aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => onMark('met')}>
                  <CalendarCheck aria-hidden="true" /> Mark met…
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => onMark('not-applicable')}>
                  <Ban aria-hidden="true" /> Not applicable…
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </span>
      </div>
      {line && <p className={cn('text-xs', d.status === 'overdue' ? 'text-destructive' : 'text-foreground')}>{line}</p>}
      <p className="text-xs text-muted-foreground">{d.explanation}</p>
    </li>
  );
}
