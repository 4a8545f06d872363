import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { type TLatestVitals, type TLatestVitalsList, VITALS_MONITOR_LIMIT } from '../../../shared/domain/clinical-results';
import type { TenantActor } from '../../auth/actor';
import { readsEveryCase } from '../cases/case-access';

// The vitals monitor of the clinical dashboard (SPEC §2.9): per active case, the newest vitals —
// from the newest encounter that recorded any and has not been amended (an amendment is the newer
// truth and is itself an encounter row), or the newest observation set (issue 31), whichever is
// newer — with the NEWS2 of the newest observation set. The highest NEWS2 comes first, then the
// most recent: the sickest patient must not fall off the list because others were seen later.
// A restricted case shows only to those with need to know (its team, Administrators): vitals are
// the clinical record, not the case list. A discharged patient's case is Completed and leaves.

const ROWS_SCANNED = 500;

/**
 * The active cases of the organisation the actor may read the clinical record of, as a filter on the
 * alias `c` of both queries below (typed loosely: the two queries join different tables around it).
 */
function readableActiveCases(actor: TenantActor) {
  return (eb: ExpressionBuilder<any, any>) => {
    const org = actor.organizationId;
    const active = eb.and([eb('c.organization_id', '=', org), eb('c.status', '!=', 'Completed'), eb('c.deidentified_at', 'is', null)]);
    if (readsEveryCase(actor)) return active;
    return eb.and([
      active,
      eb.or([
        eb('c.restricted', '=', 0),
        eb('c.id', 'in', eb.selectFrom('case_team').select('case_team.case_id').where('case_team.organization_id', '=', org).where('case_team.user_id', '=', actor.userId)),
      ]),
    ]);
  };
}

export async function latestVitals(db: Kysely<DB>, actor: TenantActor): Promise<TLatestVitalsList> {
  const org = actor.organizationId;
  const [encounters, observations] = await Promise.all([
    db
      .selectFrom('encounters as e')
      .innerJoin('cases as c', 'c.id', 'e.case_id')
      .leftJoin('encounters as amender', 'amender.amends_id', 'e.id')
      .select([
        'e.case_id', 'c.patient_name', 'c.bed_number', 'c.priority', 'e.occurred_at',
        'e.pulse', 'e.systolic', 'e.diastolic', 'e.temperature_c', 'e.respiratory_rate', 'e.spo2', 'e.weight_kg',
      ])
      .where('e.organization_id', '=', org)
      .where(readableActiveCases(actor))
      .where('amender.id', 'is', null)
      .where((eb) =>
        eb.or([
          eb('e.pulse', 'is not', null), eb('e.systolic', 'is not', null), eb('e.temperature_c', 'is not', null),
          eb('e.respiratory_rate', 'is not', null), eb('e.spo2', 'is not', null), eb('e.weight_kg', 'is not', null),
        ]),
      )
      .orderBy('e.occurred_at', 'desc')
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id')
      .limit(ROWS_SCANNED)
      .execute(),
    db
      .selectFrom('observations as o')
      .innerJoin('cases as c', 'c.id', 'o.case_id')
      .select([
        'o.case_id', 'c.patient_name', 'c.bed_number', 'c.priority', 'o.recorded_at', 'o.pulse', 'o.systolic', 'o.temperature_c',
        'o.respiratory_rate', 'o.spo2', 'o.on_oxygen', 'o.consciousness', 'o.news2', 'o.band',
      ])
      .where('o.organization_id', '=', org)
      .where(readableActiveCases(actor))
      .orderBy('o.recorded_at', 'desc')
      .orderBy('o.id')
      .limit(ROWS_SCANNED)
      .execute(),
  ]);

  const byCase = new Map<string, TLatestVitals>();
  for (const r of encounters) {
    if (byCase.has(r.case_id)) continue;
    byCase.set(r.case_id, {
      caseId: r.case_id, patientName: r.patient_name, bedNumber: r.bed_number, priority: r.priority, recordedAt: r.occurred_at,
      pulse: num(r.pulse), systolic: num(r.systolic), diastolic: num(r.diastolic), temperatureC: num(r.temperature_c),
      respiratoryRate: num(r.respiratory_rate), spo2: num(r.spo2), weightKg: num(r.weight_kg),
      news2: null, band: null, onOxygen: null, consciousness: null, ward: null,
    });
  }
  const scored = new Set<string>();
  for (const o of observations) {
    if (scored.has(o.case_id)) continue;
    scored.add(o.case_id);
    const earlier = byCase.get(o.case_id);
    const score = { news2: Number(o.news2), band: o.band, onOxygen: Number(o.on_oxygen) === 1, consciousness: o.consciousness };
    // The newer reading's values; an encounter's diastolic and weight stay when the observation set is newer (it has neither).
    byCase.set(
      o.case_id,
      earlier && earlier.recordedAt > o.recorded_at
        ? { ...earlier, ...score }
        : {
            caseId: o.case_id, patientName: o.patient_name, bedNumber: o.bed_number, priority: o.priority, recordedAt: o.recorded_at,
            pulse: num(o.pulse), systolic: num(o.systolic), diastolic: earlier?.diastolic ?? null, temperatureC: num(o.temperature_c),
            respiratoryRate: num(o.respiratory_rate), spo2: num(o.spo2), weightKg: earlier?.weightKg ?? null, ward: null, ...score,
          },
    );
  }

  // Sorted before the cut: highest NEWS2 first (none last), then the most recent.
  const items = [...byCase.values()]
    .sort((a, b) => (b.news2 ?? -1) - (a.news2 ?? -1) || b.recordedAt.localeCompare(a.recordedAt) || a.caseId.localeCompare(b.caseId))
    .slice(0, VITALS_MONITOR_LIMIT);
  const beds = items.map((i) => i.bedNumber).filter((b): b is string => b !== null);
  const wards = beds.length === 0 ? [] : await db.selectFrom('beds').select(['bed_number', 'ward']).where('organization_id', '=', org).where('bed_number', 'in', beds).execute();
  const wardOf = new Map(wards.map((w) => [w.bed_number, w.ward]));
  return { items: items.map((i) => ({ ...i, ward: i.bedNumber ? (wardOf.get(i.bedNumber) ?? null) : null })) };
}

/** pg returns 'real' columns as numbers but may hand some drivers' numerics back as strings. */
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
