import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import type { TCaseCostSummary } from '../../../shared/domain/costs';
import { useWords } from '../../lib/words';
import { formatDateTime, formatZar } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../components/shell/data-states';
import { useTRPC } from '../../trpc';
import { LoadingText } from './loading-text';

/** SPEC §2.12 'Detailed Cost Breakdown': the time entries of one case, each priced at its rate. */
export function CostBreakdownDialog({ summary, onClose }: { summary: TCaseCostSummary | null; onClose: () => void }) {
  const words = useWords();
  const trpc = useTRPC();
  // SPEC §7.3: the details are asked for only once a case is selected.
  const details = useQuery({ ...trpc.costs.caseDetails.queryOptions({ caseId: summary?.caseId ?? '' }), enabled: summary !== null });

  return (
    <Dialog open={summary !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Detailed Cost Breakdown</DialogTitle>
          <DialogDescription>
            {summary?.patientName} · {summary?.caseType}
          </DialogDescription>
        </DialogHeader>
        {details.isPending ? (
          <LoadingText />
        ) : details.isError ? (
          <ErrorState title="Could not load the time entries" error={details.error} onRetry={() => void details.refetch()} />
        ) : details.data.length === 0 ? (
          <EmptyState icon={Clock} title="No time entries recorded for this case yet" />
        ) : (
          <ul className="grid gap-2" aria-label="Time entries">
            {details.data.map((entry) => (
              <li key={entry.id} className="grid gap-1 rounded-lg border p-3 text-sm" data-testid="time-entry">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex items-center gap-2">
                    <Badge variant="secondary">{entry.role}</Badge>
                    <span className="font-medium">{entry.userName}</span>
                  </div>
                  <span className="font-semibold tabular-nums">{formatZar(entry.totalCostCents)}</span>
                </div>
                <p>{entry.description || words.defaultWork}</p>
                <p className="text-muted-foreground">
                  {formatDateTime(entry.startTime)} – {entry.endTime ? formatDateTime(entry.endTime) : 'Ongoing'}
                  {' · '}
                  {(entry.hours ?? 0).toFixed(1)} hours at {formatZar(entry.hourlyRateCents)}/hour
                </p>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
