import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { type TLatestVitalsList, VITALS_MONITOR_LIMIT } from '../../../shared/domain/clinical-results';
import type { TenantActor } from '../../auth/actor';
import { readsEveryCase } from '../cases/case-access';

// The vitals monitor of the clinical dashboard (SPEC §2.9): per active case, the newest encounter
// that recorded vitals and has not been amended (an amendment is the newer truth and is itself an
// encounter row). A restricted case shows only to those with need to know (its team, Administrators):
// vitals are the clinical record, not the case list.

const ROWS_SCANNED = 500;

export async function latestVitals(db: Kysely<DB>, actor: TenantActor): Promise<TLatestVitalsList> {
  const org = actor.organizationId;
  const rows = await db
    .selectFrom('encounters as e')
    .innerJoin('cases as c', 'c.id', 'e.case_id')
    .leftJoin('encounters as amender', 'amender.amends_id', 'e.id')
    .select([
      'e.case_id', 'c.patient_name', 'c.bed_number', 'c.priority', 'e.occurred_at',
      'e.pulse', 'e.systolic', 'e.diastolic', 'e.temperature_c', 'e.respiratory_rate', 'e.spo2', 'e.weight_kg',
    ])
    .where('e.organization_id', '=', org)
    .where('c.organization_id', '=', org)
    .where('c.status', '!=', 'Completed')
    .where('c.deidentified_at', 'is', null)
    .where('amender.id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('e.pulse', 'is not', null), eb('e.systolic', 'is not', null), eb('e.temperature_c', 'is not', null),
        eb('e.respiratory_rate', 'is not', null), eb('e.spo2', 'is not', null), eb('e.weight_kg', 'is not', null),
      ]),
    )
    .$if(!readsEveryCase(actor), (q) =>
      q.where((eb) =>
        eb.or([
          eb('c.restricted', '=', 0),
          eb('c.id', 'in', eb.selectFrom('case_team').select('case_team.case_id').where('case_team.organization_id', '=', org).where('case_team.user_id', '=', actor.userId)),
        ]),
      ),
    )
    .orderBy('e.occurred_at', 'desc')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(ROWS_SCANNED)
    .execute();
  const seen = new Set<string>();
  const items: TLatestVitalsList['items'] = [];
  for (const r of rows) {
    if (seen.has(r.case_id)) continue;
    seen.add(r.case_id);
    items.push({
      caseId: r.case_id,
      patientName: r.patient_name,
      bedNumber: r.bed_number,
      priority: r.priority,
      recordedAt: r.occurred_at,
      pulse: num(r.pulse),
      systolic: num(r.systolic),
      diastolic: num(r.diastolic),
      temperatureC: num(r.temperature_c),
      respiratoryRate: num(r.respiratory_rate),
      spo2: num(r.spo2),
      weightKg: num(r.weight_kg),
    });
    if (items.length === VITALS_MONITOR_LIMIT) break;
  }
  return { items };
}

/** pg returns 'real' columns as numbers but may hand some drivers' numerics back as strings. */
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
