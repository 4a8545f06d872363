import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CalendarX2, MapPin } from 'lucide-react';
import type { TPortalAppointment } from '../../../shared/domain/portal';
import { StatusBadge } from '../../components/data/status-badge';
import { formatSaDateTime } from '../../../shared/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { useTRPC } from '../../trpc';

// SPEC §2.13 Appointments: the visits of the patient's own case, upcoming first, each still ahead
// with a Reschedule button that asks the care team to move it.

export function AppointmentItem({ appointment, onReschedule }: { appointment: TPortalAppointment; onReschedule?: (a: TPortalAppointment) => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold">{appointment.title}</h3>
          <StatusBadge value={appointment.status} />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          {formatSaDateTime(appointment.startTime)} · {appointment.appointmentType}
        </p>
        {appointment.location && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {appointment.location}
          </p>
        )}
        {appointment.description && <p className="text-sm">{appointment.description}</p>}
      </div>
      {onReschedule && appointment.canReschedule && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => onReschedule(appointment)} aria-label={`Reschedule ${appointment.title}`}>
          Reschedule
        </Button>
      )}
    </li>
  );
}

export function AppointmentsTab({ onReschedule, onBook }: { onReschedule: (a: TPortalAppointment) => void; onBook?: () => void }) {
  const trpc = useTRPC();
  const appointments = useQuery(trpc.portal.appointments.queryOptions());
  if (appointments.isPending) return <ListSkeleton rows={3} label="Loading appointments" />;
  if (appointments.isError) return <ErrorState title="Could not load your appointments" error={appointments.error} onRetry={() => void appointments.refetch()} />;
  if (appointments.data.length === 0) {
    return (
      <EmptyState icon={CalendarX2} title="No appointments" action={onBook && <Button onClick={onBook}>Book Appointment</Button>}>
        Nothing is booked for your care yet.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Your appointments">
      {appointments.data.map((a) => (
        <AppointmentItem key={a.id} appointment={a} onReschedule={onReschedule} />
      ))}
    </ul>
  );
}
