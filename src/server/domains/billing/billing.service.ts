import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import {
  type TBillingStatement,
  type TBillingStatementInput,
  type TBillingSummary,
  buildStatement,
  currentBillingMonth,
  monthBounds,
  planStatusOf,
} from '../../../shared/domain/billing';
import type { TPlatform } from '../../../shared/platform';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// Billing reads what other domains wrote: the organisation row (plan, trial, seat limit), its
// active memberships and its time entries. Costs are not recomputed: each entry's total_cost_cents
// is the price Cost Management stored when the entry stopped (time-entries.service stopTimeEntry),
// so the statement always agrees with the case cost figures.

export async function billingSummary(db: Kysely<DB>, actor: TenantActor, now: Date = new Date()): Promise<TBillingSummary> {
  const org = await db
    .selectFrom('organizations')
    .select(['name', 'platform', 'plan', 'trial_ends_at', 'max_users'])
    .where('id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!org) throw new AppError('NOT_FOUND', 'Organisation not found');
  const members = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organization_id', '=', actor.organizationId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return {
    organizationName: org.name,
    platform: org.platform as TPlatform,
    plan: org.plan,
    ...planStatusOf(org.plan, org.trial_ends_at, now),
    trialEndsAt: org.trial_ends_at,
    maxUsers: org.max_users,
    usersInUse: Number(members.n),
  };
}

/** The month's statement; the current SAST month when none is asked for. */
export async function billingStatement(db: Kysely<DB>, actor: TenantActor, input: TBillingStatementInput): Promise<TBillingStatement> {
  const month = input?.month ?? currentBillingMonth();
  const { from, to } = monthBounds(month);
  // ISO-8601 UTC text compares chronologically in both dialects (db/time.ts).
  const rows = await db
    .selectFrom('time_entries as te')
    .innerJoin('cases', 'cases.id', 'te.case_id')
    .select(['te.role', 'te.user_id', 'te.start_time', 'te.end_time', 'te.duration_minutes', 'te.total_cost_cents'])
    .where('te.organization_id', '=', actor.organizationId)
    .where('cases.organization_id', '=', actor.organizationId)
    .where('te.start_time', '>=', from)
    .where('te.start_time', '<', to)
    .execute();
  return buildStatement(
    month,
    rows.map((r) => ({
      role: r.role,
      userId: r.user_id,
      startTime: r.start_time,
      endTime: r.end_time,
      durationMinutes: r.duration_minutes === null ? null : Number(r.duration_minutes),
      totalCostCents: Number(r.total_cost_cents),
    })),
  );
}
