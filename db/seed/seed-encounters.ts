import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import type { TEncounterType, TVitals } from '../../src/shared/domain/encounters';
import { ICD10_STARTER_CODES } from '../../src/shared/icd10-starter';

// Encounters on the hospitals' running cases (issue 22), so the Encounters tab of a Thornhill case
// shows a real record on a fresh demo: a consultation or emergency visit with vitals and ICD-10
// diagnoses from the starter list, then a ward round; one amended, to show an amendment. Placed
// between the case's opening and `now`, by the case's lead doctor, with their timeline lines.

const HOUR_MS = 3_600_000;

interface History {
  /** The kind of case the story belongs on (its case type). */
  caseType: RegExp;
  samples: Sample[];
}

interface Sample {
  type: TEncounterType;
  /** When, as a fraction of the time from the case's opening to now. */
  at: number;
  soap: [string, string, string, string];
  vitals: Partial<TVitals>;
  codes: Array<[string, boolean]>;
}

const HISTORIES: History[] = [
  { caseType: /cardiac/i, samples: [
    { type: 'emergency', at: 0.05, soap: ['Crushing central chest pain for two hours, radiating to the left arm.', 'Diaphoretic. ECG: ST elevation V1–V4.', 'Acute anterior myocardial infarction; known hypertensive.', 'Aspirin, clopidogrel, heparin; to the cath lab.'], vitals: { pulse: 112, systolic: 158, diastolic: 96, respiratoryRate: 22, spo2: 94, temperatureC: 36.9, weightKg: 84 }, codes: [['I21.9', true], ['I10', false]] },
    { type: 'ward-round', at: 0.6, soap: ['No chest pain overnight; slept well.', 'Comfortable, chest clear, groin site clean.', 'Post-PCI, stable.', 'Mobilise; cardiac rehabilitation referral.'], vitals: { pulse: 76, systolic: 126, diastolic: 78, spo2: 97, temperatureC: 36.7 }, codes: [['I21.9', true]] },
  ] },
  { caseType: /pneumonia/i, samples: [
    { type: 'consultation', at: 0.1, soap: ['Cough and fever for four days; short of breath on exertion.', 'Crackles at the right base; CXR right lower lobe consolidation.', 'Community-acquired pneumonia; type 2 diabetes, poorly controlled.', 'Amoxicillin-clavulanate IV; glucose monitoring; review in 48 hours.'], vitals: { pulse: 98, systolic: 132, diastolic: 84, temperatureC: 38.6, respiratoryRate: 24, spo2: 92, weightKg: 71.5 }, codes: [['J18.9', true], ['E11.9', false]] },
  ] },
  { caseType: /maternity/i, samples: [
    { type: 'consultation', at: 0.2, soap: ['Antenatal review at 34 weeks; mild headache.', 'Fundal height appropriate; 1+ protein on dipstick.', 'Pre-eclampsia.', 'Admit; labetalol; bloods and CTG.'], vitals: { pulse: 88, systolic: 152, diastolic: 98, weightKg: 79.2 }, codes: [['O14.9', true], ['Z34.9', false]] },
    { type: 'ward-round', at: 0.7, soap: ['Headache settled.', 'BP controlled; CTG reactive.', 'Pre-eclampsia, stable on treatment.', 'Continue labetalol; daily PCR.'], vitals: { pulse: 82, systolic: 138, diastolic: 88 }, codes: [['O14.9', true]] },
  ] },
  { caseType: /ketoacidosis/i, samples: [
    { type: 'emergency', at: 0.02, soap: ['Vomiting and abdominal pain for a day; thirsty, passing a lot of urine; missed insulin doses.', 'Dry mucosa, Kussmaul breathing; glucose 31 mmol/L, ketones 5.8, pH 7.12.', 'Diabetic ketoacidosis in type 1 diabetes.', 'DKA protocol: fluids, fixed-rate insulin infusion, potassium replacement; ICU.'], vitals: { pulse: 124, systolic: 102, diastolic: 64, temperatureC: 37.2, respiratoryRate: 30, spo2: 97, weightKg: 58 }, codes: [['E10.1', true]] },
    { type: 'ward-round', at: 0.7, soap: ['Eating and drinking; no nausea.', 'Ketones 0.4; potassium 3.1 mmol/L.', 'DKA resolving; hypokalaemia on replacement.', 'Back to subcutaneous insulin; diabetes educator before discharge.'], vitals: { pulse: 88, systolic: 118, diastolic: 74, respiratoryRate: 16, spo2: 98 }, codes: [['E10.1', true]] },
  ] },
];

