import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { HOSPITAL_RECORD_TYPE } from '../../../shared/domain/hospital-records';
import { HOD_MANDATE_ITEM, HOSPITAL_NOT_YET_KNOWN, type TStateClaims, claimsByHospital } from '../../../shared/domain/state-claims';
import type { TenantActor } from '../../auth/actor';
import { readableCaseOf } from '../cases/case-visibility';
import { listUpcomingDeadlines } from '../deadlines/case-deadlines.service';

// The State unit's dashboard (issue 32): what the province is exposed to. Every figure counts the
// open matters the caller may read (a restricted matter without need to know is left out, as in the
// list), so a total never reveals what its parts may not.

export async function getStateClaims(db: Kysely<DB>, actor: TenantActor, now: Date = new Date()): Promise<TStateClaims> {
  const openClaims = db
    .selectFrom('cases')
    .where('cases.organization_id', '=', actor.organizationId)
    .where('cases.status', '!=', 'Completed')
    .where(readableCaseOf(actor));

  const [totals, hospitals, deadlines, mandates] = await Promise.all([
    openClaims
      .leftJoin('court_matters as cm', (join) => join.onRef('cm.case_id', '=', 'cases.id').on('cm.organization_id', '=', actor.organizationId))
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('cm.claim_amount_cents'), eb.lit(0)).as('cents'),
        eb.fn.count<number>('cm.claim_amount_cents').as('valued'),
      ])
      .executeTakeFirstOrThrow(),
    // The hospital of a claim is the facility its hospital records came from (the first by name when
    // several did); a claim whose records are still awaited has none yet.
    db
      .selectFrom(
        openClaims
          .leftJoin('court_matters as cm', (join) => join.onRef('cm.case_id', '=', 'cases.id').on('cm.organization_id', '=', actor.organizationId))
          .select((eb) => [
            eb
              .selectFrom('documents as d')
              .select((inner) => inner.fn.min('d.source_facility').as('f'))
              .whereRef('d.case_id', '=', 'cases.id')
              .where('d.organization_id', '=', actor.organizationId)
              .where('d.record_type', '=', HOSPITAL_RECORD_TYPE)
              .as('facility'),
            'cm.claim_amount_cents as cents',
          ])
          .as('claim'),
      )
      .select((eb) => ['claim.facility', eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('claim.cents'), eb.lit(0)).as('cents')])
      .groupBy('claim.facility')
      .execute(),
    deadlinesStillToMeet(db, actor, now),
    openClaims
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('checklist_items as ci')
              .select(sql`1`.as('one'))
              .whereRef('ci.case_id', '=', 'cases.id')
              .where('ci.organization_id', '=', actor.organizationId)
              .where('ci.label', '=', HOD_MANDATE_ITEM)
              .where('ci.done', '=', 1),
          ),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);

  const n = Number(totals.n);
  return {
    openClaims: n,
    contingentLiabilityCents: Number(totals.cents),
    claimsWithoutAmount: n - Number(totals.valued),
    byHospital: claimsByHospital(hospitals.map((row) => ({ hospital: row.facility ?? HOSPITAL_NOT_YET_KNOWN, claims: Number(row.n), valueCents: Number(row.cents) }))),
    deadlinesThisWeek: deadlines,
    mandatesAwaited: Number(mandates.n),
  };
}

/**
 * Deadlines due from today through the next seven days on open matters the caller may read, still to
 * be met: their status comes from the one rule (decision 0056), so a deadline marked met or not
 * applicable, or met by the service of summons, is not counted.
 */
async function deadlinesStillToMeet(db: Kysely<DB>, actor: TenantActor, now: Date): Promise<number> {
  const upcoming = await listUpcomingDeadlines(db, actor, { days: 7 }, now);
  const pending = upcoming.items.filter((d) => d.status === 'open' || d.status === 'overdue');
  const caseIds = [...new Set(pending.map((d) => d.caseId))];
  if (caseIds.length === 0) return 0;
  const open = await db.selectFrom('cases').select('id').where('organization_id', '=', actor.organizationId).where('id', 'in', caseIds).where('status', '!=', 'Completed').execute();
  const openIds = new Set(open.map((row) => row.id));
  return pending.filter((d) => openIds.has(d.caseId)).length;
}
