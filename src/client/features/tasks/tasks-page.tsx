import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarDays, ChevronRight, FolderOpen, LifeBuoy, ListChecks, Mail } from 'lucide-react';
import { can } from '../../../shared/roles';
import type { TWorkspaceCase } from '../../../shared/domain/dashboard';
import type { TTaskAppointment, TTaskMessage, TTaskSupportChat, TTasks } from '../../../shared/domain/tasks';
import { formatDateTime, formatSaTime, pluralWord, relativeTime } from '../../../shared/format';
import { caseLink } from '../../components/cases/case-link';
import { StatusBadge } from '../../components/data/status-badge';
import { CaseTaskRow } from '../../components/tasks/case-task-row';
import { AppPage } from '../../components/shell/app-page';
import { ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import type { Identity } from '../../lib/identity';
import { wordsOf } from '../../lib/words';
import { casesListPath } from '../../../shared/case-paths';
import { useTRPC } from '../../trpc';
import { SectionLink, TaskSection, rowLinkClass } from './task-section';

// Issue 7 /tasks: everything waiting on the caller — the rows behind the dashboard's "My Tasks"
// counts — each row leading to the screen where it is done.

const TITLE = 'Tasks';
const DESCRIPTION = 'Your open work: tasks set for you, cases assigned to you, today’s appointments, unread messages and open support requests.';

export function TasksPage({ identity }: { identity: Identity }) {
  // The Super Admin has no organisation, so no cases, schedule or inbox to have tasks in.
  if (identity.isSuperAdmin) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>
          Tasks belong to the members of an organisation. Support requests waiting on you are on the <Link to="/support" className="text-primary underline">Support</Link> page.
        </RestrictedState>
      </AppPage>
    );
  }
  return <MemberTasks identity={identity} />;
}

function MemberTasks({ identity }: { identity: Identity }) {
  const words = wordsOf(identity.platform);
  const casesPath = casesListPath(identity.platform);
  const trpc = useTRPC();
  const tasks = useQuery(trpc.dashboard.tasks.queryOptions());
  if (tasks.isPending) {
    return (
      <AppPage title={TITLE} description={DESCRIPTION}>
        <ListSkeleton rows={6} label="Loading your tasks" />
      </AppPage>
    );
  }
  if (tasks.isError) {
    return (
      <AppPage title={TITLE} description={DESCRIPTION}>
        <ErrorState title="Could not load your tasks" error={tasks.error} onRetry={() => void tasks.refetch()} />
      </AppPage>
    );
  }
  const { assignedCases, appointmentsToday, unreadMessages, openSupportChats } = tasks.data;
  return (
    <AppPage title={TITLE} description={DESCRIPTION}>
      <div className="grid gap-6 xl:grid-cols-2">
        {can(identity, 'caseFile.view') && <MyCaseTasks identity={identity} section={tasks.data.openTasks} />}
        {can(identity, 'cases.view') && (
          <TaskSection
            id="cases"
            icon={FolderOpen}
            title={`My ${words.someCases}`}
            total={assignedCases.total}
            items={assignedCases.items}
            empty={`No active ${words.someCases} are assigned to you.`}
            more={{ label: `active ${assignedCases.total === 1 ? words.aCase : words.someCases} assigned to you`, link: <SectionLink to={casesPath} label={`All ${words.cases}`} /> }}
            rowKey={(c) => c.id}
            row={(c) => <CaseRow item={c} identity={identity} />}
          />
        )}
        {can(identity, 'appointments.view') && (
          <TaskSection
            id="appointments"
            icon={CalendarDays}
            title="Today's appointments"
            total={appointmentsToday.total}
            items={appointmentsToday.items}
            empty="No appointments today."
            more={{ label: `appointment${appointmentsToday.total === 1 ? '' : 's'} today`, link: <SectionLink to="/schedule" label="Schedule" /> }}
            rowKey={(a) => a.id}
            row={(a) => <AppointmentRow item={a} />}
          />
        )}
        <TaskSection
          id="messages"
          icon={Mail}
          title="Unread messages"
          total={unreadMessages.total}
          items={unreadMessages.items}
          empty="You have read all your messages."
          more={{ label: pluralWord(unreadMessages.total, 'unread message'), link: <SectionLink to="/messages" label="Messages" /> }}
          rowKey={(m) => m.id}
          row={(m) => <MessageRow item={m} />}
        />
        <TaskSection
          id="support"
          icon={LifeBuoy}
          title="Open support requests"
          total={openSupportChats.total}
          items={openSupportChats.items}
          empty="No support requests are waiting."
          more={{ label: pluralWord(openSupportChats.total, 'open support request'), link: <SectionLink to="/support" label="Support" /> }}
          rowKey={(c) => c.id}
          row={(c) => <SupportRow item={c} />}
        />
      </div>
    </AppPage>
  );
}

