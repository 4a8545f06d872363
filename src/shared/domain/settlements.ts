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
export const SETTLEMENT_SIDE_LABELS: Record<TSettlementSide, string> = { ours: 'Our side', opposing: 'Opposing side', court: 'The court', mediator: 'Mediator' };
/** The side a kind usually comes from, as a form's first guess. */
export const usualSideOf = (kind: TSettlementKind, current: TSettlementSide): TSettlementSide =>
  kind === 'court-order' ? 'court' : kind === 'mediation' ? 'mediator' : current === 'court' || current === 'mediator' ? 'opposing' : current;

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

export const SETTLEMENT_STATUS_LABELS: Record<TSettlementStatus, string> = {
  open: 'Open', accepted: 'Accepted', rejected: 'Rejected', lapsed: 'Lapsed', withdrawn: 'Withdrawn', final: 'Final',
};

/**
 * The statuses each kind can be in. An offer, counter-offer, tender or mediation outcome is open until
 * it is accepted, rejected, lapses or is withdrawn; a court order is final when made, and "withdrawn"
 * records one rescinded or set aside. Only a court order is final.
 */
export const SETTLEMENT_STATUSES_BY_KIND: Record<TSettlementKind, readonly TSettlementStatus[]> = {
  offer: ['open', 'accepted', 'rejected', 'lapsed', 'withdrawn'],
  'counter-offer': ['open', 'accepted', 'rejected', 'lapsed', 'withdrawn'],
  tender: ['open', 'accepted', 'rejected', 'lapsed', 'withdrawn'],
  mediation: ['open', 'accepted', 'rejected', 'lapsed', 'withdrawn'],
  'court-order': ['final', 'withdrawn'],
};

/** A court order is final when made; the rest start open. */
export const defaultSettlementStatus = (kind: TSettlementKind): TSettlementStatus => (kind === 'court-order' ? 'final' : 'open');

/** Why a status does not fit the kind, or null when it does. */
export function statusRefusal(kind: TSettlementKind, status: TSettlementStatus): string | null {
  const allowed = SETTLEMENT_STATUSES_BY_KIND[kind];
  if (allowed.includes(status)) return null;
  return `A ${SETTLEMENT_KIND_LABELS[kind].toLowerCase()} cannot be ${status}; choose ${allowed.join(', ')}`;
}

/** The heads of damages added up, in cents (absent heads count nothing). */
export function headsTotal(heads: Partial<Record<TDamagesHead, number | null>> | undefined | null): number {
  return DAMAGES_HEADS.reduce((sum, h) => sum + (heads?.[h] ?? 0), 0);
}

export const HEADS_OVER_AMOUNT_MESSAGE = 'The heads of damages add up to more than the amount';

export const ZCreateSettlementEventInput = z
  .object({
    id: z.string().trim().min(1).max(64),
    kind: ZSettlementKind,
    date: zDay('Date'),
    fromSide: ZSettlementSide,
    amountCents: zCents('Amount'),
    heads: ZDamagesHeads.optional(),
    /** A court order is final when made; others start open. */
    status: ZSettlementStatus.optional(),
    note: optionalText(2000),
  })
  .superRefine((input, ctx) => {
    if (input.heads && headsTotal(input.heads) > input.amountCents) ctx.addIssue({ code: 'custom', path: ['heads'], message: HEADS_OVER_AMOUNT_MESSAGE });
    const refusal = input.status ? statusRefusal(input.kind, input.status) : null;
    if (refusal) ctx.addIssue({ code: 'custom', path: ['status'], message: refusal });
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
