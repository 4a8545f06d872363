import { casesListPath } from '../../../shared/case-paths';
import { AlarmClock, CalendarDays, ChevronRight, FolderOpen, LifeBuoy, ListChecks, Mail } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { type TCapability, can } from '../../../shared/roles';
import { wordsOf } from '../../lib/words';
import { useIdentity } from '../../lib/identity';
import { pluralWord } from '../../../shared/format';
import { DashboardPanel, PanelQuery } from './dashboard-panel';
import { type LinkTarget, TargetLink } from './target-link';
import { useWorkspace } from './use-workspace';

// SPEC §2.9 operations dashboard "tasks": the caller's open work, each count leading to its screen.

interface Task {
  icon: LucideIcon;
  count: number;
  /** What is counted, singular and plural ('unread message', 'unread messages'). */
  one: string;
  label: string;
  target: LinkTarget;
}

const linkClass = 'inline-flex items-center gap-0.5 text-sm font-medium text-primary underline-offset-4 hover:underline';

function TaskRow({ task }: { task: Task }) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
        <task.icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1 text-sm">
        <span className="font-semibold tabular-nums">{task.count}</span> {pluralWord(task.count, task.one, task.label)}
      </span>
      <TargetLink target={task.target} className={linkClass} label={`Open ${task.label}`}>
        Open <ChevronRight className="size-4" aria-hidden="true" />
      </TargetLink>
    </li>
  );
}

export function TasksPanel() {
  const workspace = useWorkspace();
  const identity = useIdentity();
  const words = wordsOf(identity.platform);
  return (
    <DashboardPanel title="My Work" description="Your open work across the organisation">
      <PanelQuery query={workspace} what="your tasks">
        {({ tasks }) => {
          // A row shows only when its screen opens for this role (decision 0027: no link to a refusal).
          const all: (Task & { needs: TCapability })[] = [
            { icon: ListChecks, count: tasks.openTasks, one: 'open task set for you', label: 'open tasks set for you', target: { to: '/tasks' }, needs: 'caseFile.view' },
            ...(tasks.overdueTasks > 0
              ? [{ icon: AlarmClock, count: tasks.overdueTasks, one: 'overdue task', label: 'overdue tasks', target: { to: '/tasks' }, needs: 'caseFile.view' } as const]
              : []),
            { icon: FolderOpen, count: tasks.assignedCases, one: `active ${words.aCase} assigned to you`, label: `active ${words.someCases} assigned to you`, target: { to: casesListPath(identity.platform) }, needs: 'cases.view' },
            { icon: CalendarDays, count: tasks.appointmentsToday, one: 'appointment today', label: 'appointments today', target: { to: '/schedule' }, needs: 'appointments.view' },
            { icon: Mail, count: tasks.unreadMessages, one: 'unread message', label: 'unread messages', target: { to: '/messages' }, needs: 'messages.use' },
            { icon: LifeBuoy, count: tasks.openSupportChats, one: 'open support request', label: 'open support requests', target: { to: '/support' }, needs: 'support.use' },
          ];
          const rows = all.filter((task) => can(identity, task.needs));
          return (
            <ul className="divide-y" aria-label="My work">
              {rows.map((task) => (
                <TaskRow key={task.label} task={task} />
              ))}
            </ul>
          );
        }}
      </PanelQuery>
    </DashboardPanel>
  );
}