/** Issue 18: the tasks set on cases for the caller, overdue first, each completed with a tick. */
function MyCaseTasks({ identity, section }: { identity: Identity; section: TTasks['openTasks'] }) {
  const overdue = section.items.filter((t) => t.overdue).length;
  return (
    <TaskSection
      id="case-tasks"
      icon={ListChecks}
      title="My tasks"
      total={section.total}
      items={section.items}
      empty={`No open tasks on ${wordsOf(identity.platform).someCases} are set for you.`}
      more={{ label: `open ${pluralWord(section.total, 'task')}${overdue > 0 ? ` · ${overdue} overdue` : ''}`, link: null }}
      rowKey={(t) => t.id}
      row={(t) => <CaseTaskRow task={t} showCase mayToggle />}
    />
  );
}

const Chevron = () => <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />;

function CaseRow({ item, identity }: { item: TWorkspaceCase; identity: Identity }) {
  return (
    <Link {...caseLink(identity, item.id)} className={rowLinkClass}>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm font-medium">{item.patientName}</span>
        <span className="truncate text-xs text-muted-foreground">
          {item.caseType}
          {item.bedNumber ? ` · Bed ${item.bedNumber}` : ''}
        </span>
      </span>
      <StatusBadge value={item.priority} />
      <StatusBadge value={item.status} className="hidden sm:inline-flex" />
      <Chevron />
    </Link>
  );
}

function AppointmentRow({ item }: { item: TTaskAppointment }) {
  return (
    <Link to="/schedule" className={rowLinkClass}>
      <span className="w-12 shrink-0 text-sm font-semibold tabular-nums">{formatSaTime(item.startTime)}</span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm font-medium">{item.title}</span>
        <span className="truncate text-xs text-muted-foreground">{[item.patientName, item.location].filter(Boolean).join(' · ') || item.appointmentType}</span>
      </span>
      <StatusBadge value={item.status} />
      <Chevron />
    </Link>
  );
}

function MessageRow({ item }: { item: TTaskMessage }) {
  return (
    <Link to="/messages" className={rowLinkClass}>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm font-medium">{item.subject}</span>
        <span className="truncate text-xs text-muted-foreground">From {item.senderName ?? 'a former colleague'}</span>
      </span>
      <span className="shrink-0 text-xs text-muted-foreground" title={formatDateTime(item.createdAt)}>
        {relativeTime(item.createdAt)}
      </span>
      <Chevron />
    </Link>
  );
}

function SupportRow({ item }: { item: TTaskSupportChat }) {
  return (
    <Link to="/support" search={{ chat: item.id }} className={rowLinkClass}>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm font-medium">{item.title}</span>
        <span className="truncate text-xs text-muted-foreground">
          {item.category} · {item.priority} priority · updated {relativeTime(item.lastMessageAt ?? item.updatedAt).toLowerCase()}
        </span>
      </span>
      <StatusBadge value={item.status} />
      <Chevron />
    </Link>
  );
}
