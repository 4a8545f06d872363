import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { type TCaseCostSummaryListInput, type TCaseCostSummaryPage, type TTimeEntry, centsToRands, minutesToHours } from '../../../shared/domain/costs';
import type { TenantActor } from '../../auth/actor';
import { assertCaseOfOrganization, selectTimeEntries, toTimeEntry } from './time-entries.service';

// Case costs are computed from the stored time entries, each priced when it was stopped at the
// rate in force when it started. An ongoing entry has no cost or duration yet, so it counts 0.
// The split follows the role recorded on the entry: Doctor, Nurse and Case Manager each have their
// part, and every other role (Clinical Staff, Legal Consultants …) is "other staff", so the four
// parts always add up to the total (issue 17: a total of R 1 920 beside three parts of R 0).

const SPLIT_ROLES = { doctor: 'Doctor', nurse: 'Nurse', caseManager: 'Case Manager' } as const;

/**
 * How many of the organisation's cases have at least one time entry. Counted over a DISTINCT
 * subquery rather than count(DISTINCT …): Postgres then reads the case ids in order from
 * time_entries_org_case_idx and skips repeats, instead of sorting them (40,000 entries: 14 ms
 * against 51 ms; SQLite the same either way).
 */
export function countCasesWithTime(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom((eb) => eb.selectFrom('time_entries').select('case_id').distinct().where('organization_id', '=', organizationId).as('cases_with_time'))
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * A page of the organisation's cases that have time entries, by patient name: read in the order of
 * the index on (organization_id, patient_name, id), each checked through time_entries_org_case_idx,
 * so the first pages read a few dozen index entries instead of summing every entry of a hospital.
 */
export function selectCasesWithTime(db: Kysely<DB>, organizationId: string, limit: number, offset: number) {
  return db
    .selectFrom('cases')
    .select(['cases.id', 'cases.patient_name', 'cases.case_type'])
    .where('cases.organization_id', '=', organizationId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('time_entries as te').select('te.id').where('te.organization_id', '=', organizationId).whereRef('te.case_id', '=', 'cases.id')),
    )
    .orderBy('cases.patient_name')
    .orderBy('cases.id')
    .limit(limit)
    .offset(offset);
}

/** The cost sums of the given cases of the organisation, split by role. */
export function selectCostSums(db: Kysely<DB>, organizationId: string, caseIds: string[]) {
  return db
    .selectFrom('time_entries as te')
    .select((eb) => {
      const costOf = (role: string) =>
        eb.fn.sum<number>(eb.case().when('te.role', '=', role).then(eb.ref('te.total_cost_cents')).else(eb.lit(0)).end());
      return [
        'te.case_id',
        eb.fn.sum<number>('te.total_cost_cents').as('total_cents'),
        eb.fn.coalesce(eb.fn.sum<number>('te.duration_minutes'), eb.lit(0)).as('total_minutes'),
        costOf(SPLIT_ROLES.doctor).as('doctor_cents'),
        costOf(SPLIT_ROLES.nurse).as('nurse_cents'),
        costOf(SPLIT_ROLES.caseManager).as('case_manager_cents'),
        eb.fn.countAll<number>().as('entry_count'),
      ];
    })
    .where('te.organization_id', '=', organizationId)
    .where('te.case_id', 'in', caseIds)
    .groupBy('te.case_id');
}

/** One page of the organisation's case cost summaries, by patient name, with the total of cases that have time. */
export async function caseCostSummaries(db: Kysely<DB>, actor: TenantActor, input: TCaseCostSummaryListInput): Promise<TCaseCostSummaryPage> {
  const org = actor.organizationId;
  const counted = await countCasesWithTime(db, org).executeTakeFirstOrThrow();
  const cases = await selectCasesWithTime(db, org, input.pageSize, (input.page - 1) * input.pageSize).execute();
  const page = { total: Number(counted.n), page: input.page, pageSize: input.pageSize };
  if (cases.length === 0) return { items: [], ...page };
  const sums = await selectCostSums(db, org, cases.map((c) => c.id)).execute();
  const sumsOf = new Map(sums.map((row) => [row.case_id, row]));

  const items = cases.flatMap((kase) => {
    const row = sumsOf.get(kase.id);
    // An entry deleted between the two reads: the case no longer has costs to show.
    if (!row) return [];
    const totalCostCents = Number(row.total_cents);
    const doctorCostCents = Number(row.doctor_cents);
    const nurseCostCents = Number(row.nurse_cents);
    const caseManagerCostCents = Number(row.case_manager_cents);
    // The rest of the total by construction: exact in cents, whatever roles recorded the time.
    const otherCostCents = totalCostCents - doctorCostCents - nurseCostCents - caseManagerCostCents;
    return [{
      caseId: kase.id,
      patientName: kase.patient_name,
      caseType: kase.case_type,
      totalCost: centsToRands(totalCostCents),
      totalCostCents,
      totalHours: minutesToHours(Number(row.total_minutes)),
      doctorCost: centsToRands(doctorCostCents),
      doctorCostCents,
      nurseCost: centsToRands(nurseCostCents),
      nurseCostCents,
      caseManagerCost: centsToRands(caseManagerCostCents),
      caseManagerCostCents,
      otherCost: centsToRands(otherCostCents),
      otherCostCents,
      entryCount: Number(row.entry_count),
    }];
  });
  return { items, ...page };
}

/** The time entries of one case of the organisation, latest first. */
export async function caseCostDetails(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TTimeEntry[]> {
  await assertCaseOfOrganization(db, actor, caseId);
  const rows = await selectTimeEntries(db, actor.organizationId)
    .where('te.case_id', '=', caseId)
    .orderBy('te.start_time', 'desc')
    .orderBy('te.id')
    .execute();
  return rows.map((row) => toTimeEntry(row, actor.platform));
}
