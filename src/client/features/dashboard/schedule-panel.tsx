import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../shared/format';
import { useTRPC } from '../../trpc';
import { DashboardPanel, PanelEmpty, PanelQuery } from './dashboard-panel';

/** The organisation's next appointments (at most 5, SPEC §2.10); 'Court Schedule' on legal platforms. */
export function SchedulePanel({ title }: { title: string }) {
  const trpc = useTRPC();
  const upcoming = useQuery(trpc.appointments.upcoming.queryOptions());
  return (
    <DashboardPanel title={title} description="The next appointments still to happen" link={{ to: '/schedule', label: 'Schedule' }}>
      <PanelQuery query={upcoming} what="appointments">
        {(rows) =>
          rows.length === 0 ? (
            <PanelEmpty>No appointments</PanelEmpty>
          ) : (
            <ul className="divide-y" aria-label={title}>
              {rows.map((appointment) => (
                <li key={appointment.id} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{appointment.title}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {formatDateTime(appointment.startTime)}
                      {appointment.location ? ` · ${appointment.location}` : ''}
                    </p>
                  </div>
                  <span className="shrink-0 text-xs text-muted-foreground">{appointment.appointmentType}</span>
                </li>
              ))}
            </ul>
          )
        }
      </PanelQuery>
    </DashboardPanel>
  );
}
