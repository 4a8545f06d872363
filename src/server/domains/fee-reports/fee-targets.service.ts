import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TFeeTarget, TSetFeeTargetRequest } from '../../../shared/domain/fee-reports';
import { fullName } from '../../../shared/format';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireBillingFirm } from '../fee-notes/fee-settings.service';
import { FORMER_MEMBER } from './report-names';

// Fee earners' monthly targets (issue 34, decision 0067): set by Finance or the Director, one row per
// member (fee_targets, migration 0031), replaced when set again and removed with null. The list is
// the firm's active members who put work on a matter's bill (fees.record), with their targets.

function membersOf(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('fee_targets as t', (join) => join.onRef('t.user_id', '=', 'm.user_id').onRef('t.organization_id', '=', 'm.organization_id'))
    .select(['m.user_id', 'm.role', 'u.first_name', 'u.last_name', 't.monthly_target_cents', 't.updated_at'])
    .where('m.organization_id', '=', organizationId)
    .where('m.status', '=', 'active');
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof membersOf>['execute']>>[number];

const toTarget = (r: MemberRow): TFeeTarget => ({
  userId: r.user_id,
  name: fullName(r.first_name, r.last_name) ?? FORMER_MEMBER,
  role: r.role,
  monthlyTargetCents: r.monthly_target_cents === null ? null : Number(r.monthly_target_cents),
  updatedAt: r.updated_at,
});

export async function listFeeTargets(db: Kysely<DB>, actor: TenantActor): Promise<TFeeTarget[]> {
  await requireBillingFirm(db, actor);
  const rows = await membersOf(db, actor.organizationId).orderBy('u.first_name').orderBy('u.last_name').orderBy('m.user_id').execute();
  return rows.filter((r) => r.monthly_target_cents !== null || can({ role: r.role }, 'fees.record')).map(toTarget);
}

/** A member's monthly target (404 for anyone who is not an active member of the firm); null removes it. */
export async function setFeeTarget(db: Kysely<DB>, actor: TenantActor, input: TSetFeeTargetRequest): Promise<TFeeTarget> {
  await requireBillingFirm(db, actor);
  const member = await membersOf(db, actor.organizationId).where('m.user_id', '=', input.userId).executeTakeFirst();
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  if (input.monthlyTargetCents === null) {
    await db.deleteFrom('fee_targets').where('organization_id', '=', actor.organizationId).where('user_id', '=', input.userId).execute();
  } else {
    const values = { monthly_target_cents: input.monthlyTargetCents, updated_by: actor.userId, updated_at: nowIso() };
    await db
      .insertInto('fee_targets')
      .values({ organization_id: actor.organizationId, user_id: input.userId, ...values })
      .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet(values))
      .execute();
  }
  return toTarget(await membersOf(db, actor.organizationId).where('m.user_id', '=', input.userId).executeTakeFirstOrThrow());
}
