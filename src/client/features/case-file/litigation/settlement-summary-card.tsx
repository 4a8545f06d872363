import { Gavel, Handshake } from 'lucide-react';
import { SETTLEMENT_KIND_LABELS, SETTLEMENT_STATUS_LABELS, type TSettlementEvent } from '../../../../shared/domain/settlements';
import { formatCalendarDay, formatZar } from '../../../../shared/format';
import { Card, CardContent } from '../../../components/ui/card';
import { summarise } from './settlement-summary';

// Where the negotiation stands: each side's latest figure, the gap, or how the matter ended.

function Figure({ label, event }: { label: string; event: TSettlementEvent | null }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{event ? formatZar(event.amountCents) : '—'}</dd>
      <dd className="text-xs text-muted-foreground">{event ? `${SETTLEMENT_KIND_LABELS[event.kind]} · ${formatCalendarDay(event.date)} · ${SETTLEMENT_STATUS_LABELS[event.status]}` : 'No figure yet'}</dd>
    </div>
  );
}

export function SettlementSummaryCard({ events }: { events: readonly TSettlementEvent[] }) {
  const s = summarise(events);
  return (
    <Card className="gap-3 py-4">
      <CardContent className="grid gap-4">
        {s.outcome && (
          <p className="flex items-start gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
            {s.outcome.how === 'settled' ? <Handshake className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : <Gavel className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
            <span>
              {s.outcome.how === 'settled' ? 'Settled' : 'Decided by court order'}: <strong className="tabular-nums">{formatZar(s.outcome.event.amountCents)}</strong> (
              {SETTLEMENT_KIND_LABELS[s.outcome.event.kind].toLowerCase()}, {formatCalendarDay(s.outcome.event.date)}).
            </span>
          </p>
        )}
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure label="Our latest figure" event={s.ours} />
          <Figure label="Opposing side’s latest figure" event={s.opposing} />
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-muted-foreground">Gap</dt>
            <dd className="text-lg font-semibold tabular-nums">{s.gapCents === null ? '—' : formatZar(Math.abs(s.gapCents))}</dd>
            <dd className="text-xs text-muted-foreground">
              {s.gapCents === null ? 'Needs a figure from each side' : s.gapCents === 0 ? 'The figures meet' : s.gapCents > 0 ? 'The opposing side’s figure is higher' : 'Our figure is higher'}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
