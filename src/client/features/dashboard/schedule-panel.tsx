import { useQuery } from '@tanstack/react-query';
import { Gavel } from 'lucide-react';
import { isHearing } from '../../../shared/domain/appointments';
import { formatDateTime } from '../../../shared/format';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { CaseLink } from '../../components/cases/case-link';
import { DashboardPanel, PanelEmpty, PanelQuery } from './dashboard-panel';

/**
 * The organisation's next appointments (at most 5, SPEC §2.10); 'Court Schedule' on legal platforms,
 * where the court hearings of the cases (issue 20) come in the same list, marked and linked to the
 * case's Court tab.
 */
export function SchedulePanel({ title }: { title: string }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const courts = PLATFORM_CONFIG[identity.platform].features.courtCases;
  const upcoming = useQuery(trpc.appointments.upcoming.queryOptions());
  return (
    <DashboardPanel
      title={title}
      description={courts ? 'The next hearings and appointments still to happen' : 'The next appointments still to happen'}
      link={{ to: '/schedule', label: 'Schedule' }}
    >
      <PanelQuery query={upcoming} what="appointments">
        {(rows) =>
          rows.length === 0 ? (
            <PanelEmpty>{courts ? 'No hearings or appointments coming up' : 'No appointments'}</PanelEmpty>
          ) : (
            <ul className="divide-y" aria-label={title}>
              {rows.map((appointment) => (
                <li key={appointment.id} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">
                      {isHearing(appointment) && appointment.caseId ? (
                        <CaseLink caseId={appointment.caseId} tab="court" className="text-foreground">
                          {appointment.title}
                        </CaseLink>
                      ) : (
                        appointment.title
                      )}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      {formatDateTime(appointment.startTime)}
                      {appointment.location ? ` · ${appointment.location}` : ''}
                    </p>
                  </div>
                  {isHearing(appointment) ? (
                    <span className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-primary">
                      <Gavel className="size-3.5" aria-hidden="true" />
                      Hearing
                    </span>
                  ) : (
                    <span className="shrink-0 text-xs text-muted-foreground">{appointment.appointmentType}</span>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </PanelQuery>
    </DashboardPanel>
  );
}
