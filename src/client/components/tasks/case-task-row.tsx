import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCaseTask } from '../../../shared/domain/case-tasks';
import { formatCalendarDay, formatDateTime } from '../../../shared/format';
import { StatusBadge } from '../data/status-badge';
import { CaseLink } from '../cases/case-link';
import { errorMessage } from '../shell/data-states';
import { toast } from '../../lib/use-toast';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';

// One task on a case (issue 18), as the case page and /tasks list it: a checkbox completes or reopens
// it, an overdue one says so in words (not only in red). The caller puts it in its own <li>.

export function useToggleTask() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.tasks.update.mutationOptions({
      onSuccess: (task) => {
        toast({
          title: task.status === 'done' ? 'Task completed' : 'Task reopened',
          description: task.title,
        });
        void queryClient.invalidateQueries({ queryKey: trpc.tasks.pathKey() });
        void queryClient.invalidateQueries({
          queryKey: trpc.dashboard.pathKey(),
        });
        void queryClient.invalidateQueries({
          queryKey: trpc.timeline.pathKey(),
        });
      },
      onError: (error) =>
        toast({
          title: 'Could not change the task',
          description: errorMessage(error),
          variant: 'destructive',
        }),
    }),
  );
}

export function CaseTaskRow({ task, showCase = false, mayToggle }: { task: TCaseTask; showCase?: boolean; mayToggle: boolean }) {
  const toggle = useToggleTask();
  // The tick shows at once; it falls back if the server refuses.
  const done = toggle.isPending && toggle.variables ? toggle.variables.status === 'done' : task.status === 'done';
  const id = `task-${task.id}`;
  return (
    <div className="flex items-start gap-3 py-2.5" data-testid="case-task">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-primary"
        checked={done}
        disabled={!mayToggle || toggle.isPending}
        onChange={(event) =>
          toggle.mutate({
            id: task.id,
            status: event.target.checked ? 'done' : 'open',
          })
        }
        aria-label={done ? `Reopen “${task.title}”` : `Mark “${task.title}” done`}
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <label htmlFor={id} className={cn('text-sm font-medium break-words', done && 'text-muted-foreground line-through')}>
          {task.title}
        </label>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {task.overdue && <span className="font-semibold text-destructive">Overdue</span>}
          <span>{task.dueDate ? `Due ${formatCalendarDay(task.dueDate)}` : 'No due date'}</span>
          <span>· {task.assigneeName ?? 'Unassigned'}</span>
          {showCase && (
            <span>
              ·{' '}
              <CaseLink caseId={task.caseId} tab="tasks">
                {task.caseName}
                {task.caseReference ? ` (${task.caseReference})` : ''}
              </CaseLink>
            </span>
          )}
          {done && task.completedAt && (
            <span>
              · Done {formatDateTime(task.completedAt)}
              {task.completedByName ? ` by ${task.completedByName}` : ''}
            </span>
          )}
        </p>
      </div>
      <StatusBadge value={task.priority} />
    </div>
  );
}
