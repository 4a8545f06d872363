import { dayKey } from '../../../shared/calendar';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { NEGOTIATION_KINDS, type TSettlementFigures, settlementRate } from '../../../shared/domain/settlement-figures';
import {
  DAMAGES_HEADS,
  SETTLEMENT_KIND_LABELS,
  SETTLEMENT_STATUS_LABELS,
  type TSettlementEvent,
  type TSettlementSide,
  ZCreateSettlementEventInput,
  ZUpdateSettlementStatusInput,
  defaultSettlementStatus,
  statusRefusal,
} from '../../../shared/domain/settlements';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { type DemoContext, nameOf } from '../context';
import { DemoError, badRequest, notFound } from '../demo-error';
import { type DemoSettlementRow, demoSettlementEvents } from '../fixtures/settlements';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase, readableCases } from './case-file-state';

// The settlement log in demo mode (issue 20), as the server's settlements service: append-only
// events whose status alone moves against a version (409 when stale), each write on the case's
// timeline; the visitor's events count in the dashboard's settlement rate in the same session.

const COLLECTION = 'settlementEvents';
const SIDE_WORDS: Record<TSettlementSide, string> = { ours: 'our side', opposing: 'the opposing side', court: 'the court', mediator: 'the mediator' };

/** Every settlement event of the demo organisation, with this session's writes. */
export function allSettlementEvents(ctx: DemoContext): DemoSettlementRow[] {
  return ctx.overlay.merge<DemoSettlementRow>(COLLECTION, demoSettlementEvents(ctx.platform, ctx.anchor));
}

/** The dashboard's settlement rate from the demo log (null on a platform without court cases). */
export function demoSettlementRate(ctx: DemoContext): number | null {
  if (!PLATFORM_CONFIG[ctx.platform].features.courtCases) return null;
  return settlementRate(allSettlementEvents(ctx));
}

const inOrder = (a: DemoSettlementRow, b: DemoSettlementRow) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

function toEvent(ctx: DemoContext, row: DemoSettlementRow): TSettlementEvent {
  const { recordedById, ...rest } = row;
  return { ...rest, heads: { ...row.heads }, recordedByName: nameOf(ctx, recordedById) };
}

const describe = (e: Pick<DemoSettlementRow, 'kind' | 'amountCents' | 'fromSide' | 'date'>) =>
  `${SETTLEMENT_KIND_LABELS[e.kind]} of ${formatZar(e.amountCents)} from ${SIDE_WORDS[e.fromSide]} (${formatCalendarDay(e.date)})`;

function figures(ctx: DemoContext): TSettlementFigures {
  const year = Number(dayKey().slice(0, 4));
  const cases = new Map(readableCases(ctx).map((c) => [c.id, c]));
  const events = allSettlementEvents(ctx).filter((e) => cases.has(e.caseId));
  const negotiation = events.filter((e) => NEGOTIATION_KINDS.includes(e.kind));
  const settled = negotiation.filter((e) => e.status === 'accepted' && e.date.startsWith(`${year}-`));
  const latest = [...events].sort((a, b) => inOrder(b, a)).slice(0, 5);
  return {
    year,
    settledCents: settled.reduce((sum, e) => sum + e.amountCents, 0),
    settledCount: settled.length,
    openOffers: negotiation.filter((e) => e.status === 'open').length,
    latest: latest.map((e) => {
      const kase = cases.get(e.caseId)!;
      return { id: e.id, caseId: e.caseId, caseName: kase.patientName, caseReference: kase.reference, kind: e.kind, date: e.date, fromSide: e.fromSide, amountCents: e.amountCents, status: e.status };
    }),
  };
}

const feature = 'courtCases' as const;

export const settlementsProcedures = {
  'settlements.list': procedure({
    input: ZCaseIdInput,
    capability: 'caseFile.view',
    feature,
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      return { items: allSettlementEvents(ctx).filter((e) => e.caseId === kase.id).sort(inOrder).map((e) => toEvent(ctx, e)) };
    },
  }),

  'settlements.create': procedure({
    input: ZCreateSettlementEventInput,
    capability: 'caseFile.write',
    feature,
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const status = input.status ?? defaultSettlementStatus(input.kind);
      const refusal = statusRefusal(input.kind, status);
      if (refusal) throw badRequest(refusal, { status: refusal });
      const now = ctx.nowIso();
      const row = ctx.overlay.put<DemoSettlementRow>(COLLECTION, {
        id: ctx.newId(),
        caseId: kase.id,
        kind: input.kind,
        date: input.date,
        fromSide: input.fromSide,
        amountCents: input.amountCents,
        heads: Object.fromEntries(DAMAGES_HEADS.flatMap((h) => (input.heads?.[h] != null ? [[h, input.heads[h]]] : []))),
        status,
        note: input.note ?? null,
        recordedById: ctx.me.id,
        createdAt: now,
        version: 1,
      });
      appendEvent(ctx, kase.id, 'settlement.logged', `${describe(row)}: ${SETTLEMENT_STATUS_LABELS[status]}`);
      return toEvent(ctx, row);
    },
  }),

  'settlements.updateStatus': procedure({
    input: ZUpdateSettlementStatusInput,
    capability: 'caseFile.write',
    feature,
    run(ctx, input) {
      const row = allSettlementEvents(ctx).find((e) => e.id === input.id);
      if (!row) throw notFound('Settlement event');
      openCase(ctx, row.caseId);
      if (input.expectedVersion !== row.version) {
        throw new DemoError('CONFLICT', 'This settlement event was changed by someone else. Reload it and try again.', undefined, { current: toEvent(ctx, row) });
      }
      const refusal = statusRefusal(row.kind, input.status);
      if (refusal) throw badRequest(refusal, { status: refusal });
      if (input.status === row.status) return toEvent(ctx, row);
      const next = ctx.overlay.put<DemoSettlementRow>(COLLECTION, { ...row, status: input.status, version: row.version + 1 });
      appendEvent(ctx, row.caseId, 'settlement.updated', `${describe(row)}: ${SETTLEMENT_STATUS_LABELS[row.status]} → ${SETTLEMENT_STATUS_LABELS[input.status]}`, [
        { field: 'status', label: 'Status', from: SETTLEMENT_STATUS_LABELS[row.status], to: SETTLEMENT_STATUS_LABELS[input.status] },
      ]);
      return toEvent(ctx, next);
    },
  }),

  'settlements.figures': procedure({ input: null, capability: 'caseFile.view', feature, run: figures }),
} satisfies Partial<DemoProcedures>;
