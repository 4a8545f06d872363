import { useQuery } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import type { TAppointment } from '../../../shared/domain/appointments';
import { useTRPC } from '../../trpc';
import { formatDateTime } from '../../components/data/app-format';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';

const columns: Column<TAppointment>[] = [
  { header: 'Appointment', cell: (row) => <span className="font-medium">{row.title}</span> },
  { header: 'Type', cell: (row) => row.appointmentType },
  { header: 'Starts', cell: (row) => formatDateTime(row.startTime), className: 'whitespace-nowrap' },
  { header: 'Location', cell: (row) => row.location ?? '—', className: 'hidden text-muted-foreground md:table-cell' },
  { header: 'Status', cell: (row) => <StatusBadge value={row.status} /> },
];

/** SPEC §2.10 /schedule: the organisation's appointments by start time. */
export function SchedulePage() {
  const trpc = useTRPC();
  const appointments = useQuery(trpc.appointments.list.queryOptions());
  return (
    <AppPage title="Schedule" description="Appointments, consultations and meetings of your team">
      {appointments.isPending ? (
        <ListSkeleton label="Loading appointments" />
      ) : appointments.isError ? (
        <ErrorState title="Could not load appointments" error={appointments.error} onRetry={() => void appointments.refetch()} />
      ) : appointments.data.length === 0 ? (
        <EmptyState icon={CalendarX} title="No appointments">
          Booked consultations, follow-ups and meetings appear here.
        </EmptyState>
      ) : (
        <SimpleTable caption="Appointments" columns={columns} rows={appointments.data} rowKey={(row) => row.id} />
      )}
    </AppPage>
  );
}
