import { isSettlement, isStandingCourtOrder, NEGOTIATION_KINDS } from '../../../../shared/domain/settlement-figures';
import type { TSettlementEvent } from '../../../../shared/domain/settlements';

// Where the negotiation stands on one case: each side's latest figure on the table, the gap between
// them, and — once the matter is concluded — how (the same rule as the dashboards' settlement rate:
// an accepted settlement wins over a court order, e.g. one made an order of court by consent).
// Issue 32: the negotiation starts from the claim recorded on the court matter — until the
// claimant's side tables a figure of its own, the claim is the claimant's figure and the gap is
// counted from it (the claimant is our client on the legal platform, the other side for the State).

export interface SettlementSummary {
  ours: TSettlementEvent | null;
  opposing: TSettlementEvent | null;
  /** Opposing minus ours, when both sides have a figure on the table. */
  gapCents: number | null;
  outcome: { how: 'settled' | 'ordered'; event: TSettlementEvent } | null;
  /** The claim on the court matter, and whose it is; null when none is recorded. */
  claim: SettlementClaim | null;
  /** The side whose figure is still the claim (no figure tabled by it yet); null when both tabled or no claim. */
  claimStandsFor: 'ours' | 'opposing' | null;
}

export interface SettlementClaim {
  cents: number;
  side: 'ours' | 'opposing';
}

const later = (a: TSettlementEvent, b: TSettlementEvent) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt);
const latest = (events: TSettlementEvent[]) => events.reduce<TSettlementEvent | null>((best, e) => (!best || later(e, best) > 0 ? e : best), null);

export function summarise(events: readonly TSettlementEvent[], claim: SettlementClaim | null = null): SettlementSummary {
  const tabled = events.filter((e) => NEGOTIATION_KINDS.includes(e.kind) && e.status !== 'withdrawn');
  const ours = latest(tabled.filter((e) => e.fromSide === 'ours'));
  const opposing = latest(tabled.filter((e) => e.fromSide === 'opposing'));
  const settled = latest(events.filter(isSettlement));
  const ordered = latest(events.filter(isStandingCourtOrder));
  const claimStandsFor = claim && !(claim.side === 'ours' ? ours : opposing) ? claim.side : null;
  const oursCents = ours?.amountCents ?? (claimStandsFor === 'ours' ? claim!.cents : null);
  const opposingCents = opposing?.amountCents ?? (claimStandsFor === 'opposing' ? claim!.cents : null);
  return {
    ours,
    opposing,
    gapCents: oursCents !== null && opposingCents !== null ? opposingCents - oursCents : null,
    outcome: settled ? { how: 'settled', event: settled } : ordered ? { how: 'ordered', event: ordered } : null,
    claim,
    claimStandsFor,
  };
}
