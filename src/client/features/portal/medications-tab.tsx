import { useQuery } from '@tanstack/react-query';
import { Pill } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { useTRPC } from '../../trpc';
import { formatCalendarDay } from '../../../shared/format';
import { RecordBadge } from './portal-format';
import { routeWords } from '../../../shared/domain/clinical-results';

// SPEC §2.13 Medications: what the patient takes, active first, with how and when.

export function MedicationsTab() {
  const trpc = useTRPC();
  const medications = useQuery(trpc.portal.medications.queryOptions());
  if (medications.isPending) return <ListSkeleton rows={3} label="Loading medications" />;
  if (medications.isError) return <ErrorState title="Could not load your medications" error={medications.error} onRetry={() => void medications.refetch()} />;
  if (medications.data.length === 0) {
    return <EmptyState icon={Pill} title="No medications">Your care team has not prescribed anything yet.</EmptyState>;
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Your medications">
      {medications.data.map((m) => (
        <li key={m.id} className="grid content-start gap-2 rounded-lg border bg-card p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">
              {m.name} <span className="font-normal text-muted-foreground">· {m.dosage}</span>
            </h3>
            <RecordBadge value={m.status} />
          </div>
          <p className="text-sm font-medium">
            {m.frequency}
            {m.route ? <span className="font-normal text-muted-foreground"> · {routeWords(m.route)}</span> : null}
          </p>
          {m.instructions && <p className="text-sm text-muted-foreground">{m.instructions}</p>}
          <p className="text-xs text-muted-foreground">
            From {formatCalendarDay(m.startDate)}
            {m.endDate ? ` to ${formatCalendarDay(m.endDate)}` : ' · ongoing'}
            {m.prescribedBy ? ` · Prescribed by ${m.prescribedBy}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
