import { useQuery } from '@tanstack/react-query';
import { CaseLink } from '../../components/cases/case-link';
import { formatCalendarDay, pluralWord } from '../../../shared/format';
import type { TCaseTask } from '../../../shared/domain/case-tasks';
import { useTRPC } from '../../trpc';
import { DashboardPanel, PanelEmpty, PanelQuery } from './dashboard-panel';

// Issue 32: the caller's open tasks on every staff dashboard that reads case files — a doctor found
// his task only through the bell. The server's work order: overdue first, then soonest due, undated
// last; each links to its case's tasks, and the panel to /tasks where they are ticked off.

/** Rows shown on the dashboard; the rest are on /tasks. */
export const MY_TASKS_SHOWN = 5;

function TaskLine({ task }: { task: TCaseTask }) {
  return (
    <li className="grid gap-0.5 py-2.5" data-testid="my-task">
      <span className="text-sm font-medium break-words">{task.title}</span>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        {task.overdue && <span className="font-semibold text-destructive">Overdue</span>}
        <span>{task.dueDate ? `Due ${formatCalendarDay(task.dueDate)}` : 'No due date'}</span>
        <span>
          ·{' '}
          <CaseLink caseId={task.caseId} tab="tasks">
            {task.caseName}
            {task.caseReference ? ` (${task.caseReference})` : ''}
          </CaseLink>
        </span>
      </span>
    </li>
  );
}

export function MyOpenTasksPanel() {
  const trpc = useTRPC();
  const tasks = useQuery(trpc.tasks.list.queryOptions({ status: 'open' }));
  return (
    <DashboardPanel title="My open tasks" description="Set for you on cases, the soonest due first" link={{ to: '/tasks', label: 'All my tasks' }}>
      <PanelQuery query={tasks} what="your tasks">
        {({ items }) => {
          if (items.length === 0) return <PanelEmpty>No open tasks are set for you.</PanelEmpty>;
          const overdue = items.filter((task) => task.overdue).length;
          const rest = items.length - MY_TASKS_SHOWN;
          return (
            <div className="grid gap-1">
              <p className="text-sm text-muted-foreground">
                {items.length} {pluralWord(items.length, 'open task')}
                {overdue > 0 ? ` · ${overdue} overdue` : ''}
              </p>
              <ul className="divide-y" aria-label="My open tasks">
                {items.slice(0, MY_TASKS_SHOWN).map((task) => (
                  <TaskLine key={task.id} task={task} />
                ))}
              </ul>
              {rest > 0 && <p className="text-xs text-muted-foreground">{`and ${rest} more on the Tasks screen`}</p>}
            </div>
          );
        }}
      </PanelQuery>
    </DashboardPanel>
  );
}
