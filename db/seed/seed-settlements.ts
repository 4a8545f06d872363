import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';
import { addDays, dayKey } from '../../src/shared/calendar';
import { type TDamagesHead, SETTLEMENT_KIND_LABELS, SETTLEMENT_STATUS_LABELS, type TSettlementKind, type TSettlementSide, type TSettlementStatus } from '../../src/shared/domain/settlements';
import { formatCalendarDay, formatZar } from '../../src/shared/format';
import { DEMO_ORGANIZATIONS } from './demo-organizations';
import { insertRows } from './seed-helpers';

// Issue 20's demo data: settlement logs on the legal and medicolegal organisations' matters with a
// court matter (seed-court runs first; before it has given any, the organisations' running and closed
// cases). Offers and counter-offers over months, some accepted, a mediation, a court order on two, so
// the dashboards' settlement rate is a real figure: of the first eight matters, four settle and two
// are decided by the court (67%); the others are still negotiating. Each event is on the case's
// timeline as logged, and as updated when its status moved. Runs inside the seed's transaction.

type Step = { kind: TSettlementKind; from: TSettlementSide; daysAgo: number; /** Share of the matter's figure. */ share: number; status: TSettlementStatus };

const offer = (from: TSettlementSide, daysAgo: number, share: number, status: TSettlementStatus): Step => ({ kind: 'offer', from, daysAgo, share, status });
const counter = (from: TSettlementSide, daysAgo: number, share: number, status: TSettlementStatus): Step => ({ kind: 'counter-offer', from, daysAgo, share, status });
const tender = (from: TSettlementSide, daysAgo: number, share: number, status: TSettlementStatus): Step => ({ kind: 'tender', from, daysAgo, share, status });

/** The story of each matter, in turn. */
const PATTERNS: readonly Step[][] = [
  // Still negotiating: their offer and our counter, both open.
  [offer('opposing', 75, 1, 'open'), counter('ours', 21, 0.62, 'open')],
  // Settled: their offer refused, our counter, their second figure accepted.
  [offer('opposing', 210, 1.2, 'rejected'), counter('ours', 160, 0.55, 'rejected'), counter('opposing', 95, 0.8, 'accepted')],
  // Decided by the court after our tender was refused.
  [tender('ours', 240, 0.4, 'rejected'), { kind: 'court-order', from: 'court', daysAgo: 45, share: 0.7, status: 'final' }],
  // Settled at mediation.
  [offer('opposing', 180, 1.1, 'rejected'), { kind: 'mediation', from: 'mediator', daysAgo: 30, share: 0.75, status: 'accepted' }],
  // Still negotiating: a tender lapsed, a fresh offer open.
  [tender('ours', 150, 0.45, 'lapsed'), offer('opposing', 12, 0.9, 'open')],
  // Settled: our tender accepted.
  [offer('opposing', 130, 1, 'rejected'), tender('ours', 60, 0.6, 'accepted')],
  // Decided by the court.
  [offer('opposing', 320, 1.3, 'withdrawn'), { kind: 'court-order', from: 'court', daysAgo: 100, share: 0.85, status: 'final' }],
  // Settled this month.
  [offer('opposing', 90, 1, 'rejected'), counter('ours', 40, 0.7, 'rejected'), offer('opposing', 8, 0.82, 'accepted')],
];

/** A matter's figure in rand: a medical negligence claim runs to millions; the firm's matters less. */
const FIGURES: Record<'legal' | 'medicolegal', readonly number[]> = {
  medicolegal: [14_500_000, 3_200_000, 850_000, 6_400_000, 1_750_000, 9_800_000, 2_300_000, 4_600_000],
  legal: [1_150_000, 420_000, 265_000, 780_000, 195_000, 1_600_000, 310_000, 540_000],
};

/** How a delictual claim's figure splits over the heads of damages (the rest is not itemised). */
const SPLIT: Record<TDamagesHead, number> = { pastMedical: 0.08, futureMedical: 0.42, lossOfEarnings: 0.25, generalDamages: 0.2 };
const DAMAGES_CASE = /injury|negligence|death|birth|palsy|swab|medication|diagnos|anaesthetic|infection|fall|surgical|RAF/i;

