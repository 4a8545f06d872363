import { useQuery } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../shared/domain/cases';
import { can } from '../../../shared/roles';
import { formatSaDateTime, formatSaTime } from '../../../shared/format';
import { CreateAppointmentDialog } from '../../components/appointments/create-appointment-dialog';
import { StatusBadge } from '../../components/data/status-badge';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Card, CardContent } from '../../components/ui/card';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { appointmentsQuery } from './case-queries';

// The case's appointments (issue 18), soonest first, and "Book appointment" with the case preselected.

export function AppointmentsTab({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const appointments = useQuery(appointmentsQuery(trpc, item.id));
  const book = can(identity, 'appointments.manage') ? <CreateAppointmentDialog kase={{ id: item.id, name: item.patientName }} /> : null;
  const mine = (appointments.data ?? []).filter((a) => a.caseId === item.id).sort((a, b) => b.startTime.localeCompare(a.startTime));
  return (
    <div className="grid gap-4">
      {book && <div className="flex justify-end">{book}</div>}
      {appointments.isPending ? (
        <ListSkeleton rows={3} label="Loading the appointments" />
      ) : appointments.isError ? (
        <ErrorState title="Could not load the appointments" error={appointments.error} onRetry={() => void appointments.refetch()} />
      ) : mine.length === 0 ? (
        <EmptyState icon={CalendarX} title="No appointments for this case">
          {book ? 'Book a consultation, follow-up or meeting for this case.' : 'Appointments booked for this case show here.'}
        </EmptyState>
      ) : (
        <Card className="gap-2 py-3">
          <CardContent className="px-4">
            <ul className="divide-y" aria-label="Appointments of this case">
              {mine.map((a) => (
                <li key={a.id} className="flex flex-wrap items-start justify-between gap-2 py-2.5">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium break-words">{a.title}</span>
                    <span className="text-sm text-muted-foreground">
                      {formatSaDateTime(a.startTime)} – {formatSaTime(a.endTime)} · {a.appointmentType}
                      {a.location ? ` · ${a.location}` : ''}
                    </span>
                  </div>
                  <StatusBadge value={a.status} />
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
