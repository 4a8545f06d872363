import { z } from 'zod';
import { optionalText } from './cases';
import { ZExpectedVersion, zCents, zDay, zOptionalCents } from './litigation-common';

// The settlement log of a case (issue 20): offers, counter-offers, tenders, mediation outcomes and
// court orders, each dated, from a side, with an amount and the heads of damages. Append-only; only
// an event's status moves (accepted, rejected …). The dashboards' settlement rate is computed from it.
// GET/POST /api/patient-cases/{id}/settlement-events.

export const SETTLEMENT_KINDS = ['offer', 'counter-offer', 'tender', 'mediation', 'court-order'] as const;
export const ZSettlementKind = z.enum(SETTLEMENT_KINDS, { error: `Kind must be one of ${SETTLEMENT_KINDS.join(', ')}` });
export type TSettlementKind = z.infer<typeof ZSettlementKind>;
export const SETTLEMENT_KIND_LABELS: Record<TSettlementKind, string> = {
  offer: 'Offer', 'counter-offer': 'Counter-offer', tender: 'Tender', mediation: 'Mediation outcome', 'court-order': 'Court order',
};

/** Who made it: our side, the opposing side, or the court (an order) / a mediator. */
export const SETTLEMENT_SIDES = ['ours', 'opposing', 'court', 'mediator'] as const;
export const ZSettlementSide = z.enum(SETTLEMENT_SIDES, { error: `From must be one of ${SETTLEMENT_SIDES.join(', ')}` });
export type TSettlementSide = z.infer<typeof ZSettlementSide>;

export const SETTLEMENT_STATUSES = ['open', 'accepted', 'rejected', 'lapsed', 'withdrawn', 'final'] as const;
export const ZSettlementStatus = z.enum(SETTLEMENT_STATUSES, { error: `Status must be one of ${SETTLEMENT_STATUSES.join(', ')}` });
export type TSettlementStatus = z.infer<typeof ZSettlementStatus>;

/** Heads of damages in a delictual claim, in cents. */
export const DAMAGES_HEADS = ['pastMedical', 'futureMedical', 'lossOfEarnings', 'generalDamages'] as const;
export type TDamagesHead = (typeof DAMAGES_HEADS)[number];
export const DAMAGES_HEAD_LABELS: Record<TDamagesHead, string> = {
  pastMedical: 'Past medical expenses', futureMedical: 'Future medical expenses', lossOfEarnings: 'Loss of earnings', generalDamages: 'General damages',
};
export const ZDamagesHeads = z.object(
  Object.fromEntries(DAMAGES_HEADS.map((h) => [h, zOptionalCents(DAMAGES_HEAD_LABELS[h]).optional()])) as Record<TDamagesHead, z.ZodOptional<ReturnType<typeof zOptionalCents>>>,
);

export const ZCreateSettlementEventInput = z.object({
  id: z.string().trim().min(1).max(64),
  kind: ZSettlementKind,
  date: zDay('Date'),
  fromSide: ZSettlementSide,
  amountCents: zCents('Amount'),
  heads: ZDamagesHeads.optional(),
  /** A court order is final when made; others start open. */
  status: ZSettlementStatus.optional(),
  note: optionalText(2000),
});
export type TCreateSettlementEventInput = z.infer<typeof ZCreateSettlementEventInput>;

export const ZUpdateSettlementStatusInput = z.object({ id: z.string().trim().min(1).max(64), status: ZSettlementStatus, expectedVersion: ZExpectedVersion });

export const ZSettlementEvent = z.object({
  id: z.string(),
  caseId: z.string(),
  kind: ZSettlementKind,
  date: z.string(),
  fromSide: ZSettlementSide,
  amountCents: z.number(),
  heads: z.record(z.string(), z.number()),
  status: ZSettlementStatus,
  note: z.string().nullable(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type TSettlementEvent = z.infer<typeof ZSettlementEvent>;
export const ZSettlementEventList = z.object({ items: z.array(ZSettlementEvent) });
