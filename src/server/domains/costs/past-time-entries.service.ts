import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import type { TRecordPastTimeInput, TTimeEntry } from '../../../shared/domain/costs';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';
import { rateCentsInForce } from './rates.service';
import { selectTimeEntries, toTimeEntry } from './time-entries.service';

// Time recorded after the fact (issue 18): a fee-earner who forgot the timer, or worked away from a
// screen, adds the entry from the case page. It is their own time only, priced at their rate in force
// on the day it started (so a later rate change never reprices it), and it must lie in the past.

export async function recordPastTime(db: Kysely<DB>, actor: TenantActor, input: TRecordPastTimeInput): Promise<TTimeEntry> {
  const endTime = new Date(Date.parse(input.startTime) + input.durationMinutes * 60_000).toISOString();
  if (endTime > nowIso()) {
    const message = 'Past time must have ended by now; use the timer for time running now';
    throw new AppError('BAD_REQUEST', message, { startTime: message });
  }
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await requireCaseAccess(trx, actor, input.caseId);
    const rateCents = await rateCentsInForce(trx, actor.organizationId, actor.userId, dayKey(input.startTime));
    if (rateCents === null) throw new AppError('CONFLICT', 'No hourly rate was set for you on that day; ask an administrator');
    await trx
      .insertInto('time_entries')
      .values({
        id,
        organization_id: actor.organizationId,
        case_id: input.caseId,
        user_id: actor.userId,
        role: actor.role,
        description: input.description,
        start_time: input.startTime,
        end_time: endTime,
        duration_minutes: input.durationMinutes,
        hourly_rate_cents: rateCents,
        total_cost_cents: Math.round((rateCents * input.durationMinutes) / 60),
        created_at: nowIso(),
      })
      .execute();
    // Minutes, not money: the timeline is read by everyone on the case, and rates stay with costs.view.
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: input.caseId,
      actorId: actor.userId,
      kind: 'time.recorded',
      summary: `${input.durationMinutes} min recorded afterwards`,
      details: { timeEntryId: id, minutes: input.durationMinutes, userId: actor.userId },
    });
  });
  const row = await selectTimeEntries(db, actor.organizationId).where('te.id', '=', id).executeTakeFirstOrThrow();
  return toTimeEntry(row, actor.platform);
}
