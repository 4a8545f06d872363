import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import type { TFieldChange } from '../../../shared/domain/case-timeline';
import {
  DAMAGES_HEADS,
  SETTLEMENT_KIND_LABELS,
  SETTLEMENT_STATUS_LABELS,
  type TCreateSettlementEventInput,
  type TSettlementEvent,
  type TSettlementSide,
  type TSettlementStatus,
  defaultSettlementStatus,
  statusRefusal,
} from '../../../shared/domain/settlements';
import { NEGOTIATION_KINDS, type TSettlementFigures, settlementRate } from '../../../shared/domain/settlement-figures';
import { formatCalendarDay, formatZar, fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { caseFileReadable, readableCaseOf } from '../cases/case-visibility';
import { appendCaseEvent } from '../timeline/case-events';

// The settlement log of a case (issue 20). A legal record, so append-only: an event is never
// edited; only its status moves (an offer accepted, a court order set aside), against the version the
// caller saw — a stale one is 409 with the current event. Every write lands on the case's timeline
// with its amount. The dashboards' settlement rate and Settlements panel are computed from it.

export const SETTLEMENT_CHANGED_MESSAGE = 'This settlement event was changed by someone else. Reload it and try again.';

const SIDE_WORDS: Record<TSettlementSide, string> = { ours: 'our side', opposing: 'the opposing side', court: 'the court', mediator: 'the mediator' };

function selectEvents(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('settlement_events as s')
    .leftJoin('users as recorder', 'recorder.id', 's.recorded_by')
    .select([
      's.id',
      's.case_id',
      's.kind',
      's.occurred_on',
      's.from_side',
      's.amount_cents',
      's.heads',
      's.status',
      's.note',
      's.version',
      's.created_at',
      'recorder.first_name as recorder_first_name',
      'recorder.last_name as recorder_last_name',
    ])
    .where('s.organization_id', '=', organizationId);
}

type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['executeTakeFirstOrThrow']>>;

function parseHeads(text: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      DAMAGES_HEADS.flatMap((h) => {
        const v = (parsed as Record<string, unknown>)[h];
        return typeof v === 'number' ? [[h, v]] : [];
      }),
    );
  } catch {
    return {};
  }
}

function toEvent(row: EventRow): TSettlementEvent {
  return {
    id: row.id,
    caseId: row.case_id,
    kind: row.kind,
    date: row.occurred_on,
    fromSide: row.from_side,
    amountCents: Number(row.amount_cents),
    heads: parseHeads(row.heads),
    status: row.status,
    note: row.note,
    recordedByName: fullName(row.recorder_first_name, row.recorder_last_name),
    createdAt: row.created_at,
    version: Number(row.version),
  };
}

/** "Offer of R 1 250 000,00 from the opposing side (5 Mar 2026)". */
const describe = (e: Pick<TSettlementEvent, 'kind' | 'amountCents' | 'fromSide' | 'date'>) =>
  `${SETTLEMENT_KIND_LABELS[e.kind]} of ${formatZar(e.amountCents)} from ${SIDE_WORDS[e.fromSide]} (${formatCalendarDay(e.date)})`;

/** The log of a case, in the order it happened (date, then when it was recorded). */
export async function listSettlementEvents(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<{ items: TSettlementEvent[] }> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectEvents(db, actor.organizationId).where('s.case_id', '=', kase.id).orderBy('s.occurred_on').orderBy('s.created_at').orderBy('s.id').execute();
  return { items: rows.map(toEvent) };
}

export async function createSettlementEvent(db: Kysely<DB>, actor: TenantActor, input: TCreateSettlementEventInput): Promise<TSettlementEvent> {
  const kase = await requireCaseAccess(db, actor, input.id);
  const status = input.status ?? defaultSettlementStatus(input.kind);
  const refusal = statusRefusal(input.kind, status);
  if (refusal) throw new AppError('BAD_REQUEST', refusal, { status: refusal });
  const heads = Object.fromEntries(DAMAGES_HEADS.flatMap((h) => (input.heads?.[h] != null ? [[h, input.heads[h]]] : [])));
  const id = randomUUID();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settlement_events')
      .values({
        id,
        organization_id: actor.organizationId,
        case_id: kase.id,
        kind: input.kind,
        occurred_on: input.date,
        from_side: input.fromSide,
        amount_cents: input.amountCents,
        heads: JSON.stringify(heads),
        status,
        note: input.note ?? null,
        recorded_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'settlement.logged',
      summary: `${describe({ kind: input.kind, amountCents: input.amountCents, fromSide: input.fromSide, date: input.date })}: ${SETTLEMENT_STATUS_LABELS[status]}`,
      details: { settlementEventId: id, kind: input.kind, fromSide: input.fromSide, date: input.date, amountCents: input.amountCents, heads, status },
    });
  });
  return toEvent(await selectEvents(db, actor.organizationId).where('s.id', '=', id).executeTakeFirstOrThrow());
}

