import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TPortalAppointment, TPortalCase } from '../../../shared/domain/portal';
import { StatusBadge } from '../../components/data/status-badge';
import { ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { useTRPC } from '../../trpc';
import { AppointmentItem } from './appointments-tab';
import { MessageItem } from './messages-list';
import { formatDate } from '../../../shared/format';
import { Detail } from './portal-format';
import { ResultItem } from './test-results-tab';

// SPEC §2.13 Overview: the patient's case at a glance, then the first 2 appointments, the first 2
// messages and the first 3 results, each with a way to the rest.

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `overview-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid content-start gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function CareSummary({ kase }: { kase: TPortalCase }) {
  return (
    <section aria-labelledby="overview-care" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="overview-care" className="text-base font-semibold">
          Your care: {kase.caseType}
        </h2>
        <StatusBadge value={kase.status} />
      </div>
      <div className="grid gap-1">
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>Progress</span>
          <span>{kase.progressPercentage}%</span>
        </div>
        <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label="Treatment progress" aria-valuenow={kase.progressPercentage} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-full rounded-full bg-primary" style={{ width: `${kase.progressPercentage}%` }} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Detail label="Doctor" value={kase.assignedDoctor} />
        <Detail label="Nurse" value={kase.assignedNurse} />
        <Detail label="Case manager" value={kase.caseManager} />
        <Detail label="Admitted" value={formatDate(kase.admissionDate, 'Not set')} />
        <Detail label="Expected discharge" value={formatDate(kase.estimatedDischarge, 'Not set')} />
        <Detail label="Bed" value={kase.bedNumber} />
      </dl>
      {kase.treatmentPlan && (
        <p className="text-sm">
          <span className="font-medium">Treatment plan: </span>
          {kase.treatmentPlan}
        </p>
      )}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

export function OverviewTab({
  cases,
  onShowTab,
  onReschedule,
  onMessage,
}: {
  cases: readonly TPortalCase[];
  onShowTab: (tab: 'appointments' | 'results') => void;
  onReschedule: (a: TPortalAppointment) => void;
  onMessage?: () => void;
}) {
  const trpc = useTRPC();
  const appointments = useQuery(trpc.portal.appointments.queryOptions());
  const messages = useQuery(trpc.portal.messages.queryOptions());
  const results = useQuery(trpc.portal.testResults.queryOptions());

  return (
    <div className="grid gap-6">
      {cases.map((kase) => (
        <CareSummary key={kase.id} kase={kase} />
      ))}
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Upcoming appointments" action={<Button variant="link" size="sm" onClick={() => onShowTab('appointments')}>All appointments</Button>}>
          {appointments.isPending ? (
            <ListSkeleton rows={2} label="Loading appointments" />
          ) : appointments.isError ? (
            <ErrorState title="Could not load your appointments" error={appointments.error} />
          ) : appointments.data.length === 0 ? (
            <Empty>No appointments yet.</Empty>
          ) : (
            <ul className="grid gap-3">
              {appointments.data.slice(0, 2).map((a) => (
                <AppointmentItem key={a.id} appointment={a} onReschedule={onReschedule} />
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Messages" action={onMessage && <Button variant="link" size="sm" onClick={onMessage}>New message</Button>}>
          {messages.isPending ? (
            <ListSkeleton rows={2} label="Loading messages" />
          ) : messages.isError ? (
            <ErrorState title="Could not load your messages" error={messages.error} />
          ) : messages.data.length === 0 ? (
            <Empty>No messages yet. Your care team's replies show here.</Empty>
          ) : (
            <ul className="grid gap-3" aria-label="Your messages">
              {messages.data.slice(0, 2).map((m) => (
                <MessageItem key={m.id} message={m} />
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <Panel title="Recent test results" action={<Button variant="link" size="sm" onClick={() => onShowTab('results')}>All results</Button>}>
        {results.isPending ? (
          <ListSkeleton rows={3} label="Loading test results" />
        ) : results.isError ? (
          <ErrorState title="Could not load your test results" error={results.error} />
        ) : results.data.length === 0 ? (
          <Empty>No test results yet.</Empty>
        ) : (
          <ul className="grid gap-3">
            {results.data.slice(0, 3).map((r) => (
              <ResultItem key={r.id} result={r} />
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
