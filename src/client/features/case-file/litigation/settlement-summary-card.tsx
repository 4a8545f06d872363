import { Gavel, Handshake } from 'lucide-react';
import { SETTLEMENT_KIND_LABELS, SETTLEMENT_STATUS_LABELS, type TSettlementEvent } from '../../../../shared/domain/settlements';
import { formatCalendarDay, formatZar } from '../../../../shared/format';
import { Card, CardContent } from '../../../components/ui/card';
import { type SettlementClaim, summarise } from './settlement-summary';

// Where the negotiation stands: each side's latest figure, the gap, or how the matter ended. Issue
// 32: it starts from the claim on the court matter — the claimant's figure until they table one.

function Figure({ label, event, claimCents }: { label: string; event: TSettlementEvent | null; claimCents?: number | null }) {
  const fromClaim = !event && claimCents !== undefined && claimCents !== null;
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{event ? formatZar(event.amountCents) : fromClaim ? formatZar(claimCents) : '—'}</dd>
      <dd className="text-xs text-muted-foreground">
        {event ? `${SETTLEMENT_KIND_LABELS[event.kind]} · ${formatCalendarDay(event.date)} · ${SETTLEMENT_STATUS_LABELS[event.status]}` : fromClaim ? 'The claim on the court matter' : 'No figure yet'}
      </dd>
    </div>
  );
}

export function SettlementSummaryCard({ events, claim = null }: { events: readonly TSettlementEvent[]; claim?: SettlementClaim | null }) {
  const s = summarise(events, claim);
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
          <Figure label="Our latest figure" event={s.ours} claimCents={s.claimStandsFor === 'ours' ? s.claim?.cents : undefined} />
          <Figure label="Opposing side’s latest figure" event={s.opposing} claimCents={s.claimStandsFor === 'opposing' ? s.claim?.cents : undefined} />
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-muted-foreground">Gap</dt>
            <dd className="text-lg font-semibold tabular-nums">{s.gapCents === null ? '—' : formatZar(Math.abs(s.gapCents))}</dd>
            <dd className="text-xs text-muted-foreground">
              {s.gapCents === null ? (s.claim ? 'Needs a figure from the other side' : 'Needs a figure from each side') : s.gapCents === 0 ? 'The figures meet' : s.gapCents > 0 ? 'The opposing side’s figure is higher' : 'Our figure is higher'}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
