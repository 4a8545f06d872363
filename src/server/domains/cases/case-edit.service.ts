import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { slotRoles } from '../../../shared/domain/case-team';
import { BREAK_GLASS_HOURS, type TBreakGlassGrant, type TBreakGlassInput, type TCase, type TCaseShown, type TUpdateCaseInput } from '../../../shared/domain/cases';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { replaceSlotMembers, userNames } from '../case-team/case-team.service';
import { linkPersonToPatient } from '../people/case-person';
import { appendCaseEvent } from '../timeline/case-events';
import { hasNeedToKnow, requireCaseAccess } from './case-access';
import { type TEditableField, diffCase, fieldChanges, PEOPLE_FIELDS } from './case-changes';
import { caseFor, checkPeople, selectCases, toCase } from './cases.service';

// Editing a case after creation (issue 18, PATCH /api/patient-cases/{id}): any subset of the §3.2
// fields. The write names the version the editor saw (`expectedVersion`); a stale one is 409 with the
// case as it is now. Without it (SPEC §7.3's `{status}` alone) the change applies to the current
// version. The version check and the update are one statement (`where version = v`), so of two
// editors who saw the same version exactly one wins. Decision 0032.

export const CASE_CHANGED_MESSAGE = 'This case was changed by someone else. Reload to see it as it is now, then make your change again.';

/** Without expectedVersion a write that lost a race re-reads and applies to the newer version. */
const UNVERSIONED_ATTEMPTS = 3;

async function currentCase(trx: Kysely<DB>, actor: TenantActor, id: string): Promise<TCase> {
  const row = await selectCases(trx).where('cases.id', '=', id).where('cases.organization_id', '=', actor.organizationId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Case not found');
  return toCase(row);
}

const conflict = (actor: TenantActor, kase: TCase) => new AppError('CONFLICT', CASE_CHANGED_MESSAGE, undefined, { current: caseFor(actor, kase) });

const SLOT_FIELDS = [
  ['assignedDoctorId', 'doctor'],
  ['assignedNurseId', 'nurse'],
  ['caseManagerId', 'caseManager'],
] as const;

/**
 * SPEC §4 status rules, as before the case file: completing stamps completed_at and sets progress to
 * 100; leaving Completed clears completed_at (progress stays). first_completed_at is stamped the
 * first time only and reopening leaves it: the retention hold does not move (0009-first-completion).
 */
function statusColumns(input: TUpdateCaseInput, current: TCase, now: string) {
  if (input.status === undefined || input.status === current.status) return {};
  if (input.status === 'Completed') {
    return { completed_at: now, progress_percentage: 100, closing: true as const };
  }
  return { completed_at: null, closing: false as const };
}

export async function updateCase(db: Kysely<DB>, actor: TenantActor, input: TUpdateCaseInput): Promise<TCaseShown> {
  await checkPeople(db, actor, input);
  const result = await db.transaction().execute(async (trx) => {
    await requireCaseAccess(trx, actor, input.id);
    for (let attempt = 1; ; attempt++) {
      const before = await currentCase(trx, actor, input.id);
      if (input.expectedVersion !== undefined && input.expectedVersion !== before.version) throw conflict(actor, before);
      const { changed, set } = diffCase(before, input);
      if (changed.length === 0) return { kase: before, changed: false };

      const now = nowIso();
      const { closing, ...status } = statusColumns(input, before, now);
      const statusChanging = closing !== undefined;
      const claimed = await trx
        .updateTable('cases')
        .set((eb) => ({
          ...set,
          ...status,
          version: eb('version', '+', 1),
          updated_at: now,
          // The first completion is kept for good: retention counts from it.
          ...(closing ? { first_completed_at: eb.fn.coalesce('first_completed_at', eb.val(now)) } : {}),
          // Reopening: a row completed without it (older data, imports) keeps its completion as the first.
          ...(statusChanging && !closing ? { first_completed_at: eb.fn.coalesce('first_completed_at', 'completed_at') } : {}),
        }))
        .where('id', '=', input.id)
        .where('organization_id', '=', actor.organizationId)
        .where('version', '=', before.version)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) {
        if (input.expectedVersion !== undefined || attempt >= UNVERSIONED_ATTEMPTS) throw conflict(actor, await currentCase(trx, actor, input.id));
        continue;
      }

      // A slot field names the one member of that role on the case's team.
      const roles = slotRoles(actor.platform);
      for (const [field, slot] of SLOT_FIELDS) {
        if (changed.includes(field)) await replaceSlotMembers(trx, actor, input.id, roles[slot], input[field] ?? null, now);
      }

      const after = await currentCase(trx, actor, input.id);
      if (changed.includes('patientUserId')) await linkPersonToPatient(trx, actor.organizationId, after.personId, after.patientUserId, now);
      const fields: TEditableField[] = statusChanging && !changed.includes('progressPercentage') ? [...changed, 'progressPercentage'] : changed;
      const people = PEOPLE_FIELDS.flatMap((field) => [before[field], after[field]]).filter((id): id is string => typeof id === 'string');
      const changes = fieldChanges(fields, before, after, actor.platform, await userNames(trx, people));
      await appendCaseEvent(trx, {
        organizationId: actor.organizationId,
        caseId: input.id,
        actorId: actor.userId,
        kind: 'case.updated',
        at: now,
        summary: `Changed ${changes.map((c) => c.label.toLowerCase()).join(', ')}`,
        changes,
      });
      return { kase: after, changed: true };
    }
  });
  return caseFor(actor, result.kase);
}

export const ALREADY_READABLE_MESSAGE = 'You can already read this case';

/**
 * Break the glass (issue 18): someone who may read cases but is not on a restricted case's team
 * gives a reason and reads it for BREAK_GLASS_HOURS. The grant is a timeline line the team sees, and
 * the call is audited with the reason (audited-procedures.ts), so it shows in the access report.
 */
export async function breakGlass(db: Kysely<DB>, actor: TenantActor, input: TBreakGlassInput): Promise<TBreakGlassGrant> {
  return db.transaction().execute(async (trx) => {
    const kase = await trx
      .selectFrom('cases')
      .select(['id', 'restricted'])
      .where('id', '=', input.id)
      .where('organization_id', '=', actor.organizationId)
      .executeTakeFirst();
    if (!kase) throw new AppError('NOT_FOUND', 'Case not found');
    if (Number(kase.restricted) !== 1 || (await hasNeedToKnow(trx, actor, input.id))) {
      throw new AppError('BAD_REQUEST', ALREADY_READABLE_MESSAGE);
    }
    const now = nowIso();
    const expiresAt = new Date(Date.parse(now) + BREAK_GLASS_HOURS * 3_600_000).toISOString();
    await trx
      .insertInto('break_glass_grants')
      .values({ id: randomUUID(), organization_id: actor.organizationId, case_id: input.id, user_id: actor.userId, reason: input.reason, granted_at: now, expires_at: expiresAt })
      .execute();
    const names = await userNames(trx, [actor.userId]);
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: input.id,
      actorId: actor.userId,
      kind: 'access.break_glass',
      at: now,
      summary: `${names.get(actor.userId) ?? 'Someone'} broke the glass to read this case: ${input.reason}`,
      details: { reason: input.reason, expiresAt },
    });
    return { caseId: input.id, expiresAt };
  });
}
