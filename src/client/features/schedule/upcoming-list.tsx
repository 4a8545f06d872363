import { useQuery } from '@tanstack/react-query';
import { Clock, MapPin } from 'lucide-react';
import { UPCOMING_APPOINTMENTS_LIMIT } from '../../../shared/domain/appointments';
import { formatSaDateTime, formatSaTime } from '../../../shared/format';
import { StatusBadge } from '../../components/data/status-badge';
import { ErrorState } from '../../components/shell/data-states';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useTRPC } from '../../trpc';

/** SPEC §2.10, §9: the next appointments still to happen, at most 5. */
export function UpcomingList() {
  const trpc = useTRPC();
  const upcoming = useQuery(trpc.appointments.upcoming.queryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Upcoming</CardTitle>
      </CardHeader>
      <CardContent>
        {upcoming.isPending ? (
          <div aria-busy="true" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            <span className="sr-only">Loading upcoming appointments…</span>
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-12 w-full" />
            ))}
          </div>
        ) : upcoming.isError ? (
          <ErrorState title="Could not load upcoming appointments" error={upcoming.error} onRetry={() => void upcoming.refetch()} />
        ) : upcoming.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No upcoming appointments.</p>
        ) : (
          <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Upcoming appointments">
            {upcoming.data.slice(0, UPCOMING_APPOINTMENTS_LIMIT).map((item) => (
              <li key={item.id} className="grid gap-1 rounded-lg border p-3">
                <div className="flex items-start justify-between gap-2">
                  <span className="font-medium">{item.title}</span>
                  <StatusBadge value={item.status} />
                </div>
                <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Clock className="size-3.5" aria-hidden="true" />
                  {formatSaDateTime(item.startTime)} – {formatSaTime(item.endTime)}
                </span>
                {item.location && (
                  <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <MapPin className="size-3.5" aria-hidden="true" />
                    {item.location}
                  </span>
                )}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
