import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TScheduleItem } from '../../../shared/domain/appointments';
import {
  type TCreateHearingInput,
  type THearing,
  type TUpdateHearingInput,
  hearingAsAppointment,
  hearingChanges,
  hearingScheduledSummary,
  hearingUpdateSummary,
} from '../../../shared/domain/hearings';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { syncCaseDeadlines } from '../deadlines/case-deadlines.service';
import { readableCaseOf } from '../cases/case-visibility';
import { appendCaseEvent } from '../timeline/case-events';

// Hearings of a case (issue 20): trial, judicial case management, pre-trial, motion, mediation —
// when, where, before whom, and the outcome. GET/POST /api/patient-cases/{id}/hearings and
// PATCH /api/hearings/{id} (the outcome after the day; a postponement moves startsAt) with the
// version the editor saw: a stale one is 409 with the hearing as it is now. Each write is on the
// case's timeline and recomputes the case's deadlines (Rule 36(9) counts back from the trial date).
// Hearings also show on the schedule beside appointments (hearingsOnSchedule, below).

export const HEARING_CHANGED_MESSAGE = 'This hearing was changed by someone else. Reload to see it as it is now, then make your change again.';
const END_AFTER_START = 'End must be after the start';

function selectHearings(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('hearings as h')
    .innerJoin('cases', (join) => join.onRef('cases.id', '=', 'h.case_id').onRef('cases.organization_id', '=', 'h.organization_id'))
    .leftJoin('court_matters as m', 'm.case_id', 'h.case_id')
    .selectAll('h')
    .select(['cases.patient_name', 'cases.reference', 'm.case_number'])
    .where('h.organization_id', '=', organizationId);
}

type HearingRow = Awaited<ReturnType<ReturnType<typeof selectHearings>['executeTakeFirstOrThrow']>>;

function toHearing(row: HearingRow): THearing {
  return {
    id: row.id,
    caseId: row.case_id,
    caseName: row.patient_name,
    caseReference: row.reference,
    type: row.type,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    venue: row.venue,
    judge: row.judge,
    outcome: row.outcome,
    notes: row.notes,
    version: Number(row.version),
  };
}

async function findHearing(db: Kysely<DB>, actor: TenantActor, id: string): Promise<THearing | null> {
  const row = await selectHearings(db, actor.organizationId).where('h.id', '=', id).executeTakeFirst();
  return row ? toHearing(row) : null;
}

/** The case's hearings, soonest first. */
export async function listHearings(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<{ items: THearing[] }> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectHearings(db, actor.organizationId).where('h.case_id', '=', kase.id).orderBy('h.starts_at').orderBy('h.id').execute();
  return { items: rows.map(toHearing) };
}

export async function createHearing(db: Kysely<DB>, actor: TenantActor, input: TCreateHearingInput): Promise<THearing> {
  const kase = await requireCaseAccess(db, actor, input.id);
  // The schema checks this too; the service keeps the rule for callers that skip it.
  if (input.endsAt && input.endsAt <= input.startsAt) throw new AppError('BAD_REQUEST', END_AFTER_START, { endsAt: END_AFTER_START });
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx
      .insertInto('hearings')
      .values({
        id,
        organization_id: actor.organizationId,
        case_id: kase.id,
        type: input.type,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        venue: input.venue,
        judge: input.judge,
        outcome: null,
        notes: input.notes,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'hearing.scheduled',
      at: now,
      summary: hearingScheduledSummary(input),
      details: { hearingId: id, type: input.type, startsAt: input.startsAt },
    });
    await syncCaseDeadlines(trx, actor, kase.id);
  });
  return (await findHearing(db, actor, id))!;
}

const pick = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
const stale = (current: THearing) => new AppError('CONFLICT', HEARING_CHANGED_MESSAGE, undefined, { current });

export async function updateHearing(db: Kysely<DB>, actor: TenantActor, input: TUpdateHearingInput): Promise<THearing> {
  const found = await findHearing(db, actor, input.id);
  if (!found) throw new AppError('NOT_FOUND', 'Hearing not found');
  await requireCaseAccess(db, actor, found.caseId);
  return db.transaction().execute(async (trx) => {
    const before = (await findHearing(trx, actor, input.id))!;
    if (input.expectedVersion !== before.version) throw stale(before);
    const after: THearing = {
      ...before,
      type: pick(input.type, before.type),
      startsAt: pick(input.startsAt, before.startsAt),
      endsAt: pick(input.endsAt, before.endsAt),
      venue: pick(input.venue, before.venue),
      judge: pick(input.judge, before.judge),
      outcome: pick(input.outcome, before.outcome),
      notes: pick(input.notes, before.notes),
    };
    if (after.endsAt && after.endsAt <= after.startsAt) {
      // Moving the start past a stored end names the start when the end was not sent.
      const field = input.endsAt !== undefined ? 'endsAt' : 'startsAt';
      const message = field === 'endsAt' ? END_AFTER_START : 'Start must be before the end; move the end too';
      throw new AppError('BAD_REQUEST', message, { [field]: message });
    }
    const changes = hearingChanges(before, after);
    if (changes.length === 0) return before;
    const now = nowIso();
    const claimed = await trx
      .updateTable('hearings')
      .set((eb) => ({
        type: after.type,
        starts_at: after.startsAt,
        ends_at: after.endsAt,
        venue: after.venue,
        judge: after.judge,
        outcome: after.outcome,
        notes: after.notes,
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('organization_id', '=', actor.organizationId)
      .where('id', '=', before.id)
      .where('version', '=', before.version)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw stale((await findHearing(trx, actor, before.id))!);
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: before.caseId,
      actorId: actor.userId,
      kind: 'hearing.updated',
      at: now,
      summary: hearingUpdateSummary(before, after, changes),
      changes,
      details: { hearingId: before.id },
    });
    await syncCaseDeadlines(trx, actor, before.caseId);
    return (await findHearing(trx, actor, before.id))!;
  });
}

/**
 * The hearings the schedule shows beside appointments (GET /api/appointments and
 * appointments.upcoming), as appointments of type 'Hearing': only on a platform with court cases,
 * only of cases the caller may read (a restricted case's hearing names its client), optionally of
 * one case, and from `from` on when given.
 */
export async function hearingsOnSchedule(
  db: Kysely<DB>,
  actor: TenantActor,
  options: { caseId?: string | null; from?: string; now?: string; limit?: number } = {},
): Promise<TScheduleItem[]> {
  if (!PLATFORM_CONFIG[actor.platform].features.courtCases) return [];
  const now = options.now ?? nowIso();
  const rows = await selectHearings(db, actor.organizationId)
    .select(['h.created_at as createdAt', 'h.updated_at as updatedAt'])
    .where(readableCaseOf(actor, now))
    .$if(Boolean(options.caseId), (q) => q.where('h.case_id', '=', options.caseId!))
    .$if(options.from !== undefined, (q) => q.where('h.starts_at', '>=', options.from!))
    .orderBy('h.starts_at')
    .orderBy('h.id')
    .$if(options.limit !== undefined, (q) => q.limit(options.limit!))
    .execute();
  return rows.map((row) => hearingAsAppointment({ ...toHearing(row), createdAt: row.createdAt, updatedAt: row.updatedAt, caseNumber: row.case_number }, now));
}
