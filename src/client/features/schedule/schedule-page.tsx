import { useQuery } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import { type TScheduleItem, isHearing } from '../../../shared/domain/appointments';
import { can } from '../../../shared/roles';
import { formatSaDateTime, formatSaTime } from '../../../shared/format';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';
import { CaseLink } from '../../components/cases/case-link';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { AppointmentStatusSelect } from './appointment-status-select';
import { CreateAppointmentDialog } from '../../components/appointments/create-appointment-dialog';
import { UpcomingList } from './upcoming-list';
import { ScheduleCalendar } from './calendar/schedule-calendar';

function columnsFor(canManage: boolean): Column<TScheduleItem>[] {
  return [
    {
      header: 'Appointment',
      cell: (row) => (
        <div className="grid gap-0.5">
          <span className="font-medium">{row.title}</span>
          {/* Phones have no room for the When column: the time sits under the title instead. */}
          <span className="text-xs sm:hidden">
            {formatSaDateTime(row.startTime)} – {formatSaTime(row.endTime)}
          </span>
          {row.description && <span className="line-clamp-2 max-w-64 text-xs text-muted-foreground">{row.description}</span>}
          {row.caseId && (
            <CaseLink caseId={row.caseId} tab={isHearing(row) ? 'court' : 'appointments'} className="w-fit text-xs">
              Open the case
            </CaseLink>
          )}
        </div>
      ),
    },
    {
      header: 'Type',
      cell: (row) => row.appointmentType,
      className: 'hidden md:table-cell',
    },
    {
      header: 'When',
      cell: (row) => (
        <span className="whitespace-nowrap">
          {formatSaDateTime(row.startTime)} – {formatSaTime(row.endTime)}
        </span>
      ),
      className: 'hidden sm:table-cell',
    },
    {
      header: 'Location',
      cell: (row) => row.location ?? '—',
      className: 'hidden text-muted-foreground md:table-cell',
    },
    {
      header: 'Status',
      // A court hearing (issue 20) is changed on its case's Court tab, not here.
      cell: (row) =>
        canManage && row.appointmentType !== 'Hearing' ? <AppointmentStatusSelect item={{ ...row, appointmentType: row.appointmentType }} /> : <StatusBadge value={row.status} />,
    },
  ];
}

/**
 * SPEC §2.10 /schedule: every appointment of the organisation by start time, and the next five beside
 * them; issue 21: the calendar (day, week, month, and the day by person) between the two.
 */
export function SchedulePage() {
  const identity = useIdentity();
  const trpc = useTRPC();
  const appointments = useQuery(trpc.appointments.list.queryOptions());
  const canManage = can(identity, 'appointments.manage');
  return (
    <AppPage
      title="Schedule"
      description="Appointments, consultations and meetings of your team, in South African time"
      actions={canManage ? <CreateAppointmentDialog /> : undefined}
    >
      {/* The next five first: what staff act on today; the full list below it, at full width. */}
      <UpcomingList />
      <ScheduleCalendar allItems={appointments.data} />
      <section aria-labelledby="appointments-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="appointments-heading" className="text-lg font-semibold">
          Appointments
        </h2>
        {appointments.isPending ? (
          <ListSkeleton label="Loading appointments" />
        ) : appointments.isError ? (
          <ErrorState title="Could not load appointments" error={appointments.error} onRetry={() => void appointments.refetch()} />
        ) : appointments.data.length === 0 ? (
          <EmptyState icon={CalendarX} title="No appointments">
            Booked consultations, follow-ups and meetings appear here.
          </EmptyState>
        ) : (
          <SimpleTable caption="Appointments" columns={columnsFor(canManage)} rows={appointments.data} rowKey={(row) => row.id} />
        )}
      </section>
    </AppPage>
  );
}