const SIDE_WORDS: Record<TSettlementSide, string> = { ours: 'our side', opposing: 'the opposing side', court: 'the court', mediator: 'the mediator' };
const roundTo = (rand: number, step: number) => Math.round(rand / step) * step;

export async function seedSettlements(trx: Kysely<DB>, now: Date): Promise<void> {
  const rows: Insertable<DB['settlement_events']>[] = [];
  const events: Insertable<DB['case_events']>[] = [];

  for (const def of DEMO_ORGANIZATIONS) {
    if (def.platform === 'healthcare') continue;
    const platform = def.platform;
    const org = await trx.selectFrom('organizations').select('id').where('slug', '=', def.slug).executeTakeFirst();
    if (!org) continue;
    const cases = await trx
      .selectFrom('cases')
      .select(['id', 'patient_name', 'case_type', 'status', 'assigned_doctor_id', 'created_at'])
      .where('organization_id', '=', org.id)
      .orderBy('created_at')
      .orderBy('patient_name')
      .execute();
    const withMatter = new Set((await trx.selectFrom('court_matters').select('case_id').where('organization_id', '=', org.id).execute()).map((r) => r.case_id));
    const candidates = withMatter.size > 0 ? cases.filter((c) => withMatter.has(c.id)) : cases.filter((c) => c.status !== 'Scheduled');

    for (const [i, kase] of candidates.slice(0, PATTERNS.length).entries()) {
      const figure = FIGURES[platform][i]!;
      const itemised = DAMAGES_CASE.test(kase.case_type);
      for (const step of PATTERNS[i]!) {
        // Nothing before the matter was opened (a young case gets its story compressed), nothing in the future.
        const opened = Date.parse(kase.created_at);
        const when = new Date(Math.max(now.getTime() - step.daysAgo * 86_400_000, Math.min(opened + 86_400_000, now.getTime())));
        const date = dayKey(when);
        const amount = roundTo(figure * step.share, 5_000);
        const heads = itemised
          ? Object.fromEntries(Object.entries(SPLIT).map(([head, share]) => [head, Math.floor((amount * share) / 1_000) * 1_000 * 100]))
          : {};
        const id = randomUUID();
        const loggedAt = when.toISOString();
        rows.push({
          id, organization_id: org.id, case_id: kase.id, kind: step.kind, occurred_on: date, from_side: step.from, amount_cents: amount * 100,
          heads: JSON.stringify(heads), status: step.status, note: null, version: step.status === 'open' || step.kind === 'court-order' ? 1 : 2,
          recorded_by: kase.assigned_doctor_id, created_at: loggedAt, updated_at: loggedAt,
        });
        const what = `${SETTLEMENT_KIND_LABELS[step.kind]} of ${formatZar(amount * 100)} from ${SIDE_WORDS[step.from]} (${formatCalendarDay(date)})`;
        const initial: TSettlementStatus = step.kind === 'court-order' ? 'final' : 'open';
        events.push({
          id: randomUUID(), organization_id: org.id, case_id: kase.id, at: loggedAt, actor_id: kase.assigned_doctor_id, kind: 'settlement.logged',
          summary: `${what}: ${SETTLEMENT_STATUS_LABELS[initial]}`,
          details: JSON.stringify({ settlementEventId: id, kind: step.kind, fromSide: step.from, date, amountCents: amount * 100, heads, status: initial }),
        });
        if (step.status !== initial) {
          // The answer came a few days later (never after now).
          const answered = new Date(Math.min(addDays(when, 6).getTime(), now.getTime())).toISOString();
          rows[rows.length - 1]!.updated_at = answered;
          events.push({
            id: randomUUID(), organization_id: org.id, case_id: kase.id, at: answered, actor_id: kase.assigned_doctor_id, kind: 'settlement.updated',
            summary: `${what}: ${SETTLEMENT_STATUS_LABELS[initial]} → ${SETTLEMENT_STATUS_LABELS[step.status]}`,
            details: JSON.stringify({
              settlementEventId: id, kind: step.kind, amountCents: amount * 100, from: initial, to: step.status,
              changes: [{ field: 'status', label: 'Status', from: SETTLEMENT_STATUS_LABELS[initial], to: SETTLEMENT_STATUS_LABELS[step.status] }],
            }),
          });
        }
      }
    }
  }
  await insertRows(trx, 'settlement_events', rows);
  await insertRows(trx, 'case_events', events);
}
