import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dayKey } from '../../../shared/calendar';
import type { DB } from '../../../../db/schema';
import { onUniqueViolation } from '../../../../db/unique-violation';
import { nowIso } from '../../../../db/time';
import {
  type TAddHourlyRateInput,
  type TStaffHourlyRate,
  centsToRands,
  randsToCents,
} from '../../../shared/domain/costs';
import { fullName } from '../../../shared/format';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// Hourly rates are effective-dated history: adding a rate never overwrites an earlier one (except
// a second rate for the same day, which replaces that day's), and the rate in force on a day is
// the one with the latest effective date on or before it.

function selectRates(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('staff_hourly_rates as r')
    .innerJoin('users', 'users.id', 'r.user_id')
    .selectAll('r')
    .select(['users.first_name', 'users.last_name'])
    .where('r.organization_id', '=', organizationId);
}

type RateRow = Awaited<ReturnType<ReturnType<typeof selectRates>['executeTakeFirstOrThrow']>>;

function toRate(row: RateRow): TStaffHourlyRate {
  return {
    id: row.id,
    userId: row.user_id,
    userName: fullName(row.first_name, row.last_name) ?? '',
    role: row.role,
    hourlyRate: centsToRands(row.hourly_rate_cents),
    hourlyRateCents: row.hourly_rate_cents,
    effectiveDate: row.effective_date,
  };
}

/** The rate of each staff member in force today; someone whose only rates start later has none yet. */
export async function listCurrentRates(db: Kysely<DB>, actor: TenantActor): Promise<TStaffHourlyRate[]> {
  const today = dayKey();
  const rows = await selectRates(db, actor.organizationId)
    .where('r.effective_date', '<=', today)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('staff_hourly_rates as later')
            .select('later.id')
            .whereRef('later.organization_id', '=', 'r.organization_id')
            .whereRef('later.user_id', '=', 'r.user_id')
            .where('later.effective_date', '<=', today)
            .where((eb) =>
              eb.or([
                eb('later.effective_date', '>', eb.ref('r.effective_date')),
                eb.and([eb('later.effective_date', '=', eb.ref('r.effective_date')), eb('later.created_at', '>', eb.ref('r.created_at'))]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('r.user_id')
    .execute();
  return rows.map(toRate);
}

/** Every rate of one staff member, latest effective date first (future ones included). */
export async function rateHistory(db: Kysely<DB>, actor: TenantActor, userId: string): Promise<TStaffHourlyRate[]> {
  const member = await db
    .selectFrom('memberships')
    .select('id')
    .where('organization_id', '=', actor.organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const rows = await selectRates(db, actor.organizationId)
    .where('r.user_id', '=', userId)
    .orderBy('r.effective_date', 'desc')
    .orderBy('r.created_at', 'desc')
    .execute();
  if (!member && rows.length === 0) throw new AppError('NOT_FOUND', 'Staff member not found');
  return rows.map(toRate);
}

export async function addHourlyRate(db: Kysely<DB>, actor: TenantActor, input: TAddHourlyRateInput): Promise<TStaffHourlyRate> {
  const cents = randsToCents(input.hourlyRate);
  const savedAtOnce = () => new AppError('CONFLICT', 'Another rate for this day was saved at the same moment; reload and try again');
  const id = await onUniqueViolation(() => db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('memberships')
      .select('role')
      .where('organization_id', '=', actor.organizationId)
      .where('user_id', '=', input.userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!member) {
      const message = 'Choose a staff member of your organisation';
      throw new AppError('BAD_REQUEST', message, { userId: message });
    }
    // A Patient is a member of the organisation but not staff: no time of theirs is ever priced.
    if (member.role === 'Patient') {
      const message = 'A patient has no hourly rate; choose a staff member';
      throw new AppError('BAD_REQUEST', message, { userId: message });
    }
    const role = input.role ?? member.role;
    const now = nowIso();
    // One rate per staff member per day: a second one that day corrects the first.
    const sameDay = await trx
      .selectFrom('staff_hourly_rates')
      .select('id')
      .where('organization_id', '=', actor.organizationId)
      .where('user_id', '=', input.userId)
      .where('effective_date', '=', input.effectiveDate)
      .execute();
    const [kept, ...duplicates] = sameDay;
    if (kept) {
      await trx.updateTable('staff_hourly_rates').set({ role, hourly_rate_cents: cents, created_at: now }).where('id', '=', kept.id).execute();
      if (duplicates.length > 0) {
        await trx.deleteFrom('staff_hourly_rates').where('id', 'in', duplicates.map((d) => d.id)).execute();
      }
      return kept.id;
    }
    const newId = randomUUID();
    await trx
      .insertInto('staff_hourly_rates')
      .values({
        id: newId,
        organization_id: actor.organizationId,
        user_id: input.userId,
        role,
        hourly_rate_cents: cents,
        effective_date: input.effectiveDate,
        created_at: now,
      })
      .execute();
    return newId;
  }), savedAtOnce);
  const row = await selectRates(db, actor.organizationId).where('r.id', '=', id).executeTakeFirstOrThrow();
  return toRate(row);
}

/** The rate of a staff member in force on a day, in cents, or null when none applies yet. */
export async function rateCentsInForce(db: Kysely<DB>, organizationId: string, userId: string, day: string): Promise<number | null> {
  const row = await db
    .selectFrom('staff_hourly_rates')
    .select('hourly_rate_cents')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('effective_date', '<=', day)
    .orderBy('effective_date', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? row.hourly_rate_cents : null;
}
