import { z } from 'zod';
import { ZSettlementKind, ZSettlementSide, ZSettlementStatus, type TSettlementKind, type TSettlementStatus } from './settlements';

// The settlement figures of the dashboards (issue 20, SPEC §3.6), computed from the settlement log.
//
// Settlement rate — of the organisation's matters whose settlement log has reached an outcome, the
// share (a whole percentage) that ended by settlement rather than by a court order:
//   - a settlement is an offer, counter-offer or tender that was accepted, or a mediation outcome the
//     parties accepted;
//   - a court order counts when it stands (status final); one rescinded or set aside (withdrawn) does not.
// Each matter counts once. A matter with both (a settlement made an order of court by consent, or
// merits settled and quantum ordered) counts as settled: the parties ended the dispute themselves.
// Matters still negotiating (only open, rejected, lapsed or withdrawn events) are not in the rate
// either way. No concluded matter → null ("—"). We count matters with an outcome in the log rather
// than only those with a court matter on file: a claim settled after the letter of demand, before
// summons, is a settlement the unit achieved too.

export const SETTLEMENT_RATE_DEFINITION =
  'Of matters concluded by settlement or court order, the share settled (an accepted offer, counter-offer, tender or mediation outcome) rather than ordered by a court.';

export interface SettlementOutcomeEvent {
  caseId: string;
  kind: TSettlementKind;
  status: TSettlementStatus;
}

export const isSettlement = (e: Pick<SettlementOutcomeEvent, 'kind' | 'status'>): boolean => e.kind !== 'court-order' && e.status === 'accepted';
export const isStandingCourtOrder = (e: Pick<SettlementOutcomeEvent, 'kind' | 'status'>): boolean => e.kind === 'court-order' && e.status === 'final';

/** How many concluded matters ended each way. */
export function settlementOutcomes(events: readonly SettlementOutcomeEvent[]): { settled: number; ordered: number } {
  const settled = new Set<string>();
  const ordered = new Set<string>();
  for (const e of events) {
    if (isSettlement(e)) settled.add(e.caseId);
    else if (isStandingCourtOrder(e)) ordered.add(e.caseId);
  }
  for (const caseId of settled) ordered.delete(caseId);
  return { settled: settled.size, ordered: ordered.size };
}

/** The settlement rate as a whole percentage, or null when no matter has concluded. */
export function settlementRate(events: readonly SettlementOutcomeEvent[]): number | null {
  const { settled, ordered } = settlementOutcomes(events);
  const concluded = settled + ordered;
  return concluded === 0 ? null : Math.round((settled * 100) / concluded);
}

/** The kinds that are negotiation (not a court order): what "open offers" counts when open. */
export const NEGOTIATION_KINDS: readonly TSettlementKind[] = ['offer', 'counter-offer', 'tender', 'mediation'];

// GET /api/settlements/figures: the dashboards' Settlements panel.

export const ZSettlementFigureEvent = z.object({
  id: z.string(),
  caseId: z.string(),
  /** The client or patient the case is about. */
  caseName: z.string(),
  caseReference: z.string().nullable(),
  kind: ZSettlementKind,
  date: z.string(),
  fromSide: ZSettlementSide,
  amountCents: z.number(),
  status: ZSettlementStatus,
});
export type TSettlementFigureEvent = z.infer<typeof ZSettlementFigureEvent>;

export const ZSettlementFigures = z.object({
  /** The South African calendar year the totals are for. */
  year: z.number(),
  /** Amount of the settlements (accepted offers, counter-offers, tenders, mediation outcomes) dated this year, in cents. */
  settledCents: z.number(),
  settledCount: z.number(),
  /** Offers, counter-offers, tenders and mediation outcomes still open (any date). */
  openOffers: z.number(),
  /** Up to 5 events, the latest dated first. */
  latest: z.array(ZSettlementFigureEvent),
});
export type TSettlementFigures = z.infer<typeof ZSettlementFigures>;
