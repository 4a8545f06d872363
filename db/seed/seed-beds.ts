import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import type { TDemoBedType } from './case-template';
import { addMinutes } from '../time';
import type { Rng, SeedClock } from './seed-helpers';
import type { SeededCase } from './seed-cases';
import type { SeededOrganization } from './seed-people';

// Thornhill's wards. Every running case with a bed occupies one (open assignment, bed number on the
// case), every scheduled case with a bed reserves one, and every completed case with a bed left a
// released assignment on a bed that is free today, so no bed's history overlaps itself.

interface WardPlan {
  ward: string;
  bedType: TDemoBedType;
  prefix: string;
  count: number;
  /** Person key of the nurse in charge, assigned to every bed of the ward when set. */
  nurse: string | null;
  /** Bed numbers out of service, with the reason. */
  maintenance: Record<string, string>;
}

const WARDS: readonly WardPlan[] = [
  { ward: 'Ward A – General', bedType: 'General', prefix: 'A', count: 12, nurse: null, maintenance: { 'A-11': 'Bed motor fault – awaiting biomedical technician.' } },
  { ward: 'ICU', bedType: 'ICU', prefix: 'ICU', count: 6, nurse: 'khoza', maintenance: { 'ICU-06': 'Ventilator service due; bed closed until the monitor is recalibrated.' } },
  { ward: 'Emergency', bedType: 'Emergency', prefix: 'ER', count: 6, nurse: null, maintenance: { 'ER-05': 'Terminal clean after isolation case.' } },
  { ward: 'Maternity', bedType: 'Maternity', prefix: 'MAT', count: 6, nurse: 'fourie', maintenance: {} },
];

export interface BedRows {
  bedRows: Insertable<DB['beds']>[];
  assignmentRows: Insertable<DB['bed_assignments']>[];
}

type BedRow = Insertable<DB['beds']> & { bed_type: TDemoBedType; status: string };

export function buildBeds(org: SeededOrganization, cases: SeededCase[], clock: SeedClock, rng: Rng): BedRows {
  const wardsSince = clock.at(-400, '08:00');
  const beds: BedRow[] = WARDS.flatMap((plan) =>
    Array.from({ length: plan.count }, (_, i): BedRow => {
      const bedNumber = `${plan.prefix}-${String(i + 1).padStart(2, '0')}`;
      const maintenance = plan.maintenance[bedNumber];
      return {
        id: randomUUID(),
        organization_id: org.id,
        bed_number: bedNumber,
        ward: plan.ward,
        bed_type: plan.bedType,
        status: maintenance ? 'Maintenance' : 'Available',
        assigned_nurse_id: plan.nurse ? org.member(plan.nurse).userId : null,
        patient_id: null,
        notes: maintenance ?? null,
        created_at: wardsSince,
        updated_at: wardsSince,
      };
    }),
  );
  const assignmentRows: Insertable<DB['bed_assignments']>[] = [];

  // A stay names its patient (issue 31: the bed board showed a hospital number that looked like a
  // case reference; the folder number is now on the person, seed-registry.ts). The random draws the
  // old hospital numbers made are kept, so every later draw of the seed — and the demo — is the same.
  rng.int(0, 40);
  const patientOf = (c: SeededCase): string => {
    rng.int(3, 17);
    return String(c.row.patient_name);
  };

  const historyBeds = new Set<string>();
  const takeFreeBed = (bedType: TDemoBedType, forWhom: string): BedRow => {
    const free = beds.filter((b) => b.bed_type === bedType && b.status === 'Available' && !historyBeds.has(b.id));
    if (free.length === 0) throw new Error(`No free ${bedType} bed left for ${forWhom}: add beds to the ward plan`);
    return rng.pick(free);
  };

  const withBeds = cases.filter((c) => c.template.bed);
  // Running cases first so they get beds; then reservations; history last, on beds still free.
  const order = ['In Progress', 'Scheduled', 'Completed'] as const;
  for (const status of order) {
    for (const c of withBeds.filter((x) => x.template.status === status)) {
      const bedType = c.template.bed as TDemoBedType;
      const bed = takeFreeBed(bedType, c.template.patient);
      const nurseId = c.supportId ?? c.managerId;
      if (status === 'In Progress') {
        const patientId = patientOf(c);
        const assignedAt = addMinutes(c.openedAt, rng.int(20, 90));
        Object.assign(bed, {
          status: 'Occupied', patient_id: patientId, assigned_nurse_id: nurseId,
          notes: c.template.flags?.[0] ?? null, updated_at: assignedAt,
        });
        c.row.bed_number = bed.bed_number;
        assignmentRows.push({
          id: randomUUID(), organization_id: org.id, bed_id: bed.id, patient_id: patientId, case_id: c.id,
          assigned_by: nurseId, assigned_at: assignedAt, released_by: null, released_at: null,
        });
      } else if (status === 'Scheduled') {
        Object.assign(bed, {
          status: 'Reserved',
          notes: `Reserved for elective admission: ${c.template.patient} (${c.template.caseType}).`,
          updated_at: c.row.created_at,
        });
      } else {
        const releasedAt = c.closedAt ?? clock.now;
        assignmentRows.push({
          id: randomUUID(), organization_id: org.id, bed_id: bed.id, patient_id: patientOf(c), case_id: c.id,
          assigned_by: nurseId, assigned_at: addMinutes(c.openedAt, rng.int(20, 90)),
          released_by: nurseId, released_at: releasedAt,
        });
        bed.updated_at = releasedAt;
        historyBeds.add(bed.id);
      }
    }
  }

  return { bedRows: beds, assignmentRows };
}
