import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';
import { news2 } from '../../src/shared/domain/news2';

// Observation sets with NEWS2 on the hospitals' admitted patients (issue 31), so the vitals monitor
// and the observation chart of a fresh demo show real scores: four sets over the last day per
// patient in a bed, from a short list of patterns — most settled, one deteriorating (NEWS2 rising
// to 11, high) so the monitor has a patient at its top. Recorded by the case's nurse.

const HOUR_MS = 3_600_000;
type Reading = [rr: number, spo2: number, onOxygen: boolean, systolic: number, pulse: number, consciousness: 'A' | 'C' | 'V' | 'P' | 'U', temp: number];

/** Oldest first: four readings four hours apart, ending about an hour ago. */
const PATTERNS: Reading[][] = [
  [[16, 98, false, 126, 78, 'A', 36.9], [16, 97, false, 130, 80, 'A', 37.0], [17, 97, false, 128, 84, 'A', 37.2], [18, 96, false, 132, 88, 'A', 37.4]],
  [[20, 96, false, 118, 96, 'A', 37.6], [22, 95, false, 112, 102, 'A', 38.0], [24, 94, true, 108, 108, 'A', 38.2], [26, 93, true, 105, 115, 'A', 38.5]],
  [[14, 98, false, 120, 72, 'A', 36.8], [15, 97, false, 126, 74, 'A', 36.9], [14, 98, false, 122, 70, 'A', 36.7], [14, 98, false, 124, 72, 'A', 36.8]],
  [[18, 96, false, 146, 88, 'A', 37.3], [18, 96, false, 150, 90, 'A', 37.4], [19, 95, false, 144, 92, 'A', 37.6], [20, 95, false, 148, 96, 'A', 37.9]],
];

export async function seedObservations(db: Kysely<DB>, now: Date): Promise<void> {
  const hospitals = await db.selectFrom('organizations').select('id').where('platform', '=', 'healthcare').execute();
  for (const hospital of hospitals) {
    const admitted = await db
      .selectFrom('cases')
      .select(['id', 'assigned_nurse_id', 'case_manager_id', 'admission_date', 'created_at'])
      .where('organization_id', '=', hospital.id)
      .where('status', '=', 'In Progress')
      .where('bed_number', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const rows: Insertable<DB['observations']>[] = [];
    admitted.forEach((kase, i) => {
      // One deteriorating patient (the second admitted); the others settled.
      const settled = [PATTERNS[0]!, PATTERNS[2]!, PATTERNS[3]!];
      const pattern = i === 1 ? PATTERNS[1]! : settled[i % settled.length]!;
      const since = Date.parse(kase.admission_date ?? kase.created_at);
      pattern.forEach(([rr, spo2, onOxygen, systolic, pulse, consciousness, temp], k) => {
        const at = now.getTime() - HOUR_MS * (1 + (i % 3) * 0.5 + (pattern.length - 1 - k) * 4);
        if (at < since) return;
        const score = news2({ respiratoryRate: rr, spo2, onOxygen, systolic, pulse, consciousness, temperatureC: temp });
        const iso = new Date(at).toISOString();
        rows.push({
          id: randomUUID(), organization_id: hospital.id, case_id: kase.id, recorded_at: iso, recorded_by: kase.assigned_nurse_id ?? kase.case_manager_id,
          respiratory_rate: rr, spo2, on_oxygen: onOxygen ? 1 : 0, systolic, pulse, consciousness, temperature_c: temp, news2: score.total, band: score.band, created_at: iso,
        });
      });
    });
    if (rows.length > 0) await db.insertInto('observations').values(rows).execute();
  }
}
