import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dayKey } from '../../../shared/calendar';
import type { DB } from '../../../../db/schema';
import { onUniqueViolation } from '../../../../db/unique-violation';
import { nowIso } from '../../../../db/time';
import {
  defaultTimeEntryDescription,
  MY_TIME_ENTRIES_DEFAULT,
  type TListMyTimeEntriesInput,
  type TStartTimeEntryInput,
  type TTimeEntry,
  centsToRands,
  minutesToHours,
} from '../../../shared/domain/costs';
import { can } from '../../../shared/roles';
import type { TPlatform } from '../../../shared/platform';
import { findCaseOfOrganization } from '../cases/case-references';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';
import { fullName } from '../../../shared/format';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';
import { rateCentsInForce } from './rates.service';

// Time entries: staff start and stop their own time on a case. Each entry keeps the role and the
// hourly rate in force when it started, so later rate changes never reprice recorded work.

export function selectTimeEntries(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('time_entries as te')
    .innerJoin('cases', 'cases.id', 'te.case_id')
    .innerJoin('users', 'users.id', 'te.user_id')
    .selectAll('te')
    .select(['cases.patient_name', 'users.first_name', 'users.last_name'])
    .where('te.organization_id', '=', organizationId)
    .where('cases.organization_id', '=', organizationId);
}

type TimeEntryRow = Awaited<ReturnType<ReturnType<typeof selectTimeEntries>['executeTakeFirstOrThrow']>>;

export function toTimeEntry(row: TimeEntryRow, platform: TPlatform): TTimeEntry {
  return {
    id: row.id,
    caseId: row.case_id,
    patientName: row.patient_name,
    userId: row.user_id,
    userName: fullName(row.first_name, row.last_name) ?? '',
    role: row.role,
    description: row.description || defaultTimeEntryDescription(platform),
    startTime: row.start_time,
    endTime: row.end_time,
    durationMinutes: row.duration_minutes,
    hours: row.duration_minutes === null ? null : minutesToHours(row.duration_minutes),
    totalCost: centsToRands(row.total_cost_cents),
    totalCostCents: row.total_cost_cents,
    hourlyRate: centsToRands(row.hourly_rate_cents),
    hourlyRateCents: row.hourly_rate_cents,
  };
}

async function findTimeEntry(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TTimeEntry> {
  const row = await selectTimeEntries(db, actor.organizationId).where('te.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Time entry not found');
  return toTimeEntry(row, actor.platform);
}

export async function assertCaseOfOrganization(db: Kysely<DB>, actor: TenantActor, caseId: string) {
  const found = await findCaseOfOrganization(db, actor.organizationId, caseId);
  if (!found) throw new AppError('NOT_FOUND', 'Case not found');
  return found;
}

/** Starts the caller's time on a case now, at their rate in force today. */
export async function startTimeEntry(db: Kysely<DB>, actor: TenantActor, input: TStartTimeEntryInput): Promise<TTimeEntry> {
  const id = randomUUID();
  const alreadyRunning = () => new AppError('CONFLICT', 'You already have time running on this case; stop it first');
  await onUniqueViolation(() => db.transaction().execute(async (trx) => {
    await assertCaseOfOrganization(trx, actor, input.caseId);
    await requireCaseAccess(trx, actor, input.caseId); // a restricted case: its team's time only
    const open = await trx
      .selectFrom('time_entries')
      .select('id')
      .where('organization_id', '=', actor.organizationId)
      .where('case_id', '=', input.caseId)
      .where('user_id', '=', actor.userId)
      .where('end_time', 'is', null)
      .executeTakeFirst();
    if (open) throw alreadyRunning();
    const now = nowIso();
    const rateCents = await rateCentsInForce(trx, actor.organizationId, actor.userId, dayKey(now));
    if (rateCents === null) throw new AppError('CONFLICT', 'No hourly rate set for you; ask an administrator');
    await trx
      .insertInto('time_entries')
      .values({
        id,
        organization_id: actor.organizationId,
        case_id: input.caseId,
        user_id: actor.userId,
        role: actor.role,
        description: input.description,
        start_time: now,
        end_time: null,
        duration_minutes: null,
        hourly_rate_cents: rateCents,
        total_cost_cents: 0,
        created_at: now,
      })
      .execute();
  }), alreadyRunning);
  return findTimeEntry(db, actor, id);
}

/** Stops a running entry: whole minutes, priced at the entry's own rate, rounded to the cent. */
export async function stopTimeEntry(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TTimeEntry> {
  await db.transaction().execute(async (trx) => {
    const entry = await trx
      .selectFrom('time_entries')
      .select(['user_id', 'case_id', 'start_time', 'end_time', 'hourly_rate_cents'])
      .where('id', '=', id)
      .where('organization_id', '=', actor.organizationId)
      .executeTakeFirst();
    if (!entry) throw new AppError('NOT_FOUND', 'Time entry not found');
    if (entry.user_id !== actor.userId && !can(actor, 'costs.manage')) {
      throw new AppError('FORBIDDEN', 'Only the person who started this time entry can stop it');
    }
    if (entry.end_time !== null) throw new AppError('CONFLICT', 'This time entry is already stopped');
    const endTime = nowIso();
    const minutes = Math.max(0, Math.round((Date.parse(endTime) - Date.parse(entry.start_time)) / 60_000));
    const result = await trx
      .updateTable('time_entries')
      .set({
        end_time: endTime,
        duration_minutes: minutes,
        total_cost_cents: Math.round((entry.hourly_rate_cents * minutes) / 60),
      })
      .where('id', '=', id)
      .where('organization_id', '=', actor.organizationId)
      .where('end_time', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('CONFLICT', 'This time entry is already stopped');
    // Minutes, not money: the timeline is read by everyone on the case, and rates stay with costs.view.
    const whose = entry.user_id === actor.userId ? '' : ' (stopped for a colleague)';
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: entry.case_id,
      actorId: actor.userId,
      kind: 'time.recorded',
      summary: `${minutes} min recorded${whose}`,
      details: { timeEntryId: id, minutes, userId: entry.user_id },
      at: endTime,
    });
  });
  return findTimeEntry(db, actor, id);
}

export async function listMyTimeEntries(db: Kysely<DB>, actor: TenantActor, input: TListMyTimeEntriesInput): Promise<TTimeEntry[]> {
  const caseId = input?.caseId ? (await requireCaseAccess(db, actor, input.caseId)).id : null;
  const rows = await selectTimeEntries(db, actor.organizationId)
    .where('te.user_id', '=', actor.userId)
    .$if(caseId !== null, (q) => q.where('te.case_id', '=', caseId))
    .orderBy('te.start_time', 'desc')
    .orderBy('te.id')
    .limit(input?.limit ?? MY_TIME_ENTRIES_DEFAULT)
    .execute();
  return rows.map((row) => toTimeEntry(row, actor.platform));
}
