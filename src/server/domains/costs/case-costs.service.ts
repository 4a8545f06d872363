import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { type TCaseCostSummary, type TTimeEntry, centsToRands, minutesToHours } from '../../../shared/domain/costs';
import type { TenantActor } from '../../trpc';
import { assertCaseOfOrganization, selectTimeEntries, toTimeEntry } from './time-entries.service';

// Case costs are computed from the stored time entries, each priced when it was stopped at the
// rate in force when it started. An ongoing entry has no cost or duration yet, so it counts 0.
// The split follows the role recorded on the entry; other roles count in the total only.

const SPLIT_ROLES = { doctor: 'Doctor', nurse: 'Nurse', caseManager: 'Case Manager' } as const;

export async function caseCostSummaries(db: Kysely<DB>, actor: TenantActor): Promise<TCaseCostSummary[]> {
  const rows = await db
    .selectFrom('time_entries as te')
    .innerJoin('cases', 'cases.id', 'te.case_id')
    .select((eb) => {
      const costOf = (role: string) =>
        eb.fn.sum<number>(eb.case().when('te.role', '=', role).then(eb.ref('te.total_cost_cents')).else(eb.lit(0)).end());
      return [
        'te.case_id',
        'cases.patient_name',
        'cases.case_type',
        eb.fn.sum<number>('te.total_cost_cents').as('total_cents'),
        eb.fn.coalesce(eb.fn.sum<number>('te.duration_minutes'), eb.lit(0)).as('total_minutes'),
        costOf(SPLIT_ROLES.doctor).as('doctor_cents'),
        costOf(SPLIT_ROLES.nurse).as('nurse_cents'),
        costOf(SPLIT_ROLES.caseManager).as('case_manager_cents'),
        eb.fn.countAll<number>().as('entry_count'),
      ];
    })
    .where('te.organization_id', '=', actor.organizationId)
    .where('cases.organization_id', '=', actor.organizationId)
    .groupBy(['te.case_id', 'cases.patient_name', 'cases.case_type'])
    .orderBy('cases.patient_name')
    .orderBy('te.case_id')
    .execute();
  return rows.map((row) => {
    const totalCostCents = Number(row.total_cents);
    const doctorCostCents = Number(row.doctor_cents);
    const nurseCostCents = Number(row.nurse_cents);
    const caseManagerCostCents = Number(row.case_manager_cents);
    return {
      caseId: row.case_id,
      patientName: row.patient_name,
      caseType: row.case_type,
      totalCost: centsToRands(totalCostCents),
      totalCostCents,
      totalHours: minutesToHours(Number(row.total_minutes)),
      doctorCost: centsToRands(doctorCostCents),
      doctorCostCents,
      nurseCost: centsToRands(nurseCostCents),
      nurseCostCents,
      caseManagerCost: centsToRands(caseManagerCostCents),
      caseManagerCostCents,
      entryCount: Number(row.entry_count),
    };
  });
}

/** The time entries of one case of the organisation, latest first. */
export async function caseCostDetails(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TTimeEntry[]> {
  await assertCaseOfOrganization(db, actor, caseId);
  const rows = await selectTimeEntries(db, actor.organizationId)
    .where('te.case_id', '=', caseId)
    .orderBy('te.start_time', 'desc')
    .orderBy('te.id')
    .execute();
  return rows.map(toTimeEntry);
}