const description = new Map(ICD10_STARTER_CODES.map((c) => [c.code, c.description]));

/** Each history goes on the first case in progress of its kind, with a lead doctor, of each hospital. */
export async function seedEncounters(db: Kysely<DB>, now: Date): Promise<void> {
  const hospitals = await db.selectFrom('organizations').select('id').where('platform', '=', 'healthcare').execute();
  for (const hospital of hospitals) {
    const cases = await db
      .selectFrom('cases')
      .select(['id', 'assigned_doctor_id', 'created_at', 'admission_date'])
      .where('organization_id', '=', hospital.id)
      .where('assigned_doctor_id', 'is not', null)
      // Admitted and under way: a scheduled case's admission may still be ahead.
      .where('status', '=', 'In Progress')
      .select('case_type')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const [n, history] of HISTORIES.entries()) {
      const kase = cases.find((c) => history.caseType.test(c.case_type));
      if (!kase) continue;
      const from = Date.parse(kase.admission_date ?? kase.created_at);
      const span = Math.max(now.getTime() - from, 6 * HOUR_MS);
      const start = now.getTime() - span;
      let previous: string | null = null;
      for (const [i, s] of history.samples.entries()) {
        const occurredAt = new Date(Math.min(start + span * s.at, now.getTime() - HOUR_MS)).toISOString();
        const id = randomUUID();
        await db
          .insertInto('encounters')
          .values({
            id, organization_id: hospital.id, case_id: kase.id, type: s.type, occurred_at: occurredAt, clinician_id: kase.assigned_doctor_id,
            subjective: s.soap[0], objective: s.soap[1], assessment: s.soap[2], plan: s.soap[3],
            pulse: s.vitals.pulse ?? null, systolic: s.vitals.systolic ?? null, diastolic: s.vitals.diastolic ?? null,
            temperature_c: s.vitals.temperatureC ?? null, respiratory_rate: s.vitals.respiratoryRate ?? null, spo2: s.vitals.spo2 ?? null,
            weight_kg: s.vitals.weightKg ?? null, amends_id: null, created_at: occurredAt,
          })
          .execute();
        await db
          .insertInto('encounter_diagnoses')
          .values(s.codes.map(([code, primary], position) => ({ encounter_id: id, organization_id: hospital.id, code, description: description.get(code) ?? code, is_primary: primary ? 1 : 0, position })))
          .execute();
        await db
          .insertInto('case_events')
          .values({
            id: randomUUID(), organization_id: hospital.id, case_id: kase.id, at: occurredAt, actor_id: kase.assigned_doctor_id,
            kind: 'encounter.recorded', summary: `${s.type} recorded (${s.codes[0]![0]})`, details: JSON.stringify({ encounterId: id, type: s.type, codes: s.codes.map(([c]) => c) }),
          })
          .execute();
        if (n === 0 && i === 0) previous = id;
      }
      // The first history's emergency visit was amended: the coding corrected a little later.
      if (previous) {
        const original = await db.selectFrom('encounters').selectAll().where('id', '=', previous).executeTakeFirstOrThrow();
        const id = randomUUID();
        const at = new Date(Date.parse(original.occurred_at) + HOUR_MS / 2).toISOString();
        await db.insertInto('encounters').values({ ...original, id, amends_id: previous, created_at: at, objective: `${original.objective} Troponin I 1 280 ng/L.` }).execute();
        const codes: Array<[string, boolean]> = [['I21.9', true], ['I10', false], ['E78.5', false]];
        await db
          .insertInto('encounter_diagnoses')
          .values(codes.map(([code, primary], position) => ({ encounter_id: id, organization_id: hospital.id, code, description: description.get(code) ?? code, is_primary: primary ? 1 : 0, position })))
          .execute();
        await db
          .insertInto('case_events')
          .values({ id: randomUUID(), organization_id: hospital.id, case_id: kase.id, at, actor_id: original.clinician_id, kind: 'encounter.amended', summary: 'Emergency amended (I21.9)', details: JSON.stringify({ encounterId: id, amendsId: previous }) })
          .execute();
      }
    }
  }
}
