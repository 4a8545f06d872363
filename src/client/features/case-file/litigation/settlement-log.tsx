import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, MoreHorizontal, X } from 'lucide-react';
import {
  DAMAGES_HEAD_LABELS,
  DAMAGES_HEADS,
  SETTLEMENT_KIND_LABELS,
  SETTLEMENT_SIDE_LABELS,
  SETTLEMENT_STATUS_LABELS,
  type TSettlementEvent,
  type TSettlementStatus,
} from '../../../../shared/domain/settlements';
import { formatCalendarDay, formatDate, formatZar } from '../../../../shared/format';
import { StaleRecordAlert } from '../../../components/forms/stale-record-alert';
import { errorMessage } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { conflictCurrent } from '../case-errors';

// The log as a dated list, newest first. An open offer, counter-offer, tender or mediation outcome
// can be accepted or rejected (or marked lapsed / withdrawn); the event's figures never change.

const STATUS_VARIANT: Record<TSettlementStatus, 'default' | 'secondary' | 'outline' | 'destructive' | 'accent'> = {
  open: 'accent', accepted: 'default', final: 'default', rejected: 'outline', lapsed: 'secondary', withdrawn: 'secondary',
};

export function useInvalidateSettlements() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.settlements.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
    // The settlement rate and the Settlements panel are computed from the log.
    void queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() });
  };
}

function Heads({ heads }: { heads: Record<string, number> }) {
  const listed = DAMAGES_HEADS.filter((h) => heads[h] != null);
  if (listed.length === 0) return null;
  return (
    <dl className="grid max-w-2xl gap-x-6 gap-y-0.5 text-xs sm:grid-cols-2">
      {listed.map((h) => (
        <div key={h} className="flex justify-between gap-2">
          <dt className="text-muted-foreground">{DAMAGES_HEAD_LABELS[h]}</dt>
          <dd className="tabular-nums">{formatZar(heads[h]!)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SettlementLog({ events, mayWrite }: { events: readonly TSettlementEvent[]; mayWrite: boolean }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSettlements();
  const update = useMutation(trpc.settlements.updateStatus.mutationOptions());
  const [stale, setStale] = useState(false);
  const newestFirst = [...events].sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt));

  const move = async (event: TSettlementEvent, status: TSettlementStatus) => {
    try {
      await update.mutateAsync({ id: event.id, status, expectedVersion: event.version });
      invalidate();
      toast({ title: `${SETTLEMENT_KIND_LABELS[event.kind]} ${SETTLEMENT_STATUS_LABELS[status].toLowerCase()}`, description: `${formatZar(event.amountCents)} of ${formatCalendarDay(event.date)}` });
    } catch (error) {
      if (conflictCurrent<TSettlementEvent>(error)) return setStale(true);
      toast({ title: 'Could not change the status', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-3">
      {stale && (
        <StaleRecordAlert
          what="This settlement event"
          onReload={() => {
            invalidate();
            setStale(false);
          }}
        />
      )}
      <ol aria-label="Settlement events, newest first" className="grid gap-2">
        {newestFirst.map((e) => (
          <li key={e.id} className="grid gap-2 rounded-lg border bg-card p-3 sm:grid-cols-[7.5rem_1fr_auto] sm:items-start sm:gap-4">
            <time dateTime={e.date} className="text-sm font-medium tabular-nums">
              {formatCalendarDay(e.date)}
            </time>
            <div className="grid min-w-0 gap-1.5">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium">{SETTLEMENT_KIND_LABELS[e.kind]}</span>
                <span className="text-sm text-muted-foreground">from {SETTLEMENT_SIDE_LABELS[e.fromSide].toLowerCase()}</span>
                <Badge variant={STATUS_VARIANT[e.status]}>{SETTLEMENT_STATUS_LABELS[e.status]}</Badge>
              </p>
              <p className="text-lg font-semibold tabular-nums">{formatZar(e.amountCents)}</p>
              <Heads heads={e.heads} />
              {e.note && <p className="text-sm whitespace-pre-wrap text-muted-foreground">{e.note}</p>}
              <p className="text-xs text-muted-foreground">
                Logged {formatDate(e.createdAt)}
                {e.recordedByName ? ` by ${e.recordedByName}` : ''}
              </p>
            </div>
            {mayWrite && e.status === 'open' && (
              <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                <Button size="sm" disabled={update.isPending} onClick={() => void move(e, 'accepted')} aria-label={`Accept the ${SETTLEMENT_KIND_LABELS[e.kind].toLowerCase()} of ${formatZar(e.amountCents)}`}>
                  <Check aria-hidden="true" /> Accept
                </Button>
                <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => void move(e, 'rejected')} aria-label={`Reject the ${SETTLEMENT_KIND_LABELS[e.kind].toLowerCase()} of ${formatZar(e.amountCents)}`}>
                  <X aria-hidden="true" /> Reject
                </Button>
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button size="icon" variant="ghost" className="size-8" aria-label="More statuses" disabled={update.isPending}>
                      <MoreHorizontal aria-hidden="true" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => void move(e, 'lapsed')}>Mark lapsed</DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => void move(e, 'withdrawn')}>Mark withdrawn</DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
