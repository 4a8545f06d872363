import { isSettlement, isStandingCourtOrder, NEGOTIATION_KINDS } from '../../../../shared/domain/settlement-figures';
import type { TSettlementEvent } from '../../../../shared/domain/settlements';

// Where the negotiation stands on one case: each side's latest figure on the table, the gap between
// them, and — once the matter is concluded — how (the same rule as the dashboards' settlement rate:
// an accepted settlement wins over a court order, e.g. one made an order of court by consent).

export interface SettlementSummary {
  ours: TSettlementEvent | null;
  opposing: TSettlementEvent | null;
  /** Opposing minus ours, when both sides have a figure on the table. */
  gapCents: number | null;
  outcome: { how: 'settled' | 'ordered'; event: TSettlementEvent } | null;
}

const later = (a: TSettlementEvent, b: TSettlementEvent) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt);
const latest = (events: TSettlementEvent[]) => events.reduce<TSettlementEvent | null>((best, e) => (!best || later(e, best) > 0 ? e : best), null);

export function summarise(events: readonly TSettlementEvent[]): SettlementSummary {
  const tabled = events.filter((e) => NEGOTIATION_KINDS.includes(e.kind) && e.status !== 'withdrawn');
  const ours = latest(tabled.filter((e) => e.fromSide === 'ours'));
  const opposing = latest(tabled.filter((e) => e.fromSide === 'opposing'));
  const settled = latest(events.filter(isSettlement));
  const ordered = latest(events.filter(isStandingCourtOrder));
  return {
    ours,
    opposing,
    gapCents: ours && opposing ? opposing.amountCents - ours.amountCents : null,
    outcome: settled ? { how: 'settled', event: settled } : ordered ? { how: 'ordered', event: ordered } : null,
  };
}
