import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  CENSUS_HISTORY_DAYS,
  type TCensusPatient,
  type TWardCensus,
  endOfSaDay,
  lastSaDays,
  lengthOfStayDays,
  occupancyHistory,
  saCalendarDay,
} from '../../../shared/domain/admissions';
import type { TenantActor } from '../../auth/actor';

// The ward census (issue 22): per ward its beds, who is in them and for how long, the discharges
// expected today, and the occupied beds at the end of each of the last 30 South African days. All of
// it is read from bed_assignments (stays), so quick-Assign stays without an admission count too:
// their "name" is the patient ID typed at Assign, and they have no person.

export async function wardCensus(db: Kysely<DB>, actor: TenantActor, now: string = nowIso()): Promise<TWardCensus> {
  const days = lastSaDays(now, CENSUS_HISTORY_DAYS);
  const since = endOfSaDay(new Date(Date.parse(`${days[0]}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
  const [beds, stays] = await Promise.all([
    db.selectFrom('beds').select(['id', 'ward', 'bed_number', 'status']).where('organization_id', '=', actor.organizationId).execute(),
    // Every stay that was open at some point of the window: begun before now, not released before it began.
    db
      .selectFrom('bed_assignments as s')
      .innerJoin('beds as b', 'b.id', 's.bed_id')
      .leftJoin('admissions as a', 'a.id', 's.admission_id')
      .leftJoin('people as p', 'p.id', 'a.person_id')
      .select(['s.bed_id', 's.patient_id', 's.case_id', 's.assigned_at', 's.released_at', 's.admission_id', 'b.ward', 'b.bed_number', 'a.person_id', 'a.admitted_at', 'a.estimated_discharge', 'p.full_name'])
      .where('s.organization_id', '=', actor.organizationId)
      .where((eb) => eb.or([eb('s.released_at', 'is', null), eb('s.released_at', '>', since)]))
      .execute(),
  ]);

  const wards = [...new Set(beds.map((b) => b.ward))].sort((a, b) => a.localeCompare(b));
  const history = occupancyHistory(
    wards,
    stays.map((s) => ({ ward: s.ward, assignedAt: s.assigned_at, releasedAt: s.released_at })),
    now,
  );
  const today = saCalendarDay(now);
  const patientOf = (s: (typeof stays)[number]): TCensusPatient => {
    // An admission's stay began at admission; a transfer does not restart the length of stay.
    const admittedAt = s.admitted_at ?? s.assigned_at;
    return {
      personId: s.person_id ?? null,
      name: s.full_name ?? s.patient_id,
      admissionId: s.admission_id ?? null,
      caseId: s.case_id,
      bedId: s.bed_id,
      bedNumber: s.bed_number,
      admittedAt,
      estimatedDischarge: s.estimated_discharge ?? null,
      lengthOfStayDays: lengthOfStayDays(admittedAt, now),
    };
  };
  const occupiedBedIds = new Set(beds.filter((b) => b.status === 'Occupied').map((b) => b.id));
  const current = stays.filter((s) => s.released_at === null && occupiedBedIds.has(s.bed_id));
  const byBedNumber = (x: TCensusPatient, y: TCensusPatient) => x.bedNumber.localeCompare(y.bedNumber, undefined, { numeric: true });

  return {
    date: today,
    wards: wards.map((ward) => ({
      ward,
      beds: beds.filter((b) => b.ward === ward).length,
      occupied: beds.filter((b) => b.ward === ward && b.status === 'Occupied').length,
      patients: current.filter((s) => s.ward === ward).map(patientOf).sort(byBedNumber),
      history: history.get(ward) ?? [],
    })),
    expectedDischargesToday: current
      .filter((s) => s.estimated_discharge && saCalendarDay(s.estimated_discharge) === today)
      .map((s) => ({ ...patientOf(s), ward: s.ward }))
      .sort(byBedNumber),
  };
}