/** Moves an event's status (nothing else of it changes); 409 with the current event when `expectedVersion` is stale. */
export async function updateSettlementStatus(
  db: Kysely<DB>,
  actor: TenantActor,
  input: { id: string; status: TSettlementStatus; expectedVersion: number },
): Promise<TSettlementEvent> {
  const row = await selectEvents(db, actor.organizationId).where('s.id', '=', input.id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Settlement event not found');
  // The case's own rules (a restricted case) decide who may see and change its log.
  await requireCaseAccess(db, actor, row.case_id);
  const before = toEvent(row);
  if (input.expectedVersion !== before.version) throw new AppError('CONFLICT', SETTLEMENT_CHANGED_MESSAGE, undefined, { current: before });
  const refusal = statusRefusal(before.kind, input.status);
  if (refusal) throw new AppError('BAD_REQUEST', refusal, { status: refusal });
  if (input.status === before.status) return before;

  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('settlement_events')
      .set((eb) => ({ status: input.status, version: eb('version', '+', 1), updated_at: nowIso() }))
      .where('id', '=', before.id)
      .where('version', '=', before.version)
      .executeTakeFirst();
    // Someone else moved it between our read and this write.
    if (Number(result.numUpdatedRows) !== 1) {
      const current = await selectEvents(trx, actor.organizationId).where('s.id', '=', before.id).executeTakeFirstOrThrow();
      throw new AppError('CONFLICT', SETTLEMENT_CHANGED_MESSAGE, undefined, { current: toEvent(current) });
    }
    const changes: TFieldChange[] = [{ field: 'status', label: 'Status', from: SETTLEMENT_STATUS_LABELS[before.status], to: SETTLEMENT_STATUS_LABELS[input.status] }];
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: before.caseId,
      actorId: actor.userId,
      kind: 'settlement.updated',
      summary: `${describe(before)}: ${SETTLEMENT_STATUS_LABELS[before.status]} → ${SETTLEMENT_STATUS_LABELS[input.status]}`,
      changes,
      details: { settlementEventId: before.id, kind: before.kind, amountCents: before.amountCents, from: before.status, to: input.status },
    });
  });
  return toEvent(await selectEvents(db, actor.organizationId).where('s.id', '=', before.id).executeTakeFirstOrThrow());
}

/**
 * The organisation's settlement rate (settlement-figures.ts), over every case: an aggregate like the
 * other dashboard figures, which names no case. Null on a platform without court cases.
 */
export async function organisationSettlementRate(db: Kysely<DB>, actor: TenantActor): Promise<number | null> {
  const rows = await db
    .selectFrom('settlement_events')
    .select(['case_id', 'kind', 'status'])
    .where('organization_id', '=', actor.organizationId)
    .where((eb) => eb.or([eb.and([eb('kind', '!=', 'court-order'), eb('status', '=', 'accepted')]), eb.and([eb('kind', '=', 'court-order'), eb('status', '=', 'final')])]))
    .execute();
  return settlementRate(rows.map((r) => ({ caseId: r.case_id, kind: r.kind, status: r.status })));
}

/**
 * The Settlements panel: this South African calendar year's settled total, the open offers and the
 * latest events — of the cases the caller may read (a restricted case's log only for its team).
 */
export async function settlementFigures(db: Kysely<DB>, actor: TenantActor, now: Date = new Date()): Promise<TSettlementFigures> {
  const year = Number(dayKey(now).slice(0, 4));
  // The totals need no row of the case: the need-to-know rule is asked of the event's case id (for an
  // Administrator it is no condition at all), so they are counted from the log's own index.
  const counted = () => db.selectFrom('settlement_events as s').where('s.organization_id', '=', actor.organizationId).where(caseFileReadable(actor, 's.case_id'));
  const [settled, open, latest] = await Promise.all([
    counted()
      .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('s.amount_cents'), eb.lit(0)).as('cents'), eb.fn.countAll<number>().as('n')])
      .where('s.kind', 'in', NEGOTIATION_KINDS)
      .where('s.status', '=', 'accepted')
      .where('s.occurred_on', '>=', `${year}-01-01`)
      .where('s.occurred_on', '<=', `${year}-12-31`)
      .executeTakeFirstOrThrow(),
    counted()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.kind', 'in', NEGOTIATION_KINDS)
      .where('s.status', '=', 'open')
      .executeTakeFirstOrThrow(),
    // The latest five, newest first along settlement_events_org_date_idx (migration 0018), with their case's name.
    db
      .selectFrom('settlement_events as s')
      .innerJoin('cases', 'cases.id', 's.case_id')
      .where('s.organization_id', '=', actor.organizationId)
      .where('cases.organization_id', '=', actor.organizationId)
      .where(readableCaseOf(actor))
      .select(['s.id', 's.case_id', 'cases.patient_name', 'cases.reference', 's.kind', 's.occurred_on', 's.from_side', 's.amount_cents', 's.status'])
      .orderBy('s.occurred_on', 'desc')
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .limit(5)
      .execute(),
  ]);
  return {
    year,
    settledCents: Number(settled.cents),
    settledCount: Number(settled.n),
    openOffers: Number(open.n),
    latest: latest.map((r) => ({
      id: r.id,
      caseId: r.case_id,
      caseName: r.patient_name,
      caseReference: r.reference,
      kind: r.kind,
      date: r.occurred_on,
      fromSide: r.from_side,
      amountCents: Number(r.amount_cents),
      status: r.status,
    })),
  };
}
