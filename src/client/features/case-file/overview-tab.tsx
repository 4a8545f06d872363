import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TCaseShown as TCase } from '../../../shared/domain/cases';
import { can } from '../../../shared/roles';
import { formatCalendarDay, formatDate, formatDateTime, formatSaDateTime, pluralise } from '../../../shared/format';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { StatusBadge } from '../../components/data/status-badge';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useWords } from '../../lib/words';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { caseDateLabels } from './case-labels';
import { appointmentsQuery, caseTasksQuery, teamQuery } from './case-queries';

// The overview of a case: every §3.2 field, and a glance at its team, open tasks and next appointment.

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'grid gap-1 sm:col-span-2' : 'grid gap-1'}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap">{children}</dd>
    </div>
  );
}

const none = <span className="text-muted-foreground">Not recorded</span>;

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardTitle asHeading="h2" className="text-base">
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent className="px-4 text-sm">{children}</CardContent>
    </Card>
  );
}

export function OverviewTab({ item, onOpenTab }: { item: TCase; onOpenTab: (tab: string) => void }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const healthcare = PLATFORM_CONFIG[identity.platform].features.bedManagement;
  const words = useWords();
  const dates = caseDateLabels(identity.platform);
  const caseFile = can(identity, 'caseFile.view');
  const team = useQuery({ ...teamQuery(trpc, item.id), enabled: caseFile });
  const tasks = useQuery({
    ...caseTasksQuery(trpc, item.id),
    enabled: caseFile,
  });
  const schedule = useQuery({
    ...appointmentsQuery(trpc, item.id),
    enabled: caseFile && can(identity, 'appointments.view'),
  });
  const now = Date.now();
  const next = schedule.data
    ?.filter((a) => a.caseId === item.id && a.status !== 'Cancelled' && new Date(a.startTime).getTime() >= now)
    .sort((a, b) => a.startTime.localeCompare(b.startTime))[0];
  const openTasks = tasks.data?.items.filter((t) => t.status === 'open') ?? [];
  const more = (tab: string, label: string) => (
    <Button variant="link" size="sm" className="h-auto p-0" onClick={() => onOpenTab(tab)}>
      {label}
    </Button>
  );

  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
      <Card className="gap-3 py-4">
        <CardHeader className="px-4">
          <CardTitle asHeading="h2" className="text-base">
            Details
          </CardTitle>
        </CardHeader>
        <CardContent className="px-4">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label={`${words.Case} type`}>{item.caseType}</Field>
            <Field label="Priority">
              <StatusBadge value={item.priority} />
            </Field>
            <Field label="Status">
              <StatusBadge value={item.status} />
            </Field>
            {healthcare && <Field label="Department">{item.department ?? none}</Field>}
            <Field label={words.nextDate}>{formatSaDateTime(item.scheduledDate)}</Field>
            <Field label={dates.admissionDate}>{formatDate(item.admissionDate, 'Not set')}</Field>
            <Field label={dates.estimatedDischarge}>{formatDate(item.estimatedDischarge, 'Not set')}</Field>
            {healthcare && <Field label="Bed">{item.bedNumber ?? 'No bed assigned'}</Field>}
            <Field label="Created">{formatDateTime(item.createdAt)}</Field>
            {item.completedAt && <Field label="Completed">{formatDateTime(item.completedAt)}</Field>}
            {item.description !== undefined && (
              <Field label="Description" wide>
                {item.description ?? none}
              </Field>
            )}
            <Field label={healthcare ? 'Treatment plan' : 'Plan of action'} wide>
              {item.treatmentPlan ?? none}
            </Field>
            {item.notes !== undefined && (
              <Field label="Notes" wide>
                {item.notes ?? none}
              </Field>
            )}
          </dl>
        </CardContent>
      </Card>

      <div className="grid content-start gap-4">
        <Panel title="Team" action={caseFile ? more('team', 'Manage') : undefined}>
          {caseFile ? (
            team.isPending ? (
              <p className="text-muted-foreground">Loading…</p>
            ) : team.isError ? (
              <p className="text-destructive">{errorMessage(team.error)}</p>
            ) : team.data.members.length === 0 ? (
              <p className="text-muted-foreground">Nobody is on this case's team yet.</p>
            ) : (
              <ul className="grid gap-1.5">
                {team.data.members.map((m) => (
                  <li key={`${m.userId}-${m.roleOnCase}`}>
                    <span className="font-medium">{m.name}</span> <span className="text-muted-foreground">· {m.roleLabel}</span>
                  </li>
                ))}
              </ul>
            )
          ) : (
            <SlotTeam item={item} />
          )}
        </Panel>
        {caseFile && (
          <Panel title="Open tasks" action={more('tasks', 'All tasks')}>
            {tasks.isPending ? (
              <p className="text-muted-foreground">Loading…</p>
            ) : tasks.isError ? (
              <p className="text-destructive">{errorMessage(tasks.error)}</p>
            ) : openTasks.length === 0 ? (
              <p className="text-muted-foreground">No open tasks.</p>
            ) : (
              <>
                <p className="mb-2 text-muted-foreground">{pluralise(openTasks.length, 'open task')}</p>
                <ul className="grid gap-1.5">
                  {openTasks.slice(0, 5).map((t) => (
                    <li key={t.id} className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <span className="font-medium">{t.title}</span>
                      <span className={t.overdue ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}>
                        {t.overdue ? 'Overdue · ' : ''}
                        {t.dueDate ? `due ${formatCalendarDay(t.dueDate)}` : 'no due date'}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Panel>
        )}
        {caseFile && can(identity, 'appointments.view') && (
          <Panel title="Next appointment" action={more('appointments', 'All')}>
            {schedule.isPending ? (
              <p className="text-muted-foreground">Loading…</p>
            ) : schedule.isError ? (
              <p className="text-destructive">{errorMessage(schedule.error)}</p>
            ) : next ? (
              <p>
                <span className="font-medium">{next.title}</span>
                <br />
                <span className="text-muted-foreground">
                  {formatSaDateTime(next.startTime)}
                  {next.location ? ` · ${next.location}` : ''}
                </span>
              </p>
            ) : (
              <p className="text-muted-foreground">No appointment booked.</p>
            )}
          </Panel>
        )}
      </div>
    </div>
  );
}

/** Without the case file (Finance, Ambulance) the three §3.2 slots are what the case itself says. */
function SlotTeam({ item }: { item: TCase }) {
  const labels = PLATFORM_CONFIG[useIdentity().platform].teamLabels;
  const rows = [
    [labels.doctor, item.assignedDoctor],
    [labels.nurse, item.assignedNurse],
    [labels.caseManager, item.caseManager],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  if (rows.length === 0) return <p className="text-muted-foreground">Nobody is assigned yet.</p>;
  return (
    <ul className="grid gap-1.5">
      {rows.map(([role, name]) => (
        <li key={role}>
          <span className="font-medium">{name}</span> <span className="text-muted-foreground">· {role}</span>
        </li>
      ))}
    </ul>
  );
}
